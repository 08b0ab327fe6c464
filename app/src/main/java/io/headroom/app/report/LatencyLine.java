package io.headroom.app.report;

import io.headroom.analyzer.detect.Fmt;
import io.headroom.model.PhaseLatency;
import java.util.Locale;

/** A phase's latency distribution in one line, saying which figure is the merged one and which the worst workload's. */
public final class LatencyLine {
  private LatencyLine() {}

  /**
   * "p99 8.8 ms of all 2 workloads' I/Os merged (2,000 I/Os; p50 122 us, p90 2.6 ms, p99.9 76 ms); the worst workload's
   * own p99 9.2 ms (h1/fio/r1/mix.0); from json+ clat bins"
   */
  public static String of(PhaseLatency l) {
    PhaseLatency.Merged m = l.merged();
    return String.format(Locale.ROOT, "p99 %s of all %d workloads' I/Os merged (%,d I/Os; p50 %s, p90 %s, p99.9 %s);"
            + " the worst workload's own p99 %s (%s); from %s",
        Fmt.latency(m.p99S()), m.workloads(), m.ios(), Fmt.latency(m.p50S()), Fmt.latency(m.p90S()),
        Fmt.latency(m.p999S()), Fmt.latency(l.worstWorkload().p99S()), l.worstWorkload().workload(), l.from());
  }
}
