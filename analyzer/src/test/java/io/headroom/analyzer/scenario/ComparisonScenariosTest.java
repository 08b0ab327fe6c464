package io.headroom.analyzer.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.RunComparer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The comparisons of studies S4 and S5 on the recordings the scenario generator writes: each
 * study's other side (S4's drives read directly, S5's array before its firmware upgrade) against
 * the study's recording, and a no-op pair that differs only in its noise.
 */
class ComparisonScenariosTest {
  private static Comparison compare(String a, String b) {
    StudyRecordings ra = new StudyRecordings(a);
    StudyRecordings rb = new StudyRecordings(b);
    return RunComparer.compare(ra.data, ra.verdict, rb.data, rb.verdict);
  }

  private static Comparison.PhaseComparison phase(Comparison c, String name) {
    return c.phases().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
  }

  /**
   * A ratio of two phase means, each of 55 readings with 2% noise: each mean's standard error is
   * 2% / sqrt(55) = 0.27%, the ratio's sqrt(2) x 0.27% = 0.38%; within 3 of them of the inputs' ratio.
   */
  private static void assertRatio(double expected, double printed, String what) {
    FromInputs.assertNear(expected, expected * 3 * Math.sqrt(2) * 0.02 / Math.sqrt(FromInputs.N60), printed, what);
  }

  @Test
  void s4TheDrivesReadDirectlyAgainstThroughThePercLink() {
    Comparison c = compare("s4-r760-direct.jsonl", "s4-r760-nvme-perc.jsonl");
    Comparison.PhaseComparison seq = phase(c, "direct-seqread");
    assertEquals("perc1-seqread", seq.bName(), "the same fio job (16 x 32, 128 KiB reads) under another name");
    assertEquals("parameters", seq.matchedBy());
    // 28.1 GB/s through the PERC against 8 x 5.2 = 41.6 GB/s from the drives: 0.675
    assertRatio(28.1e9 / (8 * S4R760.DIRECT_DRIVE_READ), seq.change(), "seq read B/A");
    // every second of A above every second of B (55 + 55): z = 1512 / 167.28 = 9.04, p about 1.6e-19
    assertTrue(seq.significant() && seq.pValue() < 1e-15, "p " + seq.pValue());
    assertEquals(Bottleneck.NONE, seq.a().bottleneck());
    assertEquals(Bottleneck.PCIE, seq.b().bottleneck());
    assertEquals(S4R760.PERC0, seq.b().entity());
    assertTrue(seq.limitMoved());
    String line = seq.explanation().get(0);
    assertTrue(line.startsWith("direct-seqread -32%: the limit moved from NONE (the workload at "), line);
    // the link's p95 against its 31.5 GB/s: 28.1 GB/s with 0.8% noise
    double gbs = FromInputs.number(line, "to PCIE on \\S+ \\(device-to-host ([0-9.]+) GB/s");
    FromInputs.assertP95(28.1, 0.008, FromInputs.N60, gbs, 0.01, "PERC link");
    FromInputs.assertPercent(gbs, 31.5, FromInputs.group(line, "GB/s = (\\d+%) of 31.5 GB/s"));
    assertEquals(List.of(), c.unmatched().a());
    assertEquals(List.of("perc1-seqwrite", "perc2-oltp-10M"), c.unmatched().b());
  }

  @Test
  void s4TheUntunedPhaseIsTheSameSetupAndComesOutAsNoise() {
    Comparison.PhaseComparison numa = phase(compare("s4-r760-direct.jsonl", "s4-r760-nvme-perc.jsonl"),
        "direct-randwrite-untuned");
    assertEquals("name", numa.matchedBy());
    assertFalse(numa.significant(), "p " + numa.pValue());
    assertFalse(numa.limitMoved());
    assertEquals(Bottleneck.NUMA, numa.b().bottleneck());
  }

  @Test
  void s5TheUpgradeLiftsTheReadHeavyPatternsAndLeavesTheWriteHeavyOne() {
    Comparison c = compare("s5-powerstore-before.jsonl", "s5-powerstore-upgrade.jsonl");
    Comparison.PhaseComparison read100 = phase(c, "4k-rand-read100");
    Comparison.PhaseComparison read50 = phase(c, "4k-rand-read50");
    Comparison.PhaseComparison read25 = phase(c, "8k-rand-read25");
    // 150,000 / 130,435 and 118,000 / 102,609 IOPS: 1.15 each, of the same block size
    assertRatio(150_000.0 / 130_435, read100.change(), "read100");
    assertRatio(118_000.0 / 102_609, read50.change(), "read50");
    assertTrue(read100.significant() && read50.significant());
    // the old firmware held the nodes at 93%: the array CPU; after, at 78%: nothing full
    assertEquals(Bottleneck.ARRAY_CPU, read100.a().bottleneck());
    assertEquals(Bottleneck.NONE, read100.b().bottleneck());
    assertTrue(read100.limitMoved());
    assertEquals(Bottleneck.ARRAY_CPU, read50.b().bottleneck());
    assertFalse(read50.limitMoved(), "the array CPU on both sides");
    // the write-heavy pattern has the same levels on both sides
    assertFalse(read25.significant(), "p " + read25.pValue());
    assertFalse(read25.limitMoved());
    assertTrue(c.summary().startsWith("s5 vs s5-before: read-heavy phase +15% (the limit moved: ARRAY_CPU -> NONE), "
        + "mixed phase +15% (ARRAY_CPU still the limit, "), c.summary());
    assertTrue(c.summary().contains("write-heavy phase unchanged (~) (ARRAY_CPU still the limit"), c.summary());
    assertEquals(List.of(), c.unmatched().a());
    assertEquals(List.of(), c.unmatched().b());
  }

  @Test
  void aRerunWithOtherNoiseChangesNothing() {
    // The upgraded array's patterns again with another seed (fixed: any seed has a 5% chance per
    // figure of a false change; MannWhitneyTest shows the rate is alpha over 400 noise pairs).
    RunData rerun = new RunData();
    S5PowerStore.rerun(5006).records().forEach(rerun::accept);
    Verdict rerunVerdict = new RunAnalyzer().analyze(rerun, "s5-rerun");
    StudyRecordings upgraded = new StudyRecordings("s5-powerstore-upgrade.jsonl");
    Comparison c = RunComparer.compare(upgraded.data, upgraded.verdict, rerun, rerunVerdict);
    assertEquals(3, c.phases().size());
    for (Comparison.PhaseComparison p : c.phases()) {
      assertFalse(p.significant(), p.name() + " p " + p.pValue());
      assertFalse(p.metrics().iops().significant(), p.name() + " IOPS p " + p.metrics().iops().pValue());
      assertFalse(p.limitMoved(), p.name() + ": " + p.explanation());
      assertTrue(p.explanation().get(0).startsWith(p.name() + " ~ (p="), p.explanation().get(0));
    }
    assertEquals("s5-rerun vs s5: read-heavy phase unchanged (~) (nothing at its ceiling), "
        + "mixed phase unchanged (~) (ARRAY_CPU still the limit, s5/ps1200t/node-a now at 95% of its practical ceiling), "
        + "write-heavy phase unchanged (~) (ARRAY_CPU still the limit, s5/ps1200t/node-a now at 96% of its practical ceiling)",
        c.summary());
  }
}
