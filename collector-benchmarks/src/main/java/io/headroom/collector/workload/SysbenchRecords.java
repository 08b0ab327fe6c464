package io.headroom.collector.workload;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A sysbench run's workload entity and the samples of its interval lines, for a live run and an
 * imported log alike: one workload ({@code HOST/sysbench/RUN}) that runs on the host's CPUs, each
 * interval's figures stamped at the interval's end.
 */
public final class SysbenchRecords {
  private final String entityId;
  private final String host;
  private final Consumer<RecordingRecord> sink;
  private boolean declared;

  public SysbenchRecords(String host, String runId, Consumer<RecordingRecord> sink) {
    this.host = host;
    this.entityId = host + "/sysbench/" + runId;
    this.sink = sink;
  }

  public String entityId() {
    return entityId;
  }

  /** The interval's samples at start + its offset; the entity first, with the test's attributes. */
  public void accept(double start, SysbenchLog.Interval interval, Map<String, Object> attrs) {
    if (!declared) {
      Map<String, Object> a = new LinkedHashMap<>(attrs);
      Double threads = interval.values().get("threads");
      if (threads != null) {
        a.putIfAbsent("threads", threads.longValue());
      }
      sink.accept(new Entity(entityId, EntityKind.WORKLOAD, "sysbench", a, Map.of()));
      sink.accept(new Relation(entityId, Rel.RUNS_ON, host + "/cpu"));
      declared = true;
    }
    double ts = start + interval.offset();
    interval.values().forEach((k, v) -> {
      MetricDef metric = metric(k, interval.percentile());
      if (metric != null) {
        sink.accept(metric.sample(ts, entityId, v));
      }
    });
  }

  /** The metric of an interval figure; null for those not declared (threads, fsyncs, errors). */
  static MetricDef metric(String key, double percentile) {
    return switch (key) {
      case "tps" -> BenchMetrics.TRANSACTIONS_PER_S;
      case "qps" -> BenchMetrics.QUERIES_PER_S;
      case "eps" -> BenchMetrics.EVENTS_PER_S;
      case "read_bytes_per_s" -> BenchMetrics.READ_BYTES_PER_S;
      case "write_bytes_per_s" -> BenchMetrics.WRITE_BYTES_PER_S;
      case "latency_s" -> SysbenchLog.latencyMetric(percentile);
      default -> null;
    };
  }
}
