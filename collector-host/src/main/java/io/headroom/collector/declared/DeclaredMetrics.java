package io.headroom.collector.declared;

import io.headroom.collector.linux.BlockStats;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import java.util.List;
import java.util.Set;

/** The declared source's metrics, declared once (docs/metrics/declared.md is checked against this). */
public final class DeclaredMetrics {
  private static final Set<String> CPUS =
      EntityKind.set(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.ARRAY_CPU, EntityKind.CGROUP);

  public static final MetricDef UTIL = new MetricDef(Metrics.UTIL, "fraction", "gauge",
      EntityKind.set(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.ARRAY_CPU, EntityKind.CGROUP, EntityKind.DISK),
      "CPU kinds measured from a cgroup: CPU used over the cgroup's quota (else, or when the quota is above the machine, over all CPUs). Disks: share of time busy with I/O.");
  public static final MetricDef CPU_CORES_USED = new MetricDef("cpu_cores_used", "cores", "rate", CPUS,
      "CPU time the cgroup used per second (cpuacct.usage or cpu.stat usage_usec).");
  public static final MetricDef RX = port(Metrics.RX_BYTES_PER_S, "bytes/s", "Bytes received by the interface (statistics/rx_bytes).");
  public static final MetricDef TX = port(Metrics.TX_BYTES_PER_S, "bytes/s", "Bytes sent by the interface (statistics/tx_bytes).");
  public static final MetricDef ERRORS = port(Metrics.ERRORS_PER_S, "1/s", "Receive plus transmit errors (rx_errors + tx_errors).");
  public static final MetricDef DISCARDS = port(Metrics.DISCARDS_PER_S, "1/s", "Receive plus transmit drops (rx_dropped + tx_dropped).");
  public static final MetricDef READ_IOPS = disk(Metrics.READ_IOPS, "ops/s", "rate", "Reads completed per second (stat field 1).");
  public static final MetricDef WRITE_IOPS = disk(Metrics.WRITE_IOPS, "ops/s", "rate", "Writes completed per second (stat field 5).");
  public static final MetricDef READ_BYTES = disk(Metrics.READ_BYTES_PER_S, "bytes/s", "rate", "Sectors read x 512 per second (stat field 3).");
  public static final MetricDef WRITE_BYTES = disk(Metrics.WRITE_BYTES_PER_S, "bytes/s", "rate", "Sectors written x 512 per second (stat field 7).");
  public static final MetricDef READ_LATENCY = disk(Metrics.READ_LATENCY_S, "s", "gauge",
      "Mean time per read completed in the interval (field 4 / field 1); absent when none completed.");
  public static final MetricDef WRITE_LATENCY = disk(Metrics.WRITE_LATENCY_S, "s", "gauge",
      "Mean time per write completed in the interval (field 8 / field 5); absent when none completed.");
  public static final MetricDef QUEUE_DEPTH = disk(Metrics.QUEUE_DEPTH, "count", "gauge",
      "Mean I/Os in flight: weighted time in queue per second (field 11).");

  /** What BlockStats gives for a block device, as this source declares it. */
  static final BlockStats.Metrics BLOCK = new BlockStats.Metrics(
      READ_IOPS, WRITE_IOPS, READ_BYTES, WRITE_BYTES, READ_LATENCY, WRITE_LATENCY, QUEUE_DEPTH, UTIL);

  public static final List<MetricDef> ALL = List.of(UTIL, CPU_CORES_USED, RX, TX, ERRORS, DISCARDS,
      READ_IOPS, WRITE_IOPS, READ_BYTES, WRITE_BYTES, READ_LATENCY, WRITE_LATENCY, QUEUE_DEPTH);

  private DeclaredMetrics() {}

  private static MetricDef port(String name, String unit, String description) {
    return new MetricDef(name, unit, "rate", EntityKind.set(EntityKind.NET_PORT), description);
  }

  private static MetricDef disk(String name, String unit, String type, String description) {
    return new MetricDef(name, unit, type, EntityKind.set(EntityKind.DISK), description);
  }
}
