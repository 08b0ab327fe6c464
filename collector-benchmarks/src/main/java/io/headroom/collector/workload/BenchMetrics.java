package io.headroom.collector.workload;

import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import java.util.List;
import java.util.Set;

/**
 * The benchmark source's metrics (fio runs, fio JSON import, vdbench flatfile import, sysbench runs and logs), declared
 * once. docs/metrics/fio.md is checked against {@link #ALL} by a test.
 */
public final class BenchMetrics {
  private static final Set<String> W = EntityKind.set(EntityKind.WORKLOAD);

  public static final MetricDef READ_IOPS = new MetricDef(
      Metrics.READ_IOPS, "ops/s", "rate", W,
      "Read I/Os completed per second over the interval (fio: delta of read total_ios over delta of job runtime).");
  public static final MetricDef WRITE_IOPS = new MetricDef(
      Metrics.WRITE_IOPS, "ops/s", "rate", W,
      "Write I/Os completed per second over the interval (fio: delta of write total_ios over delta of job runtime).");
  public static final MetricDef READ_BYTES_PER_S = new MetricDef(
      Metrics.READ_BYTES_PER_S, "bytes/s", "rate", W,
      "Bytes read per second over the interval (fio: delta of read io_bytes over delta of job runtime).");
  public static final MetricDef WRITE_BYTES_PER_S = new MetricDef(
      Metrics.WRITE_BYTES_PER_S, "bytes/s", "rate", W,
      "Bytes written per second over the interval (fio: delta of write io_bytes over delta of job runtime).");
  public static final MetricDef READ_LATENCY_S = new MetricDef(
      Metrics.READ_LATENCY_S, "s", "gauge", W,
      "Mean read completion latency of the I/Os completed in the interval (fio clat; vdbench read_resp).");
  public static final MetricDef WRITE_LATENCY_S = new MetricDef(
      Metrics.WRITE_LATENCY_S, "s", "gauge", W,
      "Mean write completion latency of the I/Os completed in the interval (fio clat; vdbench write_resp).");
  public static final MetricDef LATENCY_P99_S = new MetricDef(
      Metrics.LATENCY_P99_S, "s", "gauge", W,
      "99th percentile completion latency over reads and writes (fio: from json+ clat bins of the interval, "
          + "else the larger of fio's read and write clat p99 since job start; vdbench has none).");

  public static final MetricDef LATENCY_P95_S = new MetricDef(
      "latency_p95_s", "s", "gauge", W,
      "95th percentile latency of the interval's events (sysbench --report-interval with --percentile=95, its default).");
  public static final MetricDef TRANSACTIONS_PER_S = new MetricDef(
      "transactions_per_s", "ops/s", "rate", W,
      "Transactions per second over the interval (sysbench OLTP tests: tps).");
  public static final MetricDef QUERIES_PER_S = new MetricDef(
      "queries_per_s", "ops/s", "rate", W,
      "Queries per second over the interval, reads, writes and others together (sysbench OLTP tests: qps).");
  public static final MetricDef EVENTS_PER_S = new MetricDef(
      "events_per_s", "ops/s", "rate", W,
      "Events per second over the interval (sysbench cpu, memory, threads and mutex tests: eps).");

  public static final List<MetricDef> ALL = List.of(
      READ_IOPS, WRITE_IOPS, READ_BYTES_PER_S, WRITE_BYTES_PER_S,
      READ_LATENCY_S, WRITE_LATENCY_S, LATENCY_P99_S, LATENCY_P95_S,
      TRANSACTIONS_PER_S, QUERIES_PER_S, EVENTS_PER_S);

  private BenchMetrics() {}
}
