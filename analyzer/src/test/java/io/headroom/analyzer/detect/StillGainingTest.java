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
 * Saturation is throughput that stays flat while more concurrency only adds latency (StillGaining):
 * a port reading 95% of its practical ceiling at iodepth 8 is no limit when iodepth 32 moved more
 * than 5% more; it is when iodepth 32 moved 5% more or less.
 */
class StillGainingTest {
  /** 10,000 IOPS of 4 KiB at depth 8 over a port of 45.38 MB/s: 40.96 / (45.38 x 0.95) = 95% of practical. */
  static Verdict analyze(double deeperIops) {
    double capacity = 10_000 * 4096 / (0.95 * 0.95);
    RunData data = new RunData();
    data.accept(new Run("r", "t", 0, 60.0, Map.of("tool", "fio")));
    data.accept(new Entity("t/p1", "net_port", "p1", Map.of("fabric", "ethernet"), Map.of("bytes_per_s", capacity)));
    data.accept(new Entity("t/fio", "workload", "fio", Map.of("numjobs", 1), Map.of()));
    data.accept(new Relation("t/fio", "via", "t/p1"));
    double[][] phases = {{8, 10_000}, {32, deeperIops}};
    for (int i = 0; i < 2; i++) {
      data.accept(new Phase("r", "qd" + (int) phases[i][0], 30.0 * i, 30.0 * (i + 1)));
      for (int s = 1; s <= 30; s++) {
        double ts = 30.0 * i + s;
        data.addSample(ts, "t/fio", "iodepth", phases[i][0]);
        data.addSample(ts, "t/fio", "read_iops", phases[i][1]);
        data.addSample(ts, "t/fio", "read_bytes_per_s", phases[i][1] * 4096);
        data.addSample(ts, "t/fio", "read_latency_s", phases[i][0] / phases[i][1]);
        data.addSample(ts, "t/p1", "rx_bytes_per_s", phases[i][1] * 4096);
      }
    }
    return new RunAnalyzer().analyze(data, "r");
  }

  @Test
  void fivePercentMoreForFourTimesTheDepthIsFlatAndMoreIsAGain() {
    PhaseVerdict flat = analyze(10_500).phases().get(0);
    assertEquals(Bottleneck.NETWORK, flat.bottleneck(), flat.evidence().toString());
    PhaseVerdict gaining = analyze(10_600).phases().get(0);
    assertEquals(Bottleneck.NONE, gaining.bottleneck(), gaining.evidence().toString());
    // 10,600 / 10,000 = +6%
    assertTrue(gaining.evidence().contains("more concurrency still bought throughput: phase qd32 offered 32 outstanding"
        + " I/Os against 8 here and moved 10,600 IOPS against 10,000 IOPS (+6%): nothing held this phase at a ceiling,"
        + " whatever read near one"), gaining.evidence().toString());
  }
}
