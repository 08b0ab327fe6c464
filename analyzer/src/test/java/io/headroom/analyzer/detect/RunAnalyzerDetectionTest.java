package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunAnalyzerDetectionTest {
  /** Two phases: 90 s with the card's link full, then 30 s at a quarter of it. */
  private static RunData run() {
    RunData d = new RunData();
    d.accept(new Run("r1", "lab", 0, 120.0, Map.of("numjobs", 8, "iodepth", 32)));
    d.accept(new Phase("r1", "8T/32Q", 0, 90.0));
    d.accept(new Phase("r1", "1T/8Q", 90, 120.0));
    d.accept(Entity.of("w1", "workload"));
    d.accept(Entity.of("h1/disk/raid5", "disk"));
    d.accept(new Entity("h1/pcie/gpu", "pcie_link", null, Map.of(), Map.of("bytes_per_s", 1.575e10)));
    d.accept(new Relation("w1", "targets", "h1/disk/raid5"));
    d.accept(new Relation("h1/disk/raid5", "behind", "h1/pcie/gpu"));
    for (int t = 0; t < 120; t++) {
      boolean busy = t < 90;
      d.addSample(t, "w1", "write_iops", busy ? 975_000 : 250_000);
      d.addSample(t, "w1", "write_latency_s", busy ? 0.00026 : 0.00003);
      d.addSample(t, "h1/pcie/gpu", "write_bytes_per_s", busy ? 13.6e9 : 3.4e9);
    }
    return d;
  }

  @Test
  void eachPhaseGetsItsVerdictAndTheRunTakesTheLongestLimit() {
    Verdict v = new RunAnalyzer().analyze(run(), "r1");
    PhaseVerdict busy = v.phases().get(0);
    PhaseVerdict calm = v.phases().get(1);
    assertEquals(List.of("8T/32Q", Bottleneck.PCIE, "h1/pcie/gpu", 0.92),
        List.of(busy.name(), busy.bottleneck(), busy.entity(), busy.confidence()));
    // 1 x 8 outstanding, all in flight: the configured depth capped it
    assertEquals(List.of("1T/8Q", Bottleneck.NONE, 0.95, "configured_cap"),
        List.of(calm.name(), calm.bottleneck(), calm.confidence(), calm.reason()));
    // Each phase carries its own evidence and its own headroom: the calm phase's link at
    // 3.4 / 15.75 = 21.6% of line rate, / 0.87 = 24.8% of practical
    assertEquals("h1/pcie/gpu host-to-device p95 13.6 GB/s = 86% of 15.75 GB/s (99% of the practical 87%"
        + " of line rate)", busy.evidence().get(0));
    assertEquals(new HeadroomEntry("h1/pcie/gpu", "pcie_link", 0.2481, 0.2159, "host-to-device", true),
        calm.headroom().get(0));
    assertEquals(Bottleneck.PCIE, v.bottleneck());
    assertEquals("h1/pcie/gpu", v.entity());
    // 0.92 x (0.5 + 0.5 x 90/120)
    assertEquals(0.81, v.confidence(), 1e-9);
    assertEquals("PCIE limited 1 of 2 phases (75% of the run's phase time); other phases: 1T/8Q:"
        + " NONE", v.evidence().get(0));
    assertEquals("[8T/32Q] h1/pcie/gpu host-to-device p95 13.6 GB/s = 86% of 15.75 GB/s (99% of"
        + " the practical 87% of line rate)", v.evidence().get(1));
    // The run's row is the link's tightest phase: 13.6 / 15.75 = 0.8635 of line rate, / 0.87 =
    // 0.9925 of the practical ceiling the rule judged it by
    assertEquals(new HeadroomEntry("h1/pcie/gpu", "pcie_link", 0.9925, 0.8635, "host-to-device", true),
        v.headroom().get(0));
  }
}
