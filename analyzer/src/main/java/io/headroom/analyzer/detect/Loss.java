package io.headroom.analyzer.detect;

import io.headroom.model.EntityKind;
import io.headroom.model.Metrics;
import java.util.List;

/**
 * Loss is saturation. A port that drops or discards frames is full even when its one-second
 * average reads half its line rate: microbursts and incast fill its buffer within the second, the
 * average hides them, and every lost frame costs a retransmission timeout. The workload's tail
 * shows the timeouts: a p99 at or above Linux TCP's minimum retransmission timeout (200 ms), or ten
 * times its mean latency. A port losing frames while the tail stays short is an error to report
 * (Bystanders), not the limit; where the p99 is not recorded the losses alone count. A loss that
 * no port counts (a drop in a switch, a firewall, a lossy link's far end) shows in the hosts' TCP
 * retransmits, which the kernel counts per network namespace, not per port: then the path's
 * busiest port is named, and the evidence says the losses are the host's.
 *
 * @param port the on-path port named: the one losing the most frames, or for a host's
 *     retransmits the path's busiest port
 * @param load the losses as a load (Load.loss, Load.retransmits), whose readings are counted
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
    String port = worst == null ? null : worst.entity();
    if (worst == null) {
      worst = retransmitting(ctx);
      port = worst == null ? null : busiestPort(ctx);
    }
    if (port == null) {
      return null;
    }
    String tail = tail(ctx);
    return tail == null ? null : new Loss(port, worst, tail);
  }

  /** The path's host retransmitting the most TCP segments, at LOSS_PER_S or more; null when none. */
  private static Load retransmitting(Context ctx) {
    Load worst = null;
    for (String id : ctx.path().ofKind(EntityKind.HOST_CPU)) {
      Load l = Load.retransmits(ctx, id);
      if (l.value() >= LOSS_PER_S && (worst == null || l.value() > worst.value())) {
        worst = l;
      }
    }
    return worst;
  }

  /** The on-path port carrying the most against its ceiling, or any on-path port; null without one. */
  private static String busiestPort(Context ctx) {
    List<Load> ports = PathLoads.of(ctx, EntityKind.NET_PORT);
    if (!ports.isEmpty()) {
      return ports.get(0).entity();
    }
    List<String> any = ctx.path().ofKind(EntityKind.NET_PORT);
    return any.isEmpty() ? null : any.get(0);
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
        OperatingPoint point = ctx.point(w);
        meanAtWorst = point == null ? Double.NaN : point.latency();
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

  /** "sw1/port/3 discards+errors p95 3,400/s (loss from 10/s), the workload's p99 ...: loss is saturation". */
  String describe() {
    String whose = load.entity().equals(port) ? "" : " (its network namespace's, all ports together; " + port
        + " is the path's busiest port)";
    return load.describe() + whose + " (losing from " + Fmt.num(LOSS_PER_S) + "/s); " + tail
        + ": a port that loses frames is full whatever its average (microbursts, incast)";
  }
}
