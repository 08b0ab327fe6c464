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
}
