package io.headroom.app.report;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Series;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Metrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.DoubleBinaryOperator;

/**
 * The time series a report draws, reduced to at most {@link #MAX_POINTS} points each so a page
 * of a long run stays small: the workloads' throughput and latency (mean and p99), and the utilisation of
 * the tightest resources against their ceilings.
 */
final class ReportSeries {
  static final int MAX_POINTS = 600;
  static final int TIGHTEST = 4;

  private ReportSeries() {}

  /** A named line: times (Unix seconds) and values; offPath when its entity is off the data path (drawn grey). */
  record Line(String name, double[] ts, double[] values, boolean offPath) {
    Line(String name, double[] ts, double[] values) {
      this(name, ts, values, false);
    }
  }

  /** IOPS (read + write) summed over the workloads, per timestamp. */
  static Line throughput(RunData data, double from, double to) {
    return combine(data, "IOPS (all workloads)", from, to, List.of(Metrics.READ_IOPS, Metrics.WRITE_IOPS), Double::sum);
  }

  /**
   * Latency in milliseconds, the highest among the workloads per timestamp: mean read, mean write
   * and p99, each line only where the recording has that metric (fio's JSON gives means; a p99
   * needs its latency histogram).
   */
  static List<Line> latency(RunData data, double from, double to) {
    List<Line> out = new ArrayList<>();
    out.add(milliseconds(combine(data, "mean read latency ms (worst workload)", from, to, List.of(Metrics.READ_LATENCY_S), Math::max)));
    out.add(milliseconds(combine(data, "mean write latency ms (worst workload)", from, to, List.of(Metrics.WRITE_LATENCY_S), Math::max)));
    out.add(milliseconds(combine(data, "p99 latency ms (worst workload)", from, to, List.of(Metrics.LATENCY_P99_S), Math::max)));
    return out;
  }

  private static Line milliseconds(Line s) {
    double[] ms = s.values().clone();
    for (int i = 0; i < ms.length; i++) {
      ms[i] *= 1000;
    }
    return new Line(s.name(), s.ts(), ms);
  }

  /**
   * Each of the tightest entities over time against its declared ceiling (line rate, spec, util
   * 1.0): the highest metric/ceiling ratio per timestamp. The verdict's table reads the same
   * entities against their practical ceilings; the chart shows how the load moved.
   */
  static List<Line> tightest(RunData data, List<HeadroomEntry> headroom, double from, double to) {
    List<Line> out = new ArrayList<>();
    for (HeadroomEntry h : headroom.subList(0, Math.min(TIGHTEST, headroom.size()))) {
      Entity e = data.entity(h.entity());
      TreeMap<Double, Double> util = new TreeMap<>();
      for (Map.Entry<String, Series> m : data.seriesOf(h.entity()).entrySet()) {
        double ceiling = declaredCeiling(e, m.getKey());
        if (Double.isNaN(ceiling) || ceiling <= 0) {
          continue;
        }
        addBetween(m.getValue(), from, to, util, v -> v / ceiling, Math::max);
      }
      Line l = thin(h.entity() + " (" + h.kind() + ")" + ReportPage.marks(h), util);
      out.add(new Line(l.name(), l.ts(), l.values(), !h.onPath()));
    }
    return out;
  }

  /** util against 1.0, a bytes/s or IOPS metric against the entity's declared capacity of that family; else NaN. */
  static double declaredCeiling(Entity e, String metric) {
    if (metric.equals(Metrics.UTIL)) {
      return 1.0;
    }
    if (metric.endsWith(Metrics.CAPACITY_BYTES_PER_S)) {
      return e.capacity().getOrDefault(Metrics.CAPACITY_BYTES_PER_S, Double.NaN);
    }
    if (metric.endsWith("_" + Metrics.CAPACITY_IOPS)) {
      return e.capacity().getOrDefault(Metrics.CAPACITY_IOPS, Double.NaN);
    }
    return Double.NaN;
  }

  private static Line combine(RunData data, String name, double from, double to, List<String> metrics,
      DoubleBinaryOperator merge) {
    TreeMap<Double, Double> byTs = new TreeMap<>();
    for (Entity e : data.entities().values()) {
      if (!EntityKind.WORKLOAD.equals(e.kind())) {
        continue;
      }
      Map<String, Series> series = data.seriesOf(e.id());
      for (String metric : metrics) {
        Series s = series.get(metric);
        if (s != null) {
          addBetween(s, from, to, byTs, v -> v, merge);
        }
      }
    }
    return thin(name, byTs);
  }

  private static void addBetween(Series s, double from, double to, TreeMap<Double, Double> into,
      java.util.function.DoubleUnaryOperator f, DoubleBinaryOperator merge) {
    // inclusive of the end: a reading is stamped at the end of the second it covers, so the one
    // stamped at the run's end still belongs to the run
    double[] ts = s.timesBetween(from, Math.nextUp(to));
    double[] vs = s.valuesBetween(from, Math.nextUp(to));
    for (int i = 0; i < ts.length; i++) {
      double v = f.applyAsDouble(vs[i]);
      into.merge(ts[i], v, merge::applyAsDouble);
    }
  }

  /** Every k-th point, k chosen so at most MAX_POINTS remain; the last point is always kept. */
  static Line thin(String name, TreeMap<Double, Double> points) {
    int n = points.size();
    int step = Math.max(1, (n + MAX_POINTS - 1) / MAX_POINTS);
    int kept = n == 0 ? 0 : (n - 1) / step + 1 + ((n - 1) % step == 0 ? 0 : 1);
    double[] ts = new double[kept];
    double[] vs = new double[kept];
    int i = 0;
    int k = 0;
    for (Map.Entry<Double, Double> p : points.entrySet()) {
      if (i % step == 0 || i == n - 1) {
        ts[k] = p.getKey();
        vs[k] = p.getValue();
        k++;
      }
      i++;
    }
    return new Line(name, ts, vs);
  }
}
