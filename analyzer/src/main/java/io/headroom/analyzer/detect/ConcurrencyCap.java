package io.headroom.analyzer.detect;

import io.headroom.model.Rel;
import io.headroom.model.Bottleneck;
import io.headroom.model.Metrics;
import java.util.Locale;
import java.util.Set;

/**
 * How far the workload's own concurrency can drive it once its limit is lifted (Little's law):
 * with the same outstanding I/O N and the same per-I/O time R_e spent away from the lifted layer,
 * throughput is at most N / R_e, a gain of N over the I/Os now in flight there (X x R_e).
 *
 * The block layer splits each I/O's time: the latency the workload's targets report (the disk or
 * the LUN the host sees) is everything below it, the link, fabric, array and device; the rest of
 * the workload's latency is the host's I/O stack above. A limit below the block layer (PCIe,
 * network, array CPU, disk) leaves the host's share as R_e; a host-side limit (host CPU) the
 * devices' share. The lifted layer's own time is taken as nothing, so the cap is an upper bound.
 *
 * @param gain the multiplier the concurrency allows, infinite when nothing caps it
 * @param note the evidence sentence
 */
record ConcurrencyCap(double gain, String note) {
  /** Classes whose time is spent below the block layer, inside the targets' latency. */
  private static final Set<Bottleneck> BELOW_BLOCK_LAYER =
      Set.of(Bottleneck.PCIE, Bottleneck.NETWORK, Bottleneck.ARRAY_CPU, Bottleneck.DISK);

  static ConcurrencyCap of(Context ctx, Bottleneck primary) {
    LittlesLaw little = LittlesLaw.of(ctx);
    if (little == null) {
      return uncapped("the workload's outstanding I/O or latency is not recorded, so the gain is not"
          + " capped by its concurrency");
    }
    double below = 0;
    for (String w : ctx.path().workloads()) {
      double latency = targetsLatency(ctx, w);
      if (Double.isNaN(latency)) {
        return uncapped("no latency from the targets of " + w + ", so the workload's time cannot be split"
            + " at the block layer and the gain is not capped by its concurrency");
      }
      below += (ctx.meanOrZero(w, Metrics.READ_IOPS) + ctx.meanOrZero(w, Metrics.WRITE_IOPS)) * latency;
    }
    boolean lowerLimit = BELOW_BLOCK_LAYER.contains(primary);
    double elsewhere = lowerLimit ? little.inFlight() - below : below;
    String where = lowerLimit ? "above the block layer (the host's I/O stack)"
        : "below the block layer (the devices and what leads to them)";
    String head = String.format(Locale.ROOT, "Little's law: of %,.0f I/Os in flight (%,.0f outstanding), %,.1f are %s",
        little.inFlight(), little.outstanding(), Math.max(0, elsewhere), where);
    if (!(elsewhere > 0)) {
      return uncapped(head + ": no time there to cap the gain");
    }
    double gain = little.outstanding() / elsewhere;
    return new ConcurrencyCap(gain, head + "; with the same outstanding I/O and the same time there, the"
        + " workload could drive at most " + Fmt.trim(gain, 2) + "x its throughput");
  }

  /** IOPS-weighted mean latency of the workload's targets; NaN when none reports I/O with latency. */
  static double targetsLatency(Context ctx, String workload) {
    double time = 0;
    double ops = 0;
    for (String t : ctx.path().related(workload, Rel.TARGETS.wire())) {
      for (String[] dir : new String[][] {{Metrics.READ_IOPS, Metrics.READ_LATENCY_S},
          {Metrics.WRITE_IOPS, Metrics.WRITE_LATENCY_S}}) {
        double iops = ctx.meanOrZero(t, dir[0]);
        double latency = ctx.mean(t, dir[1]);
        if (iops > 0 && latency > 0) {
          time += iops * latency;
          ops += iops;
        }
      }
    }
    return ops > 0 ? time / ops : Double.NaN;
  }

  private static ConcurrencyCap uncapped(String note) {
    return new ConcurrencyCap(Double.POSITIVE_INFINITY, note);
  }
}
