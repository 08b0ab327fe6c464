package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class KneeTest {
  @Test
  void kneeIsTheStepFurthestAboveTheDiagonalInLog2() {
    Knee.Result r = Knee.find(List.of(
        new Knee.Step("1T/16Q", 16, 200_000),
        new Knee.Step("1T/32Q", 32, 400_000),
        new Knee.Step("2T/32Q", 64, 700_000),
        new Knee.Step("4T/32Q", 128, 950_000),
        new Knee.Step("8T/32Q", 256, 1_000_000),
        new Knee.Step("16T/32Q", 512, 1_010_000)));
    // normalised: x 0, .2, .4, .6, .8, 1; y 0, .247, .617, .926, .988, 1; max y-x at 128
    assertEquals("4T/32Q", r.knee().name());
    assertEquals(1_010_000 / 950_000.0 - 1, r.gainAfter(), 1e-12);
    assertEquals("knee of the concurrency sweep at 4T/32Q (128 outstanding I/O, 950,000 IOPS):"
        + " later steps add 6%", r.describe("iops"));
  }

  @Test
  void throughputScalingWithLogConcurrencyHasNoKnee() {
    assertNull(Knee.find(List.of(
        new Knee.Step("a", 2, 100), new Knee.Step("b", 4, 200), new Knee.Step("c", 8, 300))));
  }

  @Test
  void fewerThanThreeStepsHaveNoKnee() {
    assertNull(Knee.find(List.of(new Knee.Step("a", 2, 100), new Knee.Step("b", 4, 190))));
  }
}
