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
 * of a long run stays small: the workloads' throughput (IOPS and bytes/s) and latency (mean and p99), and
 * a resource's reading against its declared ceiling, each over the window (from, to].
 */
final class ReportSeries {
  static final int MAX_POINTS = 600;

  private ReportSeries() {}

  /** A named line: times (Unix seconds) and values. */
  record Line(String name, double[] ts, double[] values) {}

  /** IOPS (read + write) summed over the workloads, per timestamp. */
  static Line throughput(RunData data, double from, double to) {
    return combine(data, "IOPS (all workloads)", from, to, List.of(Metrics.READ_IOPS, Metrics.WRITE_IOPS), Double::sum);
  }

  /** Bytes per second (read + write) summed over the workloads, per timestamp. */
  static Line bytes(RunData data, double from, double to) {
    return combine(data, "bytes/s (all workloads)", from, to, List.of(Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S),
        Double::sum);
  }

  /**
   * The workloads' mean I/O size in the window, bytes over operations; NaN without both. A phase
   * of large I/O (sequential, 64 KiB and up) is drawn in bytes/s as such studies report it.
   */
  static double meanIoSize(RunData data, double from, double to) {
    double ops = sum(throughput(data, from, to).values());
    double bytes = sum(bytes(data, from, to).values());
    return ops > 0 && bytes > 0 ? bytes / ops : Double.NaN;
  }

  private static double sum(double[] values) {
    double s = 0;
    for (double v : values) {
      s += v;
    }
    return s;
  }

  /**
   * One headroom row's reading over the window against its declared ceiling, the share its
   * {@code line_rate} is the p95 of: a port's or link's direction against its line rate, a CPU's
   * or a busy disk's util against 1.0, a disk's IOPS or bytes against its spec; any other reading
   * as the heaviest of the entity's metrics against their declared ceilings.
   */
  static Line share(RunData data, HeadroomEntry h, double from, double to) {
    Entity e = data.entity(h.entity());
    TreeMap<Double, Double> util = new TreeMap<>();
    Map<String, Series> series = data.seriesOf(h.entity());
    List<String> metrics = switch (h.reading() == null ? "" : h.reading()) {
      case "tx" -> List.of(Metrics.TX_BYTES_PER_S);
      case "rx" -> List.of(Metrics.RX_BYTES_PER_S);
      case "device-to-host" -> List.of(Metrics.READ_BYTES_PER_S);
      case "host-to-device" -> List.of(Metrics.WRITE_BYTES_PER_S);
      case "util", "busy" -> List.of(Metrics.UTIL);
      case "iops" -> List.of(Metrics.READ_IOPS, Metrics.WRITE_IOPS);
      case "bytes" -> List.of(Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S);
      default -> List.of();
    };
    if (e == null) {
      return new Line(h.entity(), new double[0], new double[0]);
    }
    if (metrics.isEmpty()) {
      for (Map.Entry<String, Series> m : series.entrySet()) {
        double ceiling = declaredCeiling(e, m.getKey());
        if (!Double.isNaN(ceiling) && ceiling > 0) {
          addBetween(m.getValue(), from, to, util, v -> v / ceiling, Math::max);
        }
      }
    } else {
      double ceiling = declaredCeiling(e, metrics.get(0));
      for (String metric : metrics) {
        Series s = series.get(metric);
        if (s != null && ceiling > 0) {
          // reads and writes of one instant add up against the one spec
          addBetween(s, from, to, util, v -> v / ceiling, Double::sum);
        }
      }
    }
    return thin(h.entity(), util);
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

  /**
   * The readings of (from, to]: a reading is stamped at the end of the second it covers, so the
   * one stamped at a phase's start covers the phase before (drawn in this one, it made S1's
   * 24,432-IOPS phase start at the previous phase's 996,800), and the one stamped at its end is its own.
   */
  private static void addBetween(Series s, double from, double to, TreeMap<Double, Double> into,
      java.util.function.DoubleUnaryOperator f, DoubleBinaryOperator merge) {
    double[] ts = s.timesBetween(Math.nextUp(from), Math.nextUp(to));
    double[] vs = s.valuesBetween(Math.nextUp(from), Math.nextUp(to));
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
