package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.Series;
import io.headroom.analyzer.data.Stats;
import java.util.TreeMap;

/** Statistics of the sum of two metrics read at the same instants (reads plus writes). */
final class Sums {
  private Sums() {}

  /** p95 of a+b, pairing readings by timestamp; a reading without a partner counts alone. */
  static double p95(Context ctx, String entity, String a, String b) {
    double p = Stats.percentile(values(ctx, entity, a, b), 0.95);
    return Double.isNaN(p) ? 0 : p;
  }

  /** a+b at each instant of the window, in time order. */
  static double[] values(Context ctx, String entity, String a, String b) {
    return byTime(ctx, entity, a, b).values().stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** The instants of {@link #values}, in the same order. */
  static double[] times(Context ctx, String entity, String a, String b) {
    return byTime(ctx, entity, a, b).keySet().stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** a+b by instant in the window. */
  static TreeMap<Double, Double> byTime(Context ctx, String entity, String a, String b) {
    TreeMap<Double, Double> sum = new TreeMap<>();
    add(ctx, entity, a, sum);
    add(ctx, entity, b, sum);
    return sum;
  }

  private static void add(Context ctx, String entity, String metric, TreeMap<Double, Double> sum) {
    Series s = ctx.data().seriesOf(entity).get(metric);
    if (s == null) {
      return;
    }
    double[] ts = s.timesBetween(ctx.window().from(), ctx.window().to());
    double[] vs = s.valuesBetween(ctx.window().from(), ctx.window().to());
    for (int i = 0; i < ts.length; i++) {
      sum.merge(ts[i], vs[i], Double::sum);
    }
  }
}
