package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.Stats;
import java.util.ArrayList;
import java.util.List;

/**
 * A resource's service demand read across the run's phases (the utilization law with a fixed
 * background: U = U0 + D X). Where a resource also carries load that does not grow with the
 * workload (another tenant's traffic, a CPU's housekeeping), one phase's reading over its
 * throughput overstates its demand and brings the next limit too soon; phases of the same mix at
 * different throughputs separate the two. Fitted by least squares on the resource's mean load (as a
 * share of its practical ceiling) against the workloads' mean throughput, over the phases where it
 * was below its ceiling (a full resource's load no longer follows the throughput).
 *
 * @param background U0, the share of its practical ceiling with no workload
 * @param perUnit D, the share each unit of throughput adds
 * @param phases how many phases the fit is over
 * @param x the throughput of the window asked about
 * @param idle whether the run's readings before its benchmark (Idle) are a point of the fit: the
 *     background read at no workload rather than only extrapolated to it
 */
record Demand(double background, double perUnit, int phases, double x, boolean idle) {
  /** Throughputs across the fitted phases must span at least this factor to separate U0 from D. */
  static final double SPREAD = 1.5;

  /** The pressure the resource would have at this window's throughput without its background's share of the ceiling. */
  double pressure() {
    return x / fullAt();
  }

  /** The throughput at which it reaches its practical ceiling. */
  double fullAt() {
    return (1 - background) / perUnit;
  }

  /** "its load over 4 phases of this mix: 31% of its practical ceiling with no workload, ...". */
  String describe(String entity, NextLimits.Throughput unit) {
    return entity + "'s load over " + phases + " phase" + (phases == 1 ? "" : "s") + " of this mix"
        + (idle ? " and " + Idle.NAME : "") + ": " + Fmt.pct(background)
        + " of its practical ceiling with no workload, growing " + Fmt.pct(perUnit * x) + " at " + unit.format(x)
        + ": full at " + unit.format(fullAt());
  }

  /** The entity's demand from the run's windows of this window's mix; null when they cannot tell it. */
  static Demand of(Context ctx, String entity) {
    NextLimits.Throughput now = NextLimits.Throughput.of(ctx);
    if (now == null) {
      return null;
    }
    List<double[]> points = new ArrayList<>();
    List<Context> windows = ctx.runWindows().ofMix(ctx);
    // the workloads' mix unknown (no latency to tell it by): this window alone, which the reading
    // before the run can still separate
    for (Context c : windows.isEmpty() ? List.of(ctx) : windows) {
      NextLimits.Throughput x = NextLimits.Throughput.of(c);
      Double share = loadShare(c, entity);
      if (x == null || x.bytes() != now.bytes() || share == null) {
        continue;
      }
      // a phase where it was full counts too: the utilisation law holds at the ceiling (the
      // throughput there is its bound), and that phase is often the one furthest from the others
      points.add(new double[] {x.value(), share});
    }
    Context idle = ctx.runWindows().idle();
    Double before = idle == null ? null : loadShare(idle, entity);
    return fit(points, before == null ? Double.NaN : before, now.value());
  }

  /**
   * The entity's mean load in the window as a share of its practical ceiling (NaN with no reading
   * of it there); null when it has no load in the window.
   */
  private static Double loadShare(Context c, String entity) {
    Load l = c.data().entities().containsKey(entity) && c.hasReadings(entity) ? Load.of(c, entity) : null;
    return l == null ? null : Stats.mean(l.readings(c)) / (l.ceiling() * l.practical());
  }

  /**
   * True when every judged window of this window's mix ran at about one throughput (within SPREAD
   * of each other): a load that does not grow with the workload (another tenant's, housekeeping)
   * cannot then be told from one that does, so a bound worked out from one window's load is a
   * floor, not an estimate.
   */
  static boolean oneThroughput(Context ctx) {
    NextLimits.Throughput now = NextLimits.Throughput.of(ctx);
    if (now == null || ctx.runWindows().idle() != null) {
      return false;
    }
    double least = now.value();
    double most = now.value();
    for (Context c : ctx.runWindows().ofMix(ctx)) {
      NextLimits.Throughput x = NextLimits.Throughput.of(c);
      if (x != null && x.bytes() == now.bytes()) {
        least = Math.min(least, x.value());
        most = Math.max(most, x.value());
      }
    }
    return most < SPREAD * least;
  }

  /**
   * Least squares over the phases' points and the idle one (throughput 0) when there is one; null
   * with fewer than two points, phases too close in throughput to separate the two parts without an
   * idle point, or no growth.
   *
   * @param idle the load with no workload, NaN when not read
   */
  static Demand fit(List<double[]> phases, double idle, double x) {
    boolean withIdle = !Double.isNaN(idle);
    List<double[]> points = new ArrayList<>(phases);
    if (withIdle) {
      points.add(new double[] {0, idle});
    }
    if (phases.isEmpty() || points.size() < 2) {
      return null;
    }
    double least = Double.POSITIVE_INFINITY;
    double most = 0;
    double sx = 0;
    double sy = 0;
    for (double[] p : phases) {
      least = Math.min(least, p[0]);
      most = Math.max(most, p[0]);
    }
    for (double[] p : points) {
      sx += p[0];
      sy += p[1];
    }
    if (!(least > 0) || (!withIdle && most < SPREAD * least)) {
      return null;
    }
    double mx = sx / points.size();
    double my = sy / points.size();
    double cov = 0;
    double var = 0;
    for (double[] p : points) {
      cov += (p[0] - mx) * (p[1] - my);
      var += (p[0] - mx) * (p[0] - mx);
    }
    double slope = cov / var;
    double intercept = my - slope * mx;
    // a background below zero or at the ceiling is noise or another regime, not a background
    if (!(slope > 0) || intercept < 0 || intercept >= 1) {
      return null;
    }
    return new Demand(intercept, slope, phases.size(), x, withIdle);
  }
}
