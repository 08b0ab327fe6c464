package io.headroom.analyzer.detect;

import io.headroom.model.EntityKind;
import io.headroom.model.Metrics;
import java.util.Map;

/**
 * One entity's heaviest reading in a window against its ceiling: the one arithmetic behind the
 * rules, the evidence and the headroom table (docs/detection.md, section 2).
 *
 * @param what the direction or metric read: "tx", "rx", "host-to-device", "device-to-host", Metrics.UTIL,
 *     "busy" (a disk's busy time), "iops", "bytes", "pause", or the metric of an entity of a kind
 *     the rules do not know
 * @param value the p95 in base units
 * @param ceiling the declared ceiling (line rate, spec, 1.0 for utilisation)
 * @param practical the share of the ceiling reachable in practice
 */
public record Load(String entity, String what, double value, double ceiling, double practical) {
  /** The metric each direction word reads; "iops" and "bytes" are sums, see {@link #readings}. */
  private static final Map<String, String> METRIC_OF = Map.of(
      "tx", Metrics.TX_BYTES_PER_S, "rx", Metrics.RX_BYTES_PER_S,
      "device-to-host", Metrics.READ_BYTES_PER_S, "host-to-device", Metrics.WRITE_BYTES_PER_S,
      "busy", Metrics.UTIL, "pause", Metrics.PAUSE_PER_S);

  /** How hard the entity presses on its practical ceiling: 1.0 at it. */
  public double pressure() {
    return value / (ceiling * practical);
  }

  /** Share of the declared ceiling. */
  public double share() {
    return value / ceiling;
  }

  /** A port's frames lost (discards plus errors) per second, read as a load (NetworkRule). */
  static final String LOSS = "loss";

  /** What the headroom table and the evidence say of a reading no resource can give. */
  static final String IMPLAUSIBLE = "implausible reading: ceiling or counter wrong";

  /**
   * True when the p95 is beyond what the resource can carry, by more than counter jitter
   * explains (docs/detection.md, "Implausible readings"): a byte rate or IOPS above
   * implausibleRate times its declared ceiling, a utilisation or busy fraction above
   * implausibleUtil. The ceiling or the counter is wrong, so the entity is no candidate. Pause
   * and credit-zero loads have thresholds for ceilings, not capacities, and never are.
   */
  boolean implausible(Thresholds t) {
    return switch (what) {
      case "pause", "credit_zero", LOSS -> false;
      case Metrics.UTIL, "busy" -> share() > t.implausibleUtil();
      default -> share() > t.implausibleRate();
    };
  }

  /**
   * Implausible here, or in another judged phase of the run ({@link Context#distrusted}): a ceiling
   * is the entity's, not the phase's, so one the readings proved wrong is wrong in every phase.
   */
  boolean implausible(Context ctx) {
    return implausible(ctx.thresholds()) || ctx.distrusted(entity);
  }

  /**
   * "implausible reading: ceiling or counter wrong, not a candidate: s5/esx1/vmnic2 rx p95 325 MB/s = 260%
   * of 125 MB/s (plausible up to 120% of its ceiling)"; for an entity plausible here but not in
   * another phase, "...; beyond it in another phase of the run)".
   */
  String describeImplausible(Context ctx) {
    Thresholds t = ctx.thresholds();
    double limit = what.equals(Metrics.UTIL) || what.equals("busy") ? t.implausibleUtil() : t.implausibleRate();
    return IMPLAUSIBLE + ", not a candidate: " + describe() + " (plausible up to " + Fmt.pct(limit)
        + " of its ceiling" + (implausible(t) ? ")" : "; beyond it in another phase of the run)");
  }

  /** "sw1/port/1-1 tx p95 5.13 GB/s = 41% of 12.5 GB/s", "node-a util p95 0.94". */
  public String describe() {
    switch (what) {
      case "util":
        return entity + " util p95 " + Fmt.frac(value);
      case "busy":
        return entity + " busy p95 " + Fmt.frac(value) + " of the time";
      case "pause":
        return entity + " pause_per_s p95 " + Fmt.num(value);
      case LOSS:
        return entity + " discards+errors p95 " + Fmt.num(value) + "/s";
      case "iops":
        return entity + " p95 " + Fmt.iops(value) + " = " + Fmt.pct(share()) + " of its "
            + Fmt.iops(ceiling) + " spec";
      case "bytes":
        return entity + " p95 " + Fmt.byteRate(value) + " = " + Fmt.pct(share()) + " of its "
            + Fmt.byteRate(ceiling) + " spec";
      default:
        return METRIC_OF.containsKey(what)
            ? entity + " " + what + " p95 " + Fmt.byteRate(value) + " = " + Fmt.pct(share()) + " of " + Fmt.byteRate(ceiling)
            : entity + " " + what + " p95 " + Fmt.num(value) + " = " + Fmt.pct(share()) + " of " + Fmt.num(ceiling);
    }
  }

  /** The level alone, as a group's least loaded member is quoted: "100% of line rate", "util p95 0.92". */
  String level() {
    return switch (what) {
      case "util" -> "util p95 " + Fmt.frac(value);
      case "busy" -> "busy p95 " + Fmt.frac(value);
      case "iops", "bytes" -> Fmt.pct(share()) + " of its spec";
      default -> Fmt.pct(share()) + " of line rate";
    };
  }

  /** Every reading of what this load measured in the window, in time order. */
  double[] readings(Context ctx) {
    return switch (what) {
      case "iops" -> Sums.values(ctx, entity, Metrics.READ_IOPS, Metrics.WRITE_IOPS);
      case "bytes" -> Sums.values(ctx, entity, Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S);
      case LOSS -> Sums.values(ctx, entity, Metrics.DISCARDS_PER_S, Metrics.ERRORS_PER_S);
      default -> ctx.values(entity, METRIC_OF.getOrDefault(what, what));
    };
  }

  /** The instants of {@link #readings}, in the same order. */
  double[] times(Context ctx) {
    return switch (what) {
      case "iops" -> Sums.times(ctx, entity, Metrics.READ_IOPS, Metrics.WRITE_IOPS);
      case "bytes" -> Sums.times(ctx, entity, Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S);
      case LOSS -> Sums.times(ctx, entity, Metrics.DISCARDS_PER_S, Metrics.ERRORS_PER_S);
      default -> {
        io.headroom.analyzer.data.Series s = ctx.data().seriesOf(entity).get(METRIC_OF.getOrDefault(what, what));
        yield s == null ? new double[0] : s.timesBetween(ctx.window().from(), ctx.window().to());
      }
    };
  }

  /** The reading at or above which the load is at its ceiling (atCeiling of its practical ceiling). */
  double full(Thresholds t) {
    return t.atCeiling() * ceiling * practical;
  }

  /**
   * How many of the window's readings were at the ceiling (pressure at or above atCeiling), and of
   * how many: the difference between a resource that holds the workload at its ceiling and one
   * that touched it now and then.
   */
  Saturation saturation(Context ctx) {
    double[] r = readings(ctx);
    int at = 0;
    double full = full(ctx.thresholds());
    for (double v : r) {
      if (v >= full) {
        at++;
      }
    }
    return new Saturation(this, at, r.length);
  }

  /** Readings at the ceiling out of all readings of a load in the window. */
  record Saturation(Load load, int atCeiling, int readings) {
    double share() {
      return readings == 0 ? 0 : (double) atCeiling / readings;
    }

    /** "s1/fc/p1 tx at its ceiling in 5 of 54 readings (9%)". */
    String describe() {
      return load.entity() + " " + load.what() + " at its ceiling in " + atCeiling + " of " + readings
          + " readings (" + Fmt.pct(share()) + ")";
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

  /**
   * A disk without a spec: its busy time, scaled like a CPU so that diskBusy lands on the
   * at-ceiling threshold; null without util readings. Busy is not capacity (an SSD serves many
   * requests at once), which is why DiskRule also asks for a queue or a latency climb.
   */
  static Load diskBusy(Context ctx, String id) {
    double util = ctx.p95(id, Metrics.UTIL);
    if (Double.isNaN(util)) {
      return null;
    }
    Thresholds t = ctx.thresholds();
    return new Load(id, "busy", util, 1.0, t.diskBusy() / t.atCeiling());
  }

  /** A disk's load: against its spec when it has one, else its busy time. */
  static Load disk(Context ctx, String id) {
    Load spec = diskSpec(ctx, id);
    return spec != null ? spec : diskBusy(ctx, id);
  }

  /**
   * Pause frames or credit-zero events as a load whose ceiling is pausePerS: pressure reaches
   * atCeiling where the rule calls the fabric pushing back.
   */
  static Load pause(Context ctx, String id) {
    Thresholds t = ctx.thresholds();
    return new Load(id, "pause", ctx.p95OrZero(id, Metrics.PAUSE_PER_S), t.pausePerS() / t.atCeiling(), 1.0);
  }

  /**
   * A port's lost frames (discards plus errors per second) as a load whose ceiling is lossPerS:
   * pressure reaches atCeiling where NetworkRule calls the port full by its losses.
   */
  static Load loss(Context ctx, String id) {
    Thresholds t = ctx.thresholds();
    return new Load(id, LOSS, Sums.p95(ctx, id, Metrics.DISCARDS_PER_S, Metrics.ERRORS_PER_S),
        Loss.LOSS_PER_S / t.atCeiling(), 1.0);
  }

  /**
   * An FC port's share of time at zero transmit credit as a load whose ceiling is
   * creditZeroShare: pressure reaches atCeiling where the rule calls the fabric pushing back.
   */
  static Load creditStarvation(Context ctx, String id) {
    Thresholds t = ctx.thresholds();
    return new Load(id, "credit_zero", ctx.p95OrZero(id, Metrics.TX_CREDIT_ZERO_FRACTION),
        t.creditZeroShare() / t.atCeiling(), 1.0);
  }

  /**
   * An entity of a kind the rules do not judge: its heaviest util, *_bytes_per_s or *_iops p95
   * against util 1.0 or its declared capacity; null when none applies.
   */
  static Load declared(Context ctx, String id) {
    Load best = null;
    for (String metric : ctx.data().seriesOf(id).keySet()) {
      double cap = metric.equals(Metrics.UTIL) ? 1.0
          : metric.endsWith(Metrics.CAPACITY_BYTES_PER_S) ? ctx.capacity(id, Metrics.CAPACITY_BYTES_PER_S)
          : metric.endsWith("_" + Metrics.CAPACITY_IOPS) ? ctx.capacity(id, Metrics.CAPACITY_IOPS)
          : Double.NaN;
      double p95 = ctx.p95(id, metric);
      if (!Double.isNaN(cap) && !Double.isNaN(p95)) {
        best = max(best, new Load(id, metric, p95, cap, 1.0));
      }
    }
    return best;
  }

  /** The load of any entity with a ceiling, by kind; null when it has none (a workload). */
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
        return disk(ctx, id);
      case EntityKind.WORKLOAD:
      case EntityKind.COLLECTOR:
        return null;
      default:
        return declared(ctx, id);
    }
  }
}
