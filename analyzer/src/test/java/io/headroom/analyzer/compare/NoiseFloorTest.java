package io.headroom.analyzer.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.LimitGroup;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Significance as issue 46 asks: with one run a side a change must exceed the noise floor
 * whatever its p-value; with several runs a side the runs decide; the limit moved when the
 * limiting members changed, not only the class.
 */
class NoiseFloorTest {
  private static Comparison.PhaseComparison one(RunComparer.Input a, RunComparer.Input b, NoiseFloor floor) {
    return RunComparer.compare(List.of(a), List.of(b), floor).phases().get(0);
  }

  @Test
  void oneRunASideAChangeAtTheFloorIsWithinNoiseJustAboveItIsNot() {
    // every second of B 3.5% above A's: 55 settled seconds a side, all of A below all of B, so
    // the per-second test gives p near 1e-20 (RunComparerTest works the same case through)
    Comparison.PhaseComparison at = one(Runs.constant("a", 1000e6), Runs.constant("b", 1035e6), NoiseFloor.defaults());
    assertEquals(1.035, at.change(), 1e-12);
    assertTrue(at.pValue() < 1e-15, "p " + at.pValue());
    assertFalse(at.significant(), "3.5% is within the 3.5% floor whatever p says");
    assertFalse(at.metrics().iops().significant());
    assertEquals(new Comparison.Noise("noise_floor", 0.035, "default", 1, 1, null, null, true,
        // the floor as two sd of a rerun: 2 x 7.84888 x 0.0175^2 / 0.035^2 = 3.92, so 4 runs a side
        4), at.noise());
    assertTrue(at.explanation().get(0).startsWith("p ~ (+3.5% within the 3.5% noise floor, p="), at.explanation().get(0));
    assertEquals("one run a side: a change is beyond the 3.5% run-to-run noise floor (the default; --noise-floor "
        + "sets it) with p < 0.05 by Mann-Whitney over the per-second samples",
        ComparisonText.basis(RunComparer.compare(List.of(Runs.constant("a", 1000e6)), List.of(Runs.constant("b", 1035e6)),
            NoiseFloor.defaults())));

    Comparison.PhaseComparison above = one(Runs.constant("a", 1000e6), Runs.constant("b", 1035.1e6), NoiseFloor.defaults());
    assertTrue(above.significant(), "3.51% is beyond it");
    assertNull(above.noise().runsNeeded());
    assertFalse(above.noise().withinNoise());
    Comparison.PhaseComparison below = one(Runs.constant("a", 1000e6), Runs.constant("b", 964.9e6), NoiseFloor.defaults());
    assertTrue(below.significant(), "-3.51% too");
    Comparison.PhaseComparison belowAt = one(Runs.constant("a", 1000e6), Runs.constant("b", 965e6), NoiseFloor.defaults());
    assertFalse(belowAt.significant(), "-3.5% is within");
  }

  @Test
  void theIssuesFirmwareUpgradeIsWithinNoiseAndSaysHowManyRunsWouldTell() {
    // +0.9%: 2 x 7.84888 x 0.0175^2 / 0.009^2 = 59.4, 60 runs a side
    Comparison.PhaseComparison fw = one(Runs.constant("a", 1000e6), Runs.constant("b", 1009e6), NoiseFloor.defaults());
    assertTrue(fw.pValue() < 1e-15, "every second of B above every second of A: p " + fw.pValue());
    assertFalse(fw.significant(), "the per-second test alone never decides");
    assertEquals(60, fw.noise().runsNeeded());
  }

  @Test
  void aFloorFromTheCommandIsUsedAndNamed() {
    NoiseFloor one = new NoiseFloor(0.01, "command");
    Comparison.PhaseComparison c = one(Runs.constant("a", 1000e6), Runs.constant("b", 1020e6), one);
    assertTrue(c.significant(), "+2% beyond a 1% floor");
    assertEquals("command", c.noise().floorFrom());
    assertEquals(0.01, c.noise().floor());
    assertEquals("1%", one.percent());
    assertEquals("2.5%", new NoiseFloor(0.025, "testbed").percent());
    assertThrows(IllegalArgumentException.class, () -> new NoiseFloor(-0.01, "command"));
    assertThrows(IllegalArgumentException.class, () -> new NoiseFloor(1.0, "command"));
  }

  /** Runs prefix1, prefix2, ... reading the given levels every second. */
  private static List<RunComparer.Input> runs(String prefix, double... levels) {
    return java.util.stream.IntStream.range(0, levels.length).mapToObj(i -> Runs.constant(prefix + (i + 1), levels[i]))
        .toList();
  }

  @Test
  void severalRunsASideAreTestedAcrossRunsAndCanResolveAChangeInsideTheFloor() {
    // A 999, 1000, 1001; B 1019, 1020, 1021: +2%, inside the floor, but the runs agree:
    // Welch t = 20 / sqrt(1/3 + 1/3) = 24.49 on 4 df, p = 1.65e-5 (scipy's ttest_ind agrees)
    Comparison c = RunComparer.compare(runs("a", 999, 1000, 1001), runs("b", 1019, 1020, 1021), NoiseFloor.defaults());
    Comparison.PhaseComparison p = c.phases().get(0);
    assertEquals(1.02, p.change(), 1e-12);
    assertEquals(1.6483089e-5, p.pValue(), 1e-11);
    assertTrue(p.significant());
    assertEquals("runs", p.noise().basis(), "+2% is inside the floor: the runs decided");
    assertEquals(3, p.noise().runsA());
    // sd 1 over the mean 1000
    assertEquals(0.001, p.noise().spreadA(), 1e-12);
    assertEquals(List.of("a1", "a2", "a3"), c.a().runs());
    assertEquals(1020.0, p.b().throughputBytesPerS(), 1e-9, "the side's figure: the mean of its runs");
    assertEquals("each run one observation: a change is p < 0.05 by Welch's t-test on the run means",
        ComparisonText.basis(c));
  }

  @Test
  void aRunGivenTwiceOnASideIsRefused() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> RunComparer.compare(List.of(Runs.constant("a", 1000), Runs.constant("a", 1000)),
            List.of(Runs.constant("b", 1000)), NoiseFloor.defaults()));
    assertEquals("run a is given twice for A: each run is one observation, so give each once", e.getMessage());
  }

  @Test
  void severalRunsOnOneSideOnlyFallBackToTheFloor() {
    // A 999, 1000, 1001 against one B at 1020: +2%, inside the floor, and B has no spread to test
    Comparison.PhaseComparison p = RunComparer.compare(runs("a", 999, 1000, 1001), runs("b", 1020),
        NoiseFloor.defaults()).phases().get(0);
    assertEquals("noise_floor", p.noise().basis());
    assertEquals(3, p.noise().runsA());
    assertEquals(1, p.noise().runsB());
    assertFalse(p.significant());
    // 1040: +4%, beyond it, and every pooled second of A below every second of B
    assertTrue(RunComparer.compare(runs("a", 999, 1000, 1001), runs("b", 1040), NoiseFloor.defaults())
        .phases().get(0).significant());
  }

  @Test
  void severalRunsThatScatterLeaveAChangeWithinNoiseWithTheRunsThatWouldTell() {
    // A 990, 1000, 1010; B 1010, 1020, 1030: t = 20 / sqrt(100/3 + 100/3) = 2.449 on 4 df,
    // p = 1 - (3/4) u (1 - u^2/12), u^2 = 6 / 2.5 = 2.4: 1 - 0.75 x 1.5492 x 0.8 = 0.0705
    Comparison.PhaseComparison p = RunComparer.compare(runs("a", 990, 1000, 1010), runs("b", 1010, 1020, 1030),
        NoiseFloor.defaults()).phases().get(0);
    assertEquals(1 - 0.75 * Math.sqrt(2.4) * 0.8, p.pValue(), 1e-9);
    assertFalse(p.significant());
    assertTrue(p.noise().withinNoise());
    // spreads 10/1000 and 10/1020; pooled sqrt((1e-4 + 9.612e-5) / 2) = 0.009903;
    // 2 x 7.84888 x 0.009903^2 / 0.02^2 = 3.85: 4 runs a side
    assertEquals(4, p.noise().runsNeeded());
  }

  @Test
  void runsThatMovedNothingOnOneSideHaveNoSpreadAndNoCount() {
    // A's runs scatter wildly (1, 1000, 1999: mean 1000, sd 999), B's moved nothing: Welch's
    // t = 1000 / (999 / sqrt 3) = 1.73 on 2 df, p = 1 - 1.73 / sqrt(2 + 3) = 0.23, within noise.
    // B's relative spread (sd over a mean of 0) is undefined, so no runs can be counted
    Comparison.PhaseComparison p = RunComparer.compare(runs("a", 1, 1000, 1999), runs("b", 0, 0),
        NoiseFloor.defaults()).phases().get(0);
    assertEquals(0.0, p.change(), 1e-12);
    assertFalse(p.significant(), "p " + p.pValue());
    assertTrue(p.noise().withinNoise());
    assertNull(p.noise().spreadB(), "runs that moved nothing have no relative spread");
    assertNull(p.noise().runsNeeded());
  }

  @Test
  void theSameClassWithOtherMembersAtTheCeilingIsAMovedLimit() {
    // one fabric's ports in one group: the host's two full in A, the array's two full in B
    LimitGroup hostFull = new LimitGroup("fc ports on the path", 2, List.of("host/p1", "host/p2", "array/p1", "array/p2"));
    LimitGroup arrayFull = new LimitGroup("fc ports on the path", 2, List.of("array/p1", "array/p2", "host/p1", "host/p2"));
    double[] flat = new double[Runs.SECONDS];
    Arrays.fill(flat, 1000e6);
    double[] faster = new double[Runs.SECONDS];
    Arrays.fill(faster, 1200e6);
    Comparison.PhaseComparison ports = one(
        Runs.limited("a", flat, Bottleneck.NETWORK, "host/p1", hostFull),
        Runs.limited("b", faster, Bottleneck.NETWORK, "array/p1", arrayFull), NoiseFloor.defaults());
    assertTrue(ports.limitMoved(), "host ports, then array ports: both NETWORK, another resource");

    // one of the full members leads on each side: the same limit
    LimitGroup bothFull = new LimitGroup("fc ports on the path", 4, List.of("array/p1", "array/p2", "host/p1", "host/p2"));
    Comparison.PhaseComparison same = one(
        Runs.limited("a", flat, Bottleneck.NETWORK, "host/p1", hostFull),
        Runs.limited("b", flat, Bottleneck.NETWORK, "array/p1", bothFull), NoiseFloor.defaults());
    assertFalse(same.limitMoved(), "host/p1 is at its ceiling on both sides");

    // one node alone at its ceiling in A, the other alone in B: another resource limits
    LimitGroup aLeads = new LimitGroup("array nodes on the path", 1, List.of("node-a", "node-b"));
    LimitGroup bLeads = new LimitGroup("array nodes on the path", 1, List.of("node-b", "node-a"));
    assertTrue(one(Runs.limited("a", flat, Bottleneck.ARRAY_CPU, "node-a", aLeads),
        Runs.limited("b", flat, Bottleneck.ARRAY_CPU, "node-b", bLeads), NoiseFloor.defaults()).limitMoved());
  }
}
