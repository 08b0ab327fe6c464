package io.headroom.analyzer.detect;

import io.headroom.model.EntityKind;
import io.headroom.model.Metrics;

/**
 * Loss is saturation. A port that drops or discards frames is full even when its one-second
 * average reads half its line rate: microbursts and incast fill its buffer within the second, the
 * average hides them, and every lost frame costs a retransmission timeout. The workload's tail
 * shows the timeouts: a p99 at or above Linux TCP's minimum retransmission timeout (200 ms), or ten
 * times its mean latency. A port losing frames while the tail stays short is an error to report
 * (Bystanders), not the limit; where the p99 is not recorded the losses alone count.
 *
 * @param port the on-path port losing the most frames
 * @param load its losses as a load (Load.loss)
 * @param tail what the workload's tail says, for the evidence
 */
record Loss(String port, Load load, String tail) {
  /** Frames lost per second (p95) from which a port is losing, not erring now and then. */
  static final double LOSS_PER_S = 10.0;
  /** Linux TCP's minimum retransmission timeout (TCP_RTO_MIN): a p99 this long is a timeout. */
  static final double TIMEOUT_S = 0.200;
  /** A p99 this many times the mean latency is a tail of timeouts, whatever the RTO. */
  static final double TAIL_OVER_MEAN = 10.0;

  /** The on-path port losing the most frames, with a timeout-shaped tail; null when none. */
  static Loss of(Context ctx) {
    Load worst = null;
    for (String id : ctx.path().ofKind(EntityKind.NET_PORT)) {
      Load l = Load.loss(ctx, id);
      if (l.value() >= LOSS_PER_S && (worst == null || l.value() > worst.value())) {
        worst = l;
      }
    }
    if (worst == null) {
      return null;
    }
    String tail = tail(ctx);
    return tail == null ? null : new Loss(worst.entity(), worst, tail);
  }

  /**
   * "the workload's p99 212 ms = 42x its mean 5 ms: a tail of timeouts", "the workload's p99 is not
   * recorded", or null when its p99 is recorded and short.
   */
  private static String tail(Context ctx) {
    double worstP99 = Double.NaN;
    double meanAtWorst = Double.NaN;
    for (String w : ctx.path().workloads()) {
      double p99 = ctx.mean(w, Metrics.LATENCY_P99_S);
      if (!Double.isNaN(p99) && (Double.isNaN(worstP99) || p99 > worstP99)) {
        worstP99 = p99;
        meanAtWorst = meanLatency(ctx, w);
      }
    }
    if (Double.isNaN(worstP99)) {
      return "the workload's p99 is not recorded, so the losses alone say it";
    }
    boolean timeout = worstP99 >= TIMEOUT_S;
    boolean tail = meanAtWorst > 0 && worstP99 >= TAIL_OVER_MEAN * meanAtWorst;
    if (!timeout && !tail) {
      return null;
    }
    return "the workload's p99 " + Fmt.latency(worstP99)
        + (meanAtWorst > 0 ? " = " + Fmt.trim(worstP99 / meanAtWorst, 1) + "x its mean " + Fmt.latency(meanAtWorst) : "")
        + ": a tail of retransmission timeouts" + (timeout ? " (TCP's minimum is " + Fmt.latency(TIMEOUT_S) + ")" : "");
  }

  private static double meanLatency(Context ctx, String w) {
    double r = ctx.meanOrZero(w, Metrics.READ_IOPS);
    double wr = ctx.meanOrZero(w, Metrics.WRITE_IOPS);
    double time = r * ctx.meanOrZero(w, Metrics.READ_LATENCY_S) + wr * ctx.meanOrZero(w, Metrics.WRITE_LATENCY_S);
    return r + wr > 0 ? time / (r + wr) : Double.NaN;
  }

  /** "sw1/port/3 discards+errors p95 3,400/s (loss from 10/s), the workload's p99 ...: loss is saturation". */
  String describe() {
    return load.describe() + " (losing from " + Fmt.num(LOSS_PER_S) + "/s); " + tail
        + ": a port that loses frames is full whatever its average (microbursts, incast)";
  }
}
