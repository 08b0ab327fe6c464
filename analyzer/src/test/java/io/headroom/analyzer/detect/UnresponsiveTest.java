package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A reading that does not move with load is not load (Unresponsive): a poll-mode target's node
 * reads util 1.00 in three phases of 4 KiB random reads moving 10,000, 40,000 and 100,000 IOPS.
 */
class UnresponsiveTest {
  static final double[] IOPS = {10_000, 40_000, 100_000};
  static final int SECONDS = 30;

  @Test
  void aNodeFullAtEveryLoadIsNoLimit() {
    Verdict v = analyze(1.00, 1.00, 1.00);
    for (PhaseVerdict p : v.phases()) {
      assertEquals(Bottleneck.NONE, p.bottleneck(), p.name() + ": " + p.evidence());
      // 100,000 / 10,000 = 10x
      assertTrue(p.evidence().contains("a reading that does not move with load is not load: t/arr/node-a util p95"
          + " 1.00 to 1.00 in 3 phases of the same I/O whose throughput ranged 10x (10,000 IOPS to 100,000 IOPS);"
          + " its cores read full at any load (a poll-mode target), so it is no candidate"), p.evidence().toString());
    }
  }

  /** Moving by more than FLAT_SPREAD (0.05) is a reading that responds: 0.94 to 1.00 is 0.06; 0.96 to 1.00, 0.04, is flat. */
  @Test
  void aNodeWhoseReadingMovesIsStillJudged() {
    Verdict v = analyze(0.94, 0.97, 1.00);
    assertEquals(Bottleneck.ARRAY_CPU, v.phases().get(2).bottleneck(), v.phases().get(2).evidence().toString());
    Verdict flat = analyze(0.96, 0.98, 1.00);
    assertEquals(Bottleneck.NONE, flat.phases().get(2).bottleneck(), flat.phases().get(2).evidence().toString());
  }

  static Verdict analyze(double... nodeUtil) {
    RunData data = new RunData();
    data.accept(new Run("r", "t", 0, (double) IOPS.length * SECONDS, Map.of("tool", "fio")));
    data.accept(Entity.of("t/arr/node-a", "array_cpu"));
    data.accept(new Entity("t/arr/vol1", "disk", "vol1", Map.of(), Map.of()));
    data.accept(new Entity("t/fio", "workload", "fio", Map.of("numjobs", 1), Map.of()));
    data.accept(new Relation("t/fio", "targets", "t/arr/vol1"));
    data.accept(new Relation("t/arr/vol1", "served_by", "t/arr/node-a"));
    for (int i = 0; i < IOPS.length; i++) {
      double start = i * SECONDS;
      data.accept(new Phase("r", "p" + i, start, start + SECONDS));
      // Little: depth = IOPS x 100 us, so the queues are full at every step
      double depth = IOPS[i] * 100e-6;
      for (int s = 1; s <= SECONDS; s++) {
        double ts = start + s;
        data.addSample(ts, "t/fio", "iodepth", depth);
        data.addSample(ts, "t/fio", "read_iops", IOPS[i]);
        data.addSample(ts, "t/fio", "read_bytes_per_s", IOPS[i] * 4096);
        data.addSample(ts, "t/fio", "read_latency_s", 100e-6);
        data.addSample(ts, "t/arr/node-a", "util", nodeUtil[i]);
      }
    }
    return new RunAnalyzer().analyze(data, "r");
  }

  /**
   * One phase is no change of load, but the reading before the run (Idle, `headroom run
   * --baseline`) is: no workload at all. A node at util 1.00 for the 10 s before the run and 1.00 in
   * the run's one phase of 100,000 IOPS reads the same at no load and at full load.
   */
  @Test
  void aNodeFullBeforeTheRunAsInItsOnePhaseIsNoLimit() {
    PhaseVerdict p = analyzeAfterIdle(1.00, 1.00);
    assertEquals(Bottleneck.NONE, p.bottleneck(), p.evidence().toString());
    assertTrue(p.evidence().contains("a reading that does not move with load is not load: t/arr/node-a util p95 1.00"
        + " before the run, with no workload, and 1.00 to 1.00 in the run's 1 phase; its cores read full at any load"
        + " (a poll-mode target), so it is no candidate"), p.evidence().toString());
  }

  /** FLAT_SPREAD again: 0.96 before and 1.00 in the run (0.04) is flat, 0.94 (0.06) moved; idle at 0.30 is a node that works. */
  @Test
  void aNodeWhoseReadingRoseFromBeforeTheRunIsJudged() {
    assertEquals(Bottleneck.NONE, analyzeAfterIdle(0.96, 1.00).bottleneck());
    assertEquals(Bottleneck.ARRAY_CPU, analyzeAfterIdle(0.94, 1.00).bottleneck());
    assertEquals(Bottleneck.ARRAY_CPU, analyzeAfterIdle(0.30, 1.00).bottleneck());
  }

  private static PhaseVerdict analyzeAfterIdle(double before, double during) {
    RunData data = new RunData();
    data.accept(new Run("r", "t", -10, (double) SECONDS, Map.of("tool", "fio")));
    data.accept(Entity.of("t/arr/node-a", "array_cpu"));
    data.accept(new Entity("t/arr/vol1", "disk", "vol1", Map.of(), Map.of()));
    data.accept(new Entity("t/fio", "workload", "fio", Map.of("numjobs", 1), Map.of()));
    data.accept(new Relation("t/fio", "targets", "t/arr/vol1"));
    data.accept(new Relation("t/arr/vol1", "served_by", "t/arr/node-a"));
    data.accept(new Phase("r", "p0", 0, (double) SECONDS));
    for (int s = -9; s <= 0; s++) {
      data.addSample(s, "t/arr/node-a", "util", before);
    }
    for (int s = 1; s <= SECONDS; s++) {
      data.addSample(s, "t/fio", "iodepth", 10);
      data.addSample(s, "t/fio", "read_iops", 100_000);
      data.addSample(s, "t/fio", "read_bytes_per_s", 100_000 * 4096.0);
      data.addSample(s, "t/fio", "read_latency_s", 100e-6);
      data.addSample(s, "t/arr/node-a", "util", during);
    }
    return new RunAnalyzer().analyze(data, "r").phases().get(0);
  }
}
