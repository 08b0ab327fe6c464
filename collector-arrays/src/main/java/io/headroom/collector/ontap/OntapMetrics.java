package io.headroom.collector.ontap;

import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import java.util.List;
import java.util.Set;

/**
 * The ontap source's metrics, declared once (docs/metrics/ontap.md is checked against this). All
 * come from counter tables as the counter manager's types define them (two polls for everything
 * but raw counters): "rate" here means a counter difference over the time between two polls.
 */
public final class OntapMetrics {
  private static final Set<String> NODE = EntityKind.set(EntityKind.ARRAY_CPU);
  private static final Set<String> IO = EntityKind.set(EntityKind.DISK);
  private static final Set<String> PORT = EntityKind.set(EntityKind.NET_PORT);

  public static final MetricDef UTIL = new MetricDef(Metrics.UTIL, "fraction", "rate", NODE,
      "system:node cpu_busy (percent over cpu_elapsed_time) / 100: the busiest CPU domain's share, ONTAP's CPU figure.");
  public static final MetricDef HEADROOM_UTIL = def(Metrics.HEADROOM_UTIL, "fraction", NODE,
      "headroom_cpu current_utilization / 100.");
  public static final MetricDef HEADROOM_OPS = def("headroom_ops", "ops/s", NODE, "headroom_cpu current_ops.");
  public static final MetricDef HEADROOM_LATENCY = def("headroom_latency_s", "s", NODE,
      "headroom_cpu current_latency (microseconds per op) / 1e6.");
  public static final MetricDef OPTIMAL_UTIL = def(Metrics.OPTIMAL_UTIL, "fraction", NODE,
      "headroom_cpu optimal_point.utilization / 100: ONTAP's own knee of the latency/utilization curve.");
  public static final MetricDef OPTIMAL_OPS = def("optimal_ops", "ops/s", NODE, "headroom_cpu optimal_point.ops.");
  public static final MetricDef OPTIMAL_LATENCY = def("optimal_latency_s", "s", NODE,
      "headroom_cpu optimal_point.latency (microseconds) / 1e6.");
  public static final MetricDef READ_IOPS = def(Metrics.READ_IOPS, "ops/s", IO, "volume total_read_ops; lun read_ops; volume_statistics: statistics.iops_raw.read.");
  public static final MetricDef WRITE_IOPS = def(Metrics.WRITE_IOPS, "ops/s", IO, "volume total_write_ops; lun write_ops; volume_statistics: statistics.iops_raw.write.");
  public static final MetricDef READ_BYTES = def(Metrics.READ_BYTES_PER_S, "bytes/s", IO, "volume bytes_read; lun read_data; volume_statistics: statistics.throughput_raw.read.");
  public static final MetricDef WRITE_BYTES = def(Metrics.WRITE_BYTES_PER_S, "bytes/s", IO, "volume bytes_written; lun write_data; volume_statistics: statistics.throughput_raw.write.");
  public static final MetricDef READ_LATENCY = def(Metrics.READ_LATENCY_S, "s", IO,
      "volume read_latency; lun average_read_latency; volume_statistics: statistics.latency_raw.read over iops_raw.read (microseconds per op) / 1e6.");
  public static final MetricDef WRITE_LATENCY = def(Metrics.WRITE_LATENCY_S, "s", IO,
      "volume write_latency; lun average_write_latency; volume_statistics: statistics.latency_raw.write over iops_raw.write (microseconds per op) / 1e6.");
  public static final MetricDef RX = def(Metrics.RX_BYTES_PER_S, "bytes/s", PORT,
      "lif received_data; nic_common receive_bytes; fcp write_data (hosts write into the array).");
  public static final MetricDef TX = def(Metrics.TX_BYTES_PER_S, "bytes/s", PORT,
      "lif sent_data; nic_common transmit_bytes; fcp read_data (hosts read from the array).");
  public static final MetricDef ERRORS = def(Metrics.ERRORS_PER_S, "1/s", PORT,
      "lif received_errors + sent_errors; nic_common receive_total_errors + transmit_total_errors; fcp invalid.crc.");
  public static final MetricDef DISCARDS = def(Metrics.DISCARDS_PER_S, "1/s", PORT, "fcp discarded_frames_count.");

  public static final List<MetricDef> ALL = List.of(UTIL, HEADROOM_UTIL, HEADROOM_OPS, HEADROOM_LATENCY, OPTIMAL_UTIL,
      OPTIMAL_OPS, OPTIMAL_LATENCY, READ_IOPS, WRITE_IOPS, READ_BYTES, WRITE_BYTES, READ_LATENCY, WRITE_LATENCY, RX, TX,
      ERRORS, DISCARDS);

  private OntapMetrics() {}

  private static MetricDef def(String name, String unit, Set<String> kinds, String description) {
    return new MetricDef(name, unit, "rate", kinds, description);
  }
}
