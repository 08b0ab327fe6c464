package io.headroom.analyzer.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link RunAnalyzer} over a run of three phases named as the studies name a concurrency sweep
 * ("threads T / queue depth Q"): the verdict is named after the run, and the
 * sweep's knee is found across the phases. Throughput per phase: 100, 900 and 1,000 IOPS at 1, 2
 * and 4 outstanding I/Os; over log2 of the concurrency the knee is at 2 (y - x = 8/9 - 1/2), and the
 * last step adds 1,000 / 900 - 1 = 11%.
 */
class RunSweepVerdictTest {
  private static RunData sweep() {
    RunData d = new RunData();
    d.accept(new Run("r1", "lab", 0, 180.0, Map.of()));
    d.accept(Entity.of("w1", "workload"));
    String[] names = {"1T/1Q", "1T/2Q", "1T/4Q"};
    double[] iops = {100, 900, 1000};
    for (int p = 0; p < 3; p++) {
      d.accept(new Phase("r1", names[p], 60 * p, 60.0 * (p + 1)));
      for (int t = 60 * p; t < 60 * (p + 1); t++) {
        d.addSample(t, "w1", "read_iops", iops[p]);
      }
    }
    return d;
  }

  @Test
  void theKneeOfTheSweepIsInTheRunsEvidence() {
    Verdict v = new RunAnalyzer().analyze(sweep(), "r1");
    assertEquals("r1", v.run());
    assertEquals(3, v.phases().size());
    assertTrue(v.evidence().contains(
        "knee of the concurrency sweep at 1T/2Q (2 outstanding I/O, 900 IOPS): later steps add 11%"), v.evidence().toString());
  }

  @Test
  void withoutARunTheDataIsJudgedAsOneWindowWithNoSweep() {
    Verdict v = new RunAnalyzer().analyze(sweep(), null);
    assertEquals(null, v.run());
    assertEquals(0, v.phases().size());
    assertTrue(v.evidence().stream().noneMatch(e -> e.startsWith("knee")), "one window is no sweep");
  }

  /**
   * A disk full for 100 s, then a port full for 30 s: the run's limit is the disk, by time. Each
   * phase's pressure: disk 1,000 of 1,000 IOPS = 1.0 (the port at 1e8 of 1e9 x 0.95 = 0.11), then
   * the port at 1e9 / (1e9 x 0.95) = 1.05 (the disk at 0.1).
   */
  @Test
  void theRunsLimitIsThePhaseLimitThatHeldLongest() {
    RunData d = new RunData();
    d.accept(new Run("r1", "lab", 0, 130.0, Map.of()));
    d.accept(new Entity("w1", "workload", "w1", Map.of("numjobs", 4, "iodepth", 8), Map.of()));
    d.accept(new Entity("sda", "disk", "sda", Map.of(), Map.of("iops", 1000.0)));
    d.accept(new Entity("sw/p1", "net_port", "sw/p1", Map.of("fabric", "ethernet"), Map.of("bytes_per_s", 1e9)));
    d.accept(new io.headroom.model.Relation("w1", "targets", "sda"));
    d.accept(new io.headroom.model.Relation("w1", "via", "sw/p1"));
    d.accept(new Phase("r1", "disk-bound", 0, 100.0));
    d.accept(new Phase("r1", "port-bound", 100, 130.0));
    for (int t = 0; t < 130; t++) {
      boolean first = t < 100;
      d.addSample(t, "w1", "read_iops", first ? 1000 : 100);
      d.addSample(t, "sda", "read_iops", first ? 1000 : 100);
      d.addSample(t, "sw/p1", "tx_bytes_per_s", first ? 1e8 : 1e9);
    }
    Verdict v = new RunAnalyzer().analyze(d, "r1");
    assertEquals(io.headroom.model.Bottleneck.DISK, v.phases().get(0).bottleneck(), v.toString());
    assertEquals(io.headroom.model.Bottleneck.NETWORK, v.phases().get(1).bottleneck(), v.toString());
    assertEquals(io.headroom.model.Bottleneck.DISK, v.bottleneck(), "100 s against 30 s");
  }

  @Test
  void aRunAndAPhaseStillOpenAreJudged() {
    RunData d = sweep();
    d.accept(new Run("r2", "lab", 0, null, Map.of()));
    d.accept(new Phase("r2", "1T/1Q", 0, 60.0));
    d.accept(new Phase("r2", "1T/2Q", 60, null));
    Verdict v = new RunAnalyzer().analyze(d, "r2");
    assertEquals("r2", v.run());
    assertEquals(2, v.phases().size());
  }
}
