package io.headroom.collector.flashblade;

import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import java.util.List;
import java.util.Set;

/**
 * The flashblade source's metrics, declared once (docs/metrics/flashblade.md is checked against
 * this). FlashBlade's performance endpoints answer rates the array already computed (py-pure-client's
 * models: "reads_per_sec", "usec_per_read_op", "received_bytes_per_sec"), each stamped with its
 * sample's {@code time}: gauges, as the array did the counting.
 */
public final class FlashBladeMetrics {
  private static final Set<String> IO = EntityKind.set(EntityKind.DISK);
  private static final Set<String> PORT = EntityKind.set(EntityKind.NET_PORT);

  public static final MetricDef READ_IOPS = io(Metrics.READ_IOPS, "ops/s", "reads_per_sec.");
  public static final MetricDef WRITE_IOPS = io(Metrics.WRITE_IOPS, "ops/s", "writes_per_sec.");
  public static final MetricDef READ_BYTES = new MetricDef(Metrics.READ_BYTES_PER_S, "bytes/s", "gauge", IO,
      "file-systems/performance read_bytes_per_sec (the NFS endpoint has no bytes).");
  public static final MetricDef WRITE_BYTES = new MetricDef(Metrics.WRITE_BYTES_PER_S, "bytes/s", "gauge", IO,
      "file-systems/performance write_bytes_per_sec (the NFS endpoint has no bytes).");
  public static final MetricDef READ_LATENCY = io(Metrics.READ_LATENCY_S, "s",
      "usec_per_read_op / 1e6; none while reads_per_sec is 0 (the array still writes a figure then).");
  public static final MetricDef WRITE_LATENCY = io(Metrics.WRITE_LATENCY_S, "s",
      "usec_per_write_op / 1e6; none while writes_per_sec is 0.");
  public static final MetricDef RX = port(Metrics.RX_BYTES_PER_S, "bytes/s", "received_bytes_per_sec.");
  public static final MetricDef TX = port(Metrics.TX_BYTES_PER_S, "bytes/s", "transmitted_bytes_per_sec.");
  public static final MetricDef ERRORS = port(Metrics.ERRORS_PER_S, "1/s",
      "total_errors_per_sec (the sum of all reception and transmission errors).");
  public static final MetricDef DISCARDS = port(Metrics.DISCARDS_PER_S, "1/s", "transmitted_dropped_errors_per_sec.");

  public static final List<MetricDef> ALL = List.of(READ_IOPS, WRITE_IOPS, READ_BYTES, WRITE_BYTES, READ_LATENCY,
      WRITE_LATENCY, RX, TX, ERRORS, DISCARDS);

  private FlashBladeMetrics() {}

  private static MetricDef io(String name, String unit, String field) {
    return new MetricDef(name, unit, "gauge", IO, "arrays/nfs-specific-performance and file-systems/performance " + field);
  }

  private static MetricDef port(String name, String unit, String field) {
    return new MetricDef(name, unit, "gauge", PORT, "hardware-connectors/performance " + field);
  }
}
