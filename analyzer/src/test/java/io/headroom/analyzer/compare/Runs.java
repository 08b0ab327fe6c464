package io.headroom.analyzer.compare;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.LimitGroup;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.List;
import java.util.Map;

/** Runs for the comparison tests: one 60 s phase "p" whose workload reads the given bytes/s each second. */
final class Runs {
  static final int SECONDS = 60;

  private Runs() {}

  /** Second s (1..60) reads perSecond[s - 1] bytes in 128 KiB blocks at 2 ms; the verdict NONE. */
  static RunComparer.Input reading(String run, double[] perSecond) {
    return limited(run, perSecond, Bottleneck.NONE, null, null);
  }

  static RunComparer.Input constant(String run, double bytesPerS) {
    double[] v = new double[SECONDS];
    java.util.Arrays.fill(v, bytesPerS);
    return reading(run, v);
  }

  static RunComparer.Input limited(String run, double[] perSecond, Bottleneck b, String entity, LimitGroup group) {
    return limited(run, "p", perSecond, b, entity, group);
  }

  static RunComparer.Input constant(String run, String phase, double bytesPerS) {
    double[] v = new double[SECONDS];
    java.util.Arrays.fill(v, bytesPerS);
    return limited(run, phase, v, Bottleneck.NONE, null, null);
  }

  static RunComparer.Input limited(String run, String phase, double[] perSecond, Bottleneck b, String entity,
      LimitGroup group) {
    RunData d = new RunData();
    d.accept(new Run(run, "lab", 0, (double) SECONDS, Map.of("tool", "fio")));
    d.accept(new Entity("w", "workload", "w", Map.of("numjobs", 4, "iodepth", 8), Map.of()));
    d.accept(new Phase(run, phase, 0, (double) SECONDS));
    for (int s = 1; s <= SECONDS; s++) {
      double v = perSecond[s - 1];
      d.addSample(s, "w", "read_bytes_per_s", v);
      d.addSample(s, "w", "read_iops", v / 131_072);
      d.addSample(s, "w", "read_latency_s", 0.002);
    }
    PhaseVerdict pv = new PhaseVerdict(phase, b, entity, 0.9, null, List.of(), List.of(), List.of(), group);
    return new RunComparer.Input(d, new Verdict(run, b, entity, 0.9, List.of(), List.of(), List.of(pv)));
  }
}
