package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.headroom.analyzer.detect.Knee.Result;
import io.headroom.analyzer.detect.Knee.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Knee} on sweeps worked out by hand: x = log2(outstanding) and y = throughput are both
 * scaled to 0..1, and the knee is the step whose y - x is largest and above zero.
 */
class KneeSweepArithmeticTest {
  private static Step step(double outstanding, double throughput) {
    return new Step("q" + (int) outstanding, outstanding, throughput);
  }

  @Test
  void theKneeIsTheStepFurthestAboveTheDiagonalWhateverOrderTheStepsCameIn() {
    // x: log2 1, 2, 4, 8 = 0, 1, 2, 3 -> 0, 1/3, 2/3, 1; y: 100, 600, 950, 1000 -> 0, 5/9, 17/18, 1
    // y - x: 0, 0.222, 0.278, 0: the knee is q4; after it 1000 / 950 - 1 = 0.0526 more
    Result r = Knee.find(List.of(step(8, 1000), step(2, 600), step(1, 100), step(4, 950)));
    assertEquals("q4", r.knee().name());
    assertEquals(1000.0 / 950 - 1, r.gainAfter(), 1e-12);
  }

  @Test
  void threeStepsAreEnough() {
    // x: 0, 1/2, 1; y: 100, 900, 1000 -> 0, 8/9, 1; y - x at q2: 0.389
    Result r = Knee.find(List.of(step(1, 100), step(2, 900), step(4, 1000)));
    assertEquals("q2", r.knee().name());
    assertEquals(1000.0 / 900 - 1, r.gainAfter(), 1e-12);
  }

  @Test
  void aStepWithNothingOutstandingIsLeftOut() {
    // the same sweep as above with a step at 0 outstanding (log2 0 = -infinity) and one not finite
    Result r = Knee.find(List.of(step(0, 50), step(1, 100), step(2, 900), step(4, 1000), new Step("bad", 8, Double.NaN)));
    assertEquals("q2", r.knee().name());
  }

  @Test
  void aSweepNeverAboveItsDiagonalHasNoKnee() {
    // y - x: 0 at both ends, 10/900 - 1/2 < 0 in between: nothing above zero
    assertNull(Knee.find(List.of(step(1, 100), step(2, 110), step(4, 1000))));
    assertNull(Knee.find(List.of(step(1, 100), step(4, 1000))), "two steps");
    assertNull(Knee.find(List.of(step(4, 100), step(4, 500), step(4, 1000))), "one concurrency");
    assertNull(Knee.find(List.of(step(1, 500), step(2, 500), step(4, 500))), "flat");
  }

  @Test
  void aWindowsStepIsItsWorkloadsOutstandingIoAndMeanThroughput() {
    Bed bed = new Bed()
        .workload("w1", 4, 8, 1000, 0.001)   // 4 x 8 = 32 outstanding, 1,000 IOPS
        .workload("w2", 2, 8, 500, 0.001);   // 2 x 8 = 16, 500 IOPS
    bed.constant("w1", "read_bytes_per_s", 4e6);
    Step s = Knee.stepOf(bed.ctx(), false);
    assertEquals(new Step("p1", 48, 1500), s); // 32 + 16; 1,000 + 500 each second
    assertEquals(new Step("p1", 48, 4e6), Knee.stepOf(bed.ctx(), true));
  }

  @Test
  void aWindowWithoutConcurrencyOrThroughputIsNoStep() {
    Bed noDepth = new Bed().entity("w1", "workload").constant("w1", "read_iops", 1000);
    assertNull(Knee.stepOf(noDepth.ctx(), false), "outstanding unknown");
    Bed noJobs = new Bed().workload("w1", 0, 8, 1000, 0.001);
    assertNull(Knee.stepOf(noJobs.ctx(), false), "0 x 8 = nothing outstanding");
    Bed noIops = new Bed().workload("w1", 4, 8, 1000, 0.001);
    assertNull(Knee.stepOf(noIops.ctx(), true), "no bytes read in the window");
  }
}
