package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import io.headroom.analyzer.data.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** What the benchmark itself shows in a window: its throughput, whether it is flat, Little's law. */
final class WorkloadSignals {
  private WorkloadSignals() {}

  /** Total IOPS (reads plus writes, all workloads) per second of the window, in time order. */
  static double[] iops(Context ctx) {
    return perSecondSum(ctx, Metrics.READ_IOPS, Metrics.WRITE_IOPS);
  }

  static double[] bytes(Context ctx) {
    return perSecondSum(ctx, Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S);
  }

  private static double[] perSecondSum(Context ctx, String a, String b) {
    return perSecond(ctx, a, b).values().stream().mapToDouble(Double::doubleValue).toArray();
  }

  /**
   * The workloads' throughput per second of the window (bytes/s when they report bytes, else IOPS),
   * keyed by the second: the series a change in the workload's level is looked for in.
   */
  static TreeMap<Double, Double> throughputPerSecond(Context ctx) {
    TreeMap<Double, Double> bytes = perSecond(ctx, Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S);
    double total = 0;
    for (double v : bytes.values()) {
      total += v;
    }
    return !bytes.isEmpty() && total > 0 ? bytes : perSecond(ctx, Metrics.READ_IOPS, Metrics.WRITE_IOPS);
  }

  private static TreeMap<Double, Double> perSecond(Context ctx, String a, String b) {
    TreeMap<Double, Double> sum = new TreeMap<>();
    for (String w : ctx.path().workloads()) {
      for (String metric : List.of(a, b)) {
        Series s = ctx.data().seriesOf(w).get(metric);
        if (s == null) {
          continue;
        }
        double[] ts = s.timesBetween(ctx.window().from(), ctx.window().to());
        double[] vs = s.valuesBetween(ctx.window().from(), ctx.window().to());
        for (int i = 0; i < ts.length; i++) {
          sum.merge(Math.floor(ts[i]), vs[i], Double::sum);
        }
      }
    }
    return sum;
  }

  /** Evidence lines about the workload: its throughput and plateau, and Little's law. */
  static List<String> notes(Context ctx) {
    List<String> notes = new ArrayList<>();
    double[] iops = iops(ctx);
    double[] bytes = bytes(ctx);
    double[] throughput = bytes.length > 0 && mean(bytes) > 0 ? bytes : iops;
    if (throughput.length > 0) {
      double cv = Trend.cv(throughput);
      String level = throughput == bytes ? Fmt.byteRate(mean(bytes)) : Fmt.iops(mean(iops));
      StringBuilder line = new StringBuilder("workload ").append(level).append(" mean");
      if (throughput == bytes && iops.length > 0 && mean(iops) > 0) {
        line.append(" (").append(Fmt.iops(mean(iops))).append(')');
      }
      if (!Double.isNaN(cv)) {
        boolean flat = cv <= ctx.thresholds().plateauCv();
        line.append(flat ? ", flat" : ", varying").append(" (cv ").append(Fmt.pct(cv)).append(')');
        double climb = latencyClimb(ctx);
        // Latency rising while throughput stays flat: requests queue behind a saturated resource.
        if (flat && climb >= ctx.thresholds().latencyClimb()) {
          line.append("; latency x").append(Fmt.num(climb)).append(" from the first third to the last");
        }
      }
      notes.add(line.toString());
    }
    LittlesLaw little = LittlesLaw.of(ctx);
    if (little != null) {
      notes.add(little.describe(ctx.thresholds()));
    }
    return notes;
  }

  /**
   * What in the workload shows it held against a ceiling (docs/detection.md, "Sustained, not
   * transient"): its throughput flat, its latency climbing, or its queues kept full. Empty when
   * it shows none of them; {@link #NO_READINGS} when the window has no workload throughput to
   * look at, which confirms nothing and contradicts nothing.
   */
  static List<String> holdsAgainstCeiling(Context ctx) {
    double[] throughput = throughput(ctx);
    if (throughput.length == 0) {
      return List.of(NO_READINGS);
    }
    Thresholds t = ctx.thresholds();
    List<String> shows = new ArrayList<>();
    double cv = Trend.cv(throughput);
    if (!Double.isNaN(cv) && cv <= t.plateauCv()) {
      shows.add("throughput flat (cv " + Fmt.pct(cv) + ")");
    }
    double climb = latencyClimb(ctx);
    if (!Double.isNaN(climb) && climb >= t.latencyClimb()) {
      shows.add("latency x" + Fmt.num(climb) + " from the first third to the last");
    }
    LittlesLaw little = LittlesLaw.of(ctx);
    if (little != null && little.queuesFull(t)) {
      shows.add("queues kept full (" + Fmt.pct(little.ratio()) + " of the outstanding I/O in flight)");
    }
    return shows;
  }

  static final String NO_READINGS = "no workload readings to confirm it";

  /** How many seconds of the window have a throughput reading of the workloads. */
  static int throughputReadings(Context ctx) {
    return throughput(ctx).length;
  }

  /** Bytes/s per second of the window when the workloads report bytes, else IOPS. */
  private static double[] throughput(Context ctx) {
    double[] bytes = bytes(ctx);
    return bytes.length > 0 && mean(bytes) > 0 ? bytes : iops(ctx);
  }

  /** The largest last-third over first-third ratio of the workloads' read or write latency. */
  static double latencyClimb(Context ctx) {
    double max = Double.NaN;
    for (String w : ctx.path().workloads()) {
      for (String metric : List.of(Metrics.READ_LATENCY_S, Metrics.WRITE_LATENCY_S)) {
        double c = Trend.lastOverFirst(ctx.values(w, metric));
        if (!Double.isNaN(c) && (Double.isNaN(max) || c > max)) {
          max = c;
        }
      }
    }
    return max;
  }

  static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return v.length == 0 ? 0 : s / v.length;
  }
}
