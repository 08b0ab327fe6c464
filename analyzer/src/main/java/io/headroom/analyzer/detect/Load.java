package io.headroom.analyzer.detect;

import io.headroom.model.EntityKind;
import io.headroom.model.Metrics;
import io.headroom.analyzer.data.Series;
import java.util.Map;

/**
 * One entity's heaviest reading in a window against its ceiling: the one arithmetic behind the
 * rules, the evidence and the headroom table (docs/detection.md, section 2).
 *
 * @param reading what was read (a direction, a utilisation, busy time, a spec, pushback, losses)
 * @param metric the series read for a DECLARED reading (an entity of a kind the rules do not know);
 *     otherwise the reading's own metric, or null where it sums two
 * @param value the p95 in base units
 * @param ceiling the declared ceiling (line rate, spec, 1.0 for utilisation)
 * @param practical the share of the ceiling reachable in practice
 */
public record Load(String entity, Reading reading, String metric, double value, double ceiling, double practical) {
  /** A load of a reading the rules know, reading that reading's metric. */
  Load(String entity, Reading reading, double value, double ceiling, double practical) {
    this(entity, reading, reading.metric, value, ceiling, practical);
  }

  /** The word the headroom table and the evidence print: "tx", "busy", or a DECLARED metric's name. */
  public String what() {
    return reading == Reading.DECLARED ? metric : reading.word;
  }

  /** How hard the entity presses on its practical ceiling: 1.0 at it. */
  public double pressure() {
    return value / (ceiling * practical);
  }

  /**
   * The window's mean reading over the practical ceiling: the level the bounds are worked out from
   * (the utilisation law is a law of means), where {@link #pressure} (a p95) says whether it is full.
   */
  double meanPressure(Context ctx) {
    double[] r = readings(ctx);
    return r.length == 0 ? pressure() : io.headroom.analyzer.data.Stats.mean(r) / (ceiling * practical);
  }

  /** Share of the declared ceiling. */
  public double share() {
    return value / ceiling;
  }

  /** What the headroom table and the evidence say of a reading no resource can give. */
  static final String IMPLAUSIBLE = "implausible reading: ceiling or counter wrong";

  /** Utilisation and busy time are fractions of 1.0; a DECLARED util is one too. */
  private boolean fractionOfTime() {
    return reading.fraction() || Metrics.UTIL.equals(metric);
  }

  /**
   * True when the p95 is beyond what the resource can carry, by more than counter jitter
   * explains (docs/detection.md, "Implausible readings"): a byte rate or IOPS above
   * implausibleRate times its declared ceiling, a utilisation or busy fraction above
   * implausibleUtil. The ceiling or the counter is wrong, so the entity is no candidate. Pushback
   * loads (pause, credit-zero, losses) have thresholds for ceilings, not capacities, and never are.
   */
  boolean implausible(Thresholds t) {
    if (reading.pushback()) {
      return false;
    }
    return share() > (fractionOfTime() ? t.implausibleUtil() : t.implausibleRate());
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
    double limit = fractionOfTime() ? t.implausibleUtil() : t.implausibleRate();
    return IMPLAUSIBLE + ", not a candidate: " + describe() + " (plausible up to " + Fmt.pct(limit)
        + " of its ceiling" + (implausible(t) ? ")" : "; beyond it in another phase of the run)");
  }

  /** "sw1/port/1-1 tx p95 5.13 GB/s = 41% of 12.5 GB/s", "node-a util p95 0.94". */
  public String describe() {
    return switch (reading) {
      case UTIL -> entity + " util p95 " + Fmt.frac(value);
      case BUSY -> entity + " busy p95 " + Fmt.frac(value) + " of the time";
      case PAUSE -> entity + " pause_per_s p95 " + Fmt.num(value);
      case LOSS -> entity + " discards+errors p95 " + Fmt.num(value) + "/s";
      case RETRANSMITS -> entity + " TCP retransmits p95 " + Fmt.num(value) + "/s";
      case IOPS -> entity + " p95 " + Fmt.iops(value) + " = " + Fmt.pct(share()) + " of its " + Fmt.iops(ceiling) + " spec";
      case BYTES -> entity + " p95 " + Fmt.byteRate(value) + " = " + Fmt.pct(share()) + " of its "
          + Fmt.byteRate(ceiling) + " spec";
      case SPEC_TIME -> entity + " p95 " + Fmt.pct(value) + " of its spec at this I/O size (each I/O's fixed time from"
          + " the 4 KiB IOPS spec plus its transfer at the bytes/s spec)";
      case TX, RX, DEVICE_TO_HOST, HOST_TO_DEVICE -> entity + " " + what() + " p95 " + Fmt.byteRate(value) + " = "
          + Fmt.pct(share()) + " of " + Fmt.byteRate(ceiling);
      case CREDIT_ZERO, DECLARED -> entity + " " + what() + " p95 " + Fmt.num(value) + " = " + Fmt.pct(share())
          + " of " + Fmt.num(ceiling);
    };
  }

  /** The level alone, as a group's least loaded member is quoted: "100% of line rate", "util p95 0.92". */
  String level() {
    return switch (reading) {
      case UTIL -> "util p95 " + Fmt.frac(value);
      case BUSY -> "busy p95 " + Fmt.frac(value);
      case IOPS, BYTES, SPEC_TIME -> Fmt.pct(share()) + " of its spec";
      default -> Fmt.pct(share()) + " of line rate";
    };
  }

  /** Every reading of what this load measured in the window, in time order. */
  double[] readings(Context ctx) {
    return switch (reading) {
      case IOPS -> Sums.values(ctx, entity, Metrics.READ_IOPS, Metrics.WRITE_IOPS);
      case BYTES -> Sums.values(ctx, entity, Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S);
      case LOSS -> Sums.values(ctx, entity, Metrics.DISCARDS_PER_S, Metrics.ERRORS_PER_S);
      case SPEC_TIME -> specShares(ctx).values().stream().mapToDouble(Double::doubleValue).toArray();
      default -> ctx.values(entity, metric);
    };
  }

  /** The instants of {@link #readings}, in the same order. */
  double[] times(Context ctx) {
    return switch (reading) {
      case IOPS -> Sums.times(ctx, entity, Metrics.READ_IOPS, Metrics.WRITE_IOPS);
      case BYTES -> Sums.times(ctx, entity, Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S);
      case LOSS -> Sums.times(ctx, entity, Metrics.DISCARDS_PER_S, Metrics.ERRORS_PER_S);
      case SPEC_TIME -> specShares(ctx).keySet().stream().mapToDouble(Double::doubleValue).toArray();
      default -> {
        Series s = ctx.data().seriesOf(entity).get(metric);
        yield s == null ? new double[0] : s.timesBetween(ctx.window().from(), ctx.window().to());
      }
    };
  }

  private Map<Double, Double> specShares(Context ctx) {
    return SpecTime.shares(ctx, entity, ctx.capacity(entity, Metrics.CAPACITY_IOPS),
        ctx.capacity(entity, Metrics.CAPACITY_BYTES_PER_S));
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
      return describeAs(load.entity());
    }

    /** The same, naming the given entity as the one held. */
    String describeAs(String entity) {
      return entity + " " + load.what() + " at its ceiling in " + atCeiling + " of " + readings
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
    return max(new Load(id, Reading.RX, ctx.p95OrZero(id, Metrics.RX_BYTES_PER_S), cap, practical),
        new Load(id, Reading.TX, ctx.p95OrZero(id, Metrics.TX_BYTES_PER_S), cap, practical));
  }

  /** A PCIe link's busier direction against its line-coded rate; null if unknown. */
  static Load link(Context ctx, String id) {
    double cap = ctx.capacity(id, Metrics.CAPACITY_BYTES_PER_S);
    if (Double.isNaN(cap)) {
      return null;
    }
    double practical = ctx.thresholds().pciePractical();
    return max(new Load(id, Reading.DEVICE_TO_HOST, ctx.p95OrZero(id, Metrics.READ_BYTES_PER_S), cap, practical),
        new Load(id, Reading.HOST_TO_DEVICE, ctx.p95OrZero(id, Metrics.WRITE_BYTES_PER_S), cap, practical));
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
    return new Load(id, Reading.UTIL, util, 1.0, t.cpuBusy() / t.atCeiling());
  }

  /**
   * How far the spec at the phase's I/O size must exceed the plainer figure (the IOPS or the bytes
   * share) to be quoted instead, as a share of that figure: 1%, so 4 KiB reads and large transfers,
   * where the two agree up to rounding, keep the figure a reader checks against the datasheet. A
   * share of the figure, not a point: at 1 I/O in flight a drive at 0.6% of its IOPS spec and 0.75%
   * of its spec at 8 KiB is a quarter further from its ceiling by the one than by the other.
   */
  static final double SPEC_TIME_MARGIN = 0.01;

  /** True when the disk declares a spec (IOPS or bytes/s) to be judged against. */
  static boolean hasSpec(Context ctx, String id) {
    return !Double.isNaN(ctx.capacity(id, Metrics.CAPACITY_IOPS))
        || !Double.isNaN(ctx.capacity(id, Metrics.CAPACITY_BYTES_PER_S));
  }

  /** A disk's throughput (reads plus writes) against its declared spec; null without a spec. */
  static Load diskSpec(Context ctx, String id) {
    Load best = null;
    double iopsCap = ctx.capacity(id, Metrics.CAPACITY_IOPS);
    if (!Double.isNaN(iopsCap)) {
      best = new Load(id, Reading.IOPS, Sums.p95(ctx, id, Metrics.READ_IOPS, Metrics.WRITE_IOPS), iopsCap, 1.0);
    }
    double bytesCap = ctx.capacity(id, Metrics.CAPACITY_BYTES_PER_S);
    if (!Double.isNaN(bytesCap)) {
      best = max(best, new Load(id, Reading.BYTES,
          Sums.p95(ctx, id, Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S), bytesCap, 1.0));
    }
    if (!Double.isNaN(iopsCap) && !Double.isNaN(bytesCap) && SpecTime.randomAccess(ctx)) {
      // every rule and the headroom table ask for a disk's load: the per-second shares once a window
      double p95 = ctx.p95Of(id, Reading.SPEC_TIME.word, () -> SpecTime.shares(ctx, id, iopsCap, bytesCap).values()
          .stream().mapToDouble(Double::doubleValue).toArray());
      // the spec at this mix binds before either figure alone once the I/O is larger than 4 KiB
      if (p95 > best.share() * (1 + SPEC_TIME_MARGIN)) {
        best = new Load(id, Reading.SPEC_TIME, p95, 1.0, 1.0);
      }
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
    return new Load(id, Reading.BUSY, util, 1.0, t.diskBusy() / t.atCeiling());
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
    return new Load(id, Reading.PAUSE, ctx.p95OrZero(id, Metrics.PAUSE_PER_S), t.pausePerS() / t.atCeiling(), 1.0);
  }

  /**
   * A port's lost frames (discards plus errors per second) as a load whose ceiling is lossPerS:
   * pressure reaches atCeiling where NetworkRule calls the port full by its losses.
   */
  static Load loss(Context ctx, String id) {
    Thresholds t = ctx.thresholds();
    return new Load(id, Reading.LOSS, Sums.p95(ctx, id, Metrics.DISCARDS_PER_S, Metrics.ERRORS_PER_S),
        Loss.LOSS_PER_S / t.atCeiling(), 1.0);
  }

  /** A host's TCP retransmits as a load whose ceiling is lossPerS, like a port's losses. */
  static Load retransmits(Context ctx, String host) {
    return new Load(host, Reading.RETRANSMITS, ctx.p95OrZero(host, Metrics.TCP_RETRANSMITS_PER_S),
        Loss.LOSS_PER_S / ctx.thresholds().atCeiling(), 1.0);
  }

  /**
   * An FC port's share of time at zero transmit credit as a load whose ceiling is
   * creditZeroShare: pressure reaches atCeiling where the rule calls the fabric pushing back.
   */
  static Load creditStarvation(Context ctx, String id) {
    Thresholds t = ctx.thresholds();
    return new Load(id, Reading.CREDIT_ZERO, ctx.p95OrZero(id, Metrics.TX_CREDIT_ZERO_FRACTION),
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
        best = max(best, new Load(id, Reading.DECLARED, metric, p95, cap, 1.0));
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
