package io.headroom.collector.powerstore;

import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import java.util.List;
import java.util.Set;

/**
 * The powerstore source's metrics, declared once (docs/metrics/powerstore.md is checked against
 * this). Every one is the array's own average over its metric interval, stamped with the array's
 * timestamp for the end of that interval: gauges, since the array did the counting.
 */
public final class PowerStoreMetrics {
  static final String NODE = EntityKind.ARRAY_CPU;
  /** An appliance (two nodes); its own kind so the ARRAY_CPU rule judges nodes, not their mean. */
  static final String APPLIANCE = EntityKind.ARRAY_APPLIANCE;
  private static final Set<String> IO_KINDS = EntityKind.set(NODE, APPLIANCE, EntityKind.DISK);
  private static final Set<String> PORT = EntityKind.set(EntityKind.NET_PORT);

  public static final MetricDef UTIL = new MetricDef(Metrics.UTIL, "fraction", "gauge", EntityKind.set(NODE, APPLIANCE),
      "io_workload_cpu_utilization: the cores serving storage I/O, busy share (a fraction as the array sends it; percent / 100 with cpu_unit percent).");
  public static final MetricDef READ_IOPS = io(Metrics.READ_IOPS, "ops/s", "read_iops.");
  public static final MetricDef WRITE_IOPS = io(Metrics.WRITE_IOPS, "ops/s", "write_iops.");
  public static final MetricDef READ_BYTES = io(Metrics.READ_BYTES_PER_S, "bytes/s", "read_bandwidth (bytes per second).");
  public static final MetricDef WRITE_BYTES = io(Metrics.WRITE_BYTES_PER_S, "bytes/s", "write_bandwidth (bytes per second).");
  public static final MetricDef READ_LATENCY = io(Metrics.READ_LATENCY_S, "s", "avg_read_latency (microseconds) / 1e6.");
  public static final MetricDef WRITE_LATENCY = io(Metrics.WRITE_LATENCY_S, "s", "avg_write_latency (microseconds) / 1e6.");
  public static final MetricDef IO_SIZE = io("io_size_bytes", "bytes", "avg_io_size: mean size of reads and writes.");
  public static final MetricDef RX = port(Metrics.RX_BYTES_PER_S,
      "Received by the array port: Ethernet bytes_rx_ps; FC write_bandwidth (hosts write into the array).");
  public static final MetricDef TX = port(Metrics.TX_BYTES_PER_S,
      "Sent by the array port: Ethernet bytes_tx_ps; FC read_bandwidth (hosts read from the array).");
  public static final MetricDef ERRORS = new MetricDef(Metrics.ERRORS_PER_S, "1/s", "gauge", PORT,
      "Ethernet pkt_rx_crc_error_ps + pkt_tx_error_ps; FC invalid_crc_count_ps.");
  public static final MetricDef DISCARDS = new MetricDef(Metrics.DISCARDS_PER_S, "1/s", "gauge", PORT,
      "Ethernet pkt_rx_no_buffer_error_ps; FC dumped_frames_ps.");

  public static final List<MetricDef> ALL = List.of(UTIL, READ_IOPS, WRITE_IOPS, READ_BYTES, WRITE_BYTES,
      READ_LATENCY, WRITE_LATENCY, IO_SIZE, RX, TX, ERRORS, DISCARDS);

  private PowerStoreMetrics() {}

  private static MetricDef io(String name, String unit, String field) {
    return new MetricDef(name, unit, "gauge", IO_KINDS, "performance_metrics_by_node, _by_appliance, _by_volume " + field);
  }

  private static MetricDef port(String name, String description) {
    return new MetricDef(name, "bytes/s", "gauge", PORT, description);
  }
}
