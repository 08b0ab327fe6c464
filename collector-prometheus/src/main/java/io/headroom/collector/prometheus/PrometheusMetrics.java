package io.headroom.collector.prometheus;

import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a Prometheus mapping file may turn an exporter's series into, declared once
 * (docs/metrics/prometheus.md is checked against this). A mapping names a metric by its name; the
 * name is looked up here, with the entity kind it is given for, so every reading still goes
 * through its declaration. The figures are the host source's, the SNMP source's and the Redfish
 * source's, computed by PromQL over the exporter's series instead of from the kernel's, the agent's
 * or the BMC's.
 */
public final class PrometheusMetrics {
  private static final Set<String> CPUS = EntityKind.set(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.CPU);
  private static final Set<String> DISK = EntityKind.set(EntityKind.DISK);
  private static final Set<String> PORT = EntityKind.set(EntityKind.NET_PORT);
  private static final Set<String> HOST = EntityKind.set(EntityKind.HOST_CPU);

  public static final MetricDef UTIL = new MetricDef(Metrics.UTIL, "fraction", "gauge",
      EntityKind.set(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.CPU, EntityKind.DISK),
      "CPUs: share of CPU time not idle and not in iowait (from a BMC: its CPU usage / 100). Disks: share of time busy with I/O.");
  public static final MetricDef UTIL_USER = cpuShare("util_user", "user and nice");
  public static final MetricDef UTIL_SYSTEM = cpuShare("util_system", "system");
  public static final MetricDef UTIL_IRQ = cpuShare(Metrics.UTIL_IRQ, "hard interrupts");
  public static final MetricDef UTIL_SOFTIRQ = cpuShare(Metrics.UTIL_SOFTIRQ, "soft interrupts");
  public static final MetricDef UTIL_IOWAIT = cpuShare("util_iowait", "iowait (idle with I/O outstanding)");
  public static final MetricDef UTIL_STEAL = cpuShare("util_steal", "steal");
  public static final MetricDef PROCS_RUNNING = new MetricDef(Metrics.PROCS_RUNNING, "count", "gauge", HOST,
      "Runnable tasks (the run queue).");
  public static final MetricDef PROCS_BLOCKED = new MetricDef("procs_blocked", "count", "gauge", HOST,
      "Tasks blocked waiting for I/O.");
  public static final MetricDef PSI_CPU_SOME = psi(Metrics.PSI_CPU_SOME, "some task waited for a CPU");
  public static final MetricDef PSI_IO_SOME = psi("psi_io_some", "some task waited for I/O");
  public static final MetricDef PSI_IO_FULL = psi("psi_io_full", "all non-idle tasks waited for I/O");
  public static final MetricDef TCP_RETRANSMITS = new MetricDef(Metrics.TCP_RETRANSMITS_PER_S, "segments/s", "rate", HOST,
      "TCP segments the host retransmitted.");

  public static final MetricDef READ_IOPS = new MetricDef(Metrics.READ_IOPS, "ops/s", "rate", DISK, "Reads completed.");
  public static final MetricDef WRITE_IOPS = new MetricDef(Metrics.WRITE_IOPS, "ops/s", "rate", DISK, "Writes completed.");
  public static final MetricDef READ_BYTES = new MetricDef(Metrics.READ_BYTES_PER_S, "bytes/s", "rate", DISK, "Bytes read.");
  public static final MetricDef WRITE_BYTES = new MetricDef(Metrics.WRITE_BYTES_PER_S, "bytes/s", "rate", DISK, "Bytes written.");
  public static final MetricDef READ_LATENCY = new MetricDef(Metrics.READ_LATENCY_S, "s", "gauge", DISK,
      "Mean time per read completed in the step (time reading over reads completed).");
  public static final MetricDef WRITE_LATENCY = new MetricDef(Metrics.WRITE_LATENCY_S, "s", "gauge", DISK,
      "Mean time per write completed in the step.");
  public static final MetricDef QUEUE_DEPTH = new MetricDef(Metrics.QUEUE_DEPTH, "count", "gauge", DISK,
      "Mean requests in flight: the rate of the weighted I/O time.");

  public static final MetricDef RX_BYTES = new MetricDef(Metrics.RX_BYTES_PER_S, "bytes/s", "rate", PORT, "Bytes received by the port.");
  public static final MetricDef TX_BYTES = new MetricDef(Metrics.TX_BYTES_PER_S, "bytes/s", "rate", PORT, "Bytes sent by the port.");
  public static final MetricDef RX_PACKETS = new MetricDef("rx_packets_per_s", "packets/s", "rate", PORT, "Packets (FC: frames) received.");
  public static final MetricDef TX_PACKETS = new MetricDef("tx_packets_per_s", "packets/s", "rate", PORT, "Packets (FC: frames) sent.");
  public static final MetricDef ERRORS = new MetricDef(Metrics.ERRORS_PER_S, "1/s", "rate", PORT,
      "Errors, received and sent (FC: error frames and invalid CRCs).");
  public static final MetricDef DISCARDS = new MetricDef(Metrics.DISCARDS_PER_S, "1/s", "rate", PORT,
      "Drops and discards, received and sent (FC: dumped frames).");
  public static final MetricDef LINK_FAILURES = new MetricDef("link_failures_per_s", "1/s", "rate", PORT,
      "FC link failures; IB link downed events.");
  public static final MetricDef XMIT_WAIT = new MetricDef("xmit_wait_per_s", "ticks/s", "rate", PORT,
      "IB port_xmit_wait: ticks with data to send but no flow-control credit.");

  public static final List<MetricDef> ALL = List.of(
      UTIL, UTIL_USER, UTIL_SYSTEM, UTIL_IRQ, UTIL_SOFTIRQ, UTIL_IOWAIT, UTIL_STEAL,
      PROCS_RUNNING, PROCS_BLOCKED, PSI_CPU_SOME, PSI_IO_SOME, PSI_IO_FULL, TCP_RETRANSMITS,
      READ_IOPS, WRITE_IOPS, READ_BYTES, WRITE_BYTES, READ_LATENCY, WRITE_LATENCY, QUEUE_DEPTH,
      RX_BYTES, TX_BYTES, RX_PACKETS, TX_PACKETS, ERRORS, DISCARDS, LINK_FAILURES, XMIT_WAIT);

  private static final Map<String, MetricDef> BY_NAME =
      ALL.stream().collect(Collectors.toUnmodifiableMap(MetricDef::name, Function.identity()));

  private PrometheusMetrics() {}

  /** The declaration a mapping names, if there is one. */
  static Optional<MetricDef> named(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }

  private static MetricDef cpuShare(String name, String what) {
    return new MetricDef(name, "fraction", "gauge", CPUS, "Share of CPU time in " + what + ".");
  }

  private static MetricDef psi(String name, String what) {
    return new MetricDef(name, "fraction", "gauge", HOST,
        "Share of wall time in which " + what + " (pressure stall information).");
  }
}
