package io.headroom.analyzer.analysis;

import io.headroom.model.Metrics;
import io.headroom.analyzer.data.Window;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Stats;
import io.headroom.analyzer.data.Series;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.HeadroomEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * How close each entity came to its ceiling in a window (docs/architecture.md, "Headroom").
 * An entity's utilisation is the highest, over its metrics, of the metric's p95 divided by its
 * ceiling: {@code util} against 1.0, and each {@code *_bytes_per_s} or {@code *_iops} metric
 * against the entity's {@code capacity.bytes_per_s} or {@code capacity.iops} (ceilings are per
 * direction). p95 rather than max so one noisy second does not make a port look full. Workloads
 * and the collector's own entities have no ceiling and are left out.
 */
public final class HeadroomCalculator {
  static final double PERCENTILE = 0.95;

  private HeadroomCalculator() {}

  public static List<HeadroomEntry> headroom(RunData data, Window window) {
    List<HeadroomEntry> out = new ArrayList<>();
    for (String id : data.entityIdsWithSamples()) {
      Entity entity = data.entity(id);
      if (EntityKind.WORKLOAD.equals(entity.kind()) || EntityKind.COLLECTOR.equals(entity.kind())) {
        continue;
      }
      double utilization = utilization(entity, data.seriesOf(id), window);
      if (!Double.isNaN(utilization)) {
        out.add(new HeadroomEntry(id, entity.kind(), round(utilization)));
      }
    }
    out.sort(Comparator.comparingDouble(HeadroomEntry::utilization).reversed()
        .thenComparing(HeadroomEntry::entity));
    return out;
  }

  /** NaN when the entity has no metric with a known ceiling in the window. */
  static double utilization(Entity entity, Map<String, Series> metrics, Window window) {
    double best = Double.NaN;
    for (Map.Entry<String, Series> m : metrics.entrySet()) {
      double ceiling = ceiling(entity, m.getKey());
      if (Double.isNaN(ceiling) || ceiling <= 0) {
        continue;
      }
      double p95 = Stats.percentile(m.getValue().valuesBetween(window.from(), window.to()), PERCENTILE);
      if (!Double.isNaN(p95) && (Double.isNaN(best) || p95 / ceiling > best)) {
        best = p95 / ceiling;
      }
    }
    return best;
  }

  /** The ceiling that applies to a metric of an entity, NaN when none is known. */
  public static double ceiling(Entity entity, String metric) {
    if (metric.equals(Metrics.UTIL)) {
      return 1.0;
    }
    // every metric in bytes/s (read/write, rx/tx, whatever a source adds) against the bytes/s family
    if (metric.endsWith(Metrics.CAPACITY_BYTES_PER_S)) {
      return entity.capacity().getOrDefault(Metrics.CAPACITY_BYTES_PER_S, Double.NaN);
    }
    if (metric.endsWith("_" + Metrics.CAPACITY_IOPS)) {
      return entity.capacity().getOrDefault(Metrics.CAPACITY_IOPS, Double.NaN);
    }
    return Double.NaN;
  }

  private static double round(double v) {
    return Math.round(v * 10_000d) / 10_000d;
  }
}
