package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import io.headroom.model.EntityKind;

/**
 * One entity's heaviest reading in a window against its ceiling.
 *
 * @param what the direction or metric read: "tx", "rx", "host-to-device", "device-to-host", Metrics.UTIL,
 *     "iops", "bytes"
 * @param value the p95 in base units
 * @param ceiling the declared ceiling (line rate, spec, 1.0 for utilisation)
 * @param practical the share of the ceiling reachable in practice
 */
public record Load(String entity, String what, double value, double ceiling, double practical) {

  /** How hard the entity presses on its practical ceiling: 1.0 at it. */
  public double pressure() {
    return value / (ceiling * practical);
  }

  /** Share of the declared ceiling. */
  public double share() {
    return value / ceiling;
  }

  /** "sw1/port/1-1 tx p95 5.13 GB/s = 41% of 12.5 GB/s", "node-a util p95 0.94". */
  public String describe() {
    switch (what) {
      case "util":
        return entity + " util p95 " + Fmt.frac(value);
      case "iops":
        return entity + " p95 " + Fmt.iops(value) + " = " + Fmt.pct(share()) + " of its "
            + Fmt.iops(ceiling) + " spec";
      case "bytes":
        return entity + " p95 " + Fmt.gbps(value) + " = " + Fmt.pct(share()) + " of its "
            + Fmt.gbps(ceiling) + " spec";
      default:
        return entity + " " + what + " p95 " + Fmt.gbps(value) + " = " + Fmt.pct(share()) + " of "
            + Fmt.gbps(ceiling);
    }
  }

  static Load max(Load a, Load b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return b.pressure() > a.pressure() ? b : a;
  }

  /** A port's busier direction against its speed and its fabric's practical share; null if unknown. */
  static Load port(Context ctx, String id) {
    double cap = ctx.capacity(id, Metrics.CAPACITY_BYTES_PER_S);
    if (Double.isNaN(cap)) {
      return null;
    }
    double practical = ctx.thresholds().netPractical(ctx.attr(id, "fabric"));
    return max(new Load(id, "rx", ctx.p95OrZero(id, Metrics.RX_BYTES_PER_S), cap, practical),
        new Load(id, "tx", ctx.p95OrZero(id, Metrics.TX_BYTES_PER_S), cap, practical));
  }

  /** A PCIe link's busier direction against its line-coded rate; null if unknown. */
  static Load link(Context ctx, String id) {
    double cap = ctx.capacity(id, Metrics.CAPACITY_BYTES_PER_S);
    if (Double.isNaN(cap)) {
      return null;
    }
    double practical = ctx.thresholds().pciePractical();
    return max(new Load(id, "device-to-host", ctx.p95OrZero(id, Metrics.READ_BYTES_PER_S), cap, practical),
        new Load(id, "host-to-device", ctx.p95OrZero(id, Metrics.WRITE_BYTES_PER_S), cap, practical));
  }

  /**
   * A CPU's util p95, scaled so that the busy threshold lands on the at-ceiling threshold and CPU
   * pressure compares with link pressure; null without util readings.
   */
  static Load cpu(Context ctx, String id) {
    double util = ctx.p95(id, Metrics.UTIL);
    if (Double.isNaN(util)) {
      return null;
    }
    Thresholds t = ctx.thresholds();
    return new Load(id, Metrics.UTIL, util, 1.0, t.cpuBusy() / t.atCeiling());
  }

  /** A disk's throughput (reads plus writes) against its declared spec; null without a spec. */
  static Load diskSpec(Context ctx, String id) {
    Load best = null;
    double iopsCap = ctx.capacity(id, Metrics.CAPACITY_IOPS);
    if (!Double.isNaN(iopsCap)) {
      best = new Load(id, "iops", Sums.p95(ctx, id, Metrics.READ_IOPS, Metrics.WRITE_IOPS), iopsCap, 1.0);
    }
    double bytesCap = ctx.capacity(id, Metrics.CAPACITY_BYTES_PER_S);
    if (!Double.isNaN(bytesCap)) {
      best = max(best, new Load(id, "bytes",
          Sums.p95(ctx, id, Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S), bytesCap, 1.0));
    }
    return best;
  }

  /** The load of any entity with a ceiling, by kind; null when it has none. */
  static Load of(Context ctx, String id) {
    String kind = ctx.entity(id).kind();
    switch (kind) {
      case EntityKind.NET_PORT:
        return port(ctx, id);
      case EntityKind.PCIE_LINK:
        return link(ctx, id);
      case EntityKind.HOST_CPU:
      case EntityKind.CPU_SOCKET:
      case EntityKind.ARRAY_CPU:
        return cpu(ctx, id);
      case EntityKind.DISK:
        return diskSpec(ctx, id);
      default:
        return null;
    }
  }
}
