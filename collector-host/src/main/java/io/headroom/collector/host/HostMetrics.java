package io.headroom.collector.host;

import io.headroom.collector.linux.BlockStats;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import java.util.List;
import java.util.Set;

/**
 * The host source's metrics, declared once (docs/metrics/host.md is checked against this).
 * Fractions of time and levels are gauges; counters turned into per-second rates are rates.
 */
public final class HostMetrics {
  private static final Set<String> CPUS = EntityKind.set(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.CPU);
  private static final Set<String> CGROUPS = EntityKind.set(EntityKind.CGROUP, EntityKind.ARRAY_CPU);
  private static final Set<String> DISK = EntityKind.set(EntityKind.DISK);
  private static final Set<String> DISK_CGROUPS = EntityKind.set(EntityKind.DISK, EntityKind.CGROUP, EntityKind.ARRAY_CPU);
  private static final Set<String> PCIE = EntityKind.set(EntityKind.PCIE_LINK);
  private static final Set<String> PCIE_DISK_CGROUPS =
      EntityKind.set(EntityKind.PCIE_LINK, EntityKind.DISK, EntityKind.CGROUP, EntityKind.ARRAY_CPU);
  private static final Set<String> PORT = EntityKind.set(EntityKind.NET_PORT);

  public static final MetricDef UTIL = new MetricDef(
      Metrics.UTIL, "fraction", "gauge",
      EntityKind.set(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.CPU, EntityKind.CGROUP, EntityKind.ARRAY_CPU, EntityKind.DISK),
      "CPUs: share of time not idle and not in iowait. Cgroups: CPU used over the quota (else over the CPUs it may use). Disks: share of time busy with I/O.");
  public static final MetricDef UTIL_USER = cpuShare("util_user", "user and nice");
  public static final MetricDef UTIL_SYSTEM = cpuShare("util_system", "system (kernel, not interrupts)");
  public static final MetricDef UTIL_IRQ = cpuShare(Metrics.UTIL_IRQ, "hard interrupts");
  public static final MetricDef UTIL_SOFTIRQ = cpuShare(Metrics.UTIL_SOFTIRQ, "soft interrupts (block completions, network receive)");
  public static final MetricDef UTIL_IOWAIT = cpuShare("util_iowait", "idle with I/O outstanding");
  public static final MetricDef UTIL_STEAL = cpuShare("util_steal", "stolen by the hypervisor");
  public static final MetricDef PROCS_RUNNING = new MetricDef(
      Metrics.PROCS_RUNNING, "count", "gauge", EntityKind.set(EntityKind.HOST_CPU), "Runnable tasks (the run queue), from /proc/stat.");
  public static final MetricDef PROCS_BLOCKED = new MetricDef(
      "procs_blocked", "count", "gauge", EntityKind.set(EntityKind.HOST_CPU), "Tasks blocked waiting for I/O, from /proc/stat.");
  public static final MetricDef PSI_CPU_SOME = psi(Metrics.PSI_CPU_SOME, "some task waited for a CPU");
  public static final MetricDef PSI_IO_SOME = psi("psi_io_some", "some task waited for I/O");
  public static final MetricDef PSI_IO_FULL = psi("psi_io_full", "all non-idle tasks waited for I/O");

  public static final MetricDef NUMA_HIT = numastat("numa_hit_per_s", "allocated on this node as intended");
  public static final MetricDef NUMA_MISS = numastat("numa_miss_per_s", "allocated on this node though intended for another");
  public static final MetricDef NUMA_FOREIGN = numastat("numa_foreign_per_s", "intended for this node but allocated on another");
  public static final MetricDef INTERLEAVE_HIT = numastat("interleave_hit_per_s", "interleaved allocations placed here as intended");
  public static final MetricDef LOCAL_NODE = numastat("local_node_per_s", "allocated here for a task running on this node");
  public static final MetricDef OTHER_NODE = numastat("other_node_per_s", "allocated here for a task running on another node");
  public static final MetricDef REMOTE_ACCESS_RATIO = new MetricDef(
      Metrics.REMOTE_ACCESS_RATIO, "fraction", "gauge", EntityKind.set(EntityKind.CPU_SOCKET),
      "Share of this node's page allocations made for tasks on other nodes: other_node / (local_node + other_node) over the interval.");

  public static final MetricDef READ_BYTES = new MetricDef(
      Metrics.READ_BYTES_PER_S, "bytes/s", "rate", PCIE_DISK_CGROUPS,
      "Bytes read. PCIe: device to host, the sum of the disks and ports behind the link. Cgroups: through the cgroup's block I/O accounting.");
  public static final MetricDef WRITE_BYTES = new MetricDef(
      Metrics.WRITE_BYTES_PER_S, "bytes/s", "rate", PCIE_DISK_CGROUPS,
      "Bytes written. PCIe: host to device, the sum of the disks and ports behind the link.");
  public static final MetricDef ERRORS = new MetricDef(
      Metrics.ERRORS_PER_S, "1/s", "rate", EntityKind.set(EntityKind.PCIE_LINK, EntityKind.NET_PORT),
      "PCIe: AER errors (correctable, non-fatal, fatal). Ethernet: rx+tx errors. FC: error frames + invalid CRCs. IB: receive, symbol and remote physical errors.");
  public static final MetricDef IRQ_RATE = new MetricDef(
      "irq_per_s", "1/s", "rate", PCIE, "Interrupts raised by the device, all CPUs, from /proc/interrupts.");
  public static final MetricDef IRQ_REMOTE = new MetricDef(
      "irq_remote_fraction", "fraction", "gauge", PCIE,
      "Share of the device's interrupts handled by CPUs outside its NUMA node (only when the node is known).");

  public static final MetricDef READ_IOPS = new MetricDef(
      Metrics.READ_IOPS, "ops/s", "rate", DISK_CGROUPS, "Reads completed.");
  public static final MetricDef WRITE_IOPS = new MetricDef(
      Metrics.WRITE_IOPS, "ops/s", "rate", DISK_CGROUPS, "Writes completed.");
  public static final MetricDef READ_LATENCY = new MetricDef(
      Metrics.READ_LATENCY_S, "s", "gauge", DISK, "Mean time per read completed in the interval (queue and service).");
  public static final MetricDef WRITE_LATENCY = new MetricDef(
      Metrics.WRITE_LATENCY_S, "s", "gauge", DISK, "Mean time per write completed in the interval (queue and service).");
  public static final MetricDef QUEUE_DEPTH = new MetricDef(
      Metrics.QUEUE_DEPTH, "count", "gauge", DISK, "Mean requests in flight, from the weighted I/O time of /proc/diskstats.");

  public static final MetricDef RX_BYTES = new MetricDef(
      Metrics.RX_BYTES_PER_S, "bytes/s", "rate", PORT, "Bytes received by the port (FC words and IB data units times 4).");
  public static final MetricDef TX_BYTES = new MetricDef(
      Metrics.TX_BYTES_PER_S, "bytes/s", "rate", PORT, "Bytes sent by the port (FC words and IB data units times 4).");
  public static final MetricDef RX_PACKETS = new MetricDef(
      "rx_packets_per_s", "packets/s", "rate", PORT, "Packets (FC: frames) received.");
  public static final MetricDef TX_PACKETS = new MetricDef(
      "tx_packets_per_s", "packets/s", "rate", PORT, "Packets (FC: frames) sent.");
  public static final MetricDef DISCARDS = new MetricDef(
      Metrics.DISCARDS_PER_S, "1/s", "rate", PORT, "Ethernet: rx+tx drops. FC: dumped frames. IB: transmit discards.");
  public static final MetricDef TCP_RETRANSMITS = new MetricDef(
      Metrics.TCP_RETRANSMITS_PER_S, "segments/s", "rate", EntityKind.set(EntityKind.HOST_CPU),
      "TCP segments the host retransmitted (its network namespace's, all ports together), from /proc/net/snmp Tcp RetransSegs: lost segments, its own or its ACKs' peers', on some path.");
  public static final MetricDef LINK_FAILURES = new MetricDef(
      "link_failures_per_s", "1/s", "rate", PORT, "FC link failures; IB link downed events.");
  public static final MetricDef LOSS_OF_SYNC = new MetricDef(
      "loss_of_sync_per_s", "1/s", "rate", PORT, "FC loss of synchronisation events.");
  public static final MetricDef LOSS_OF_SIGNAL = new MetricDef(
      "loss_of_signal_per_s", "1/s", "rate", PORT, "FC loss of signal events.");
  public static final MetricDef XMIT_WAIT = new MetricDef(
      "xmit_wait_per_s", "ticks/s", "rate", PORT,
      "IB port_xmit_wait: ticks with data to send but no flow-control credit (the IB analogue of pause).");

  public static final MetricDef CORES_USED = new MetricDef(
      "cpu_cores_used", "cores", "gauge", CGROUPS, "CPU time used per second of wall time.");
  public static final MetricDef THROTTLED_FRACTION = new MetricDef(
      "throttled_fraction", "fraction", "gauge", CGROUPS, "Share of quota enforcement periods in which the cgroup was throttled.");
  public static final MetricDef THROTTLED_TIME = new MetricDef(
      "throttled_s_per_s", "s/s", "rate", CGROUPS, "Time the cgroup's tasks spent throttled per second (summed over its CPUs).");

  /** What BlockStats gives for a disk, as this source declares it. */
  static final BlockStats.Metrics BLOCK = new BlockStats.Metrics(
      READ_IOPS, WRITE_IOPS, READ_BYTES, WRITE_BYTES, READ_LATENCY, WRITE_LATENCY, QUEUE_DEPTH, UTIL);

  public static final List<MetricDef> ALL = List.of(
      UTIL, UTIL_USER, UTIL_SYSTEM, UTIL_IRQ, UTIL_SOFTIRQ, UTIL_IOWAIT, UTIL_STEAL,
      PROCS_RUNNING, PROCS_BLOCKED, PSI_CPU_SOME, PSI_IO_SOME, PSI_IO_FULL,
      NUMA_HIT, NUMA_MISS, NUMA_FOREIGN, INTERLEAVE_HIT, LOCAL_NODE, OTHER_NODE, REMOTE_ACCESS_RATIO,
      READ_BYTES, WRITE_BYTES, ERRORS, IRQ_RATE, IRQ_REMOTE,
      READ_IOPS, WRITE_IOPS, READ_LATENCY, WRITE_LATENCY, QUEUE_DEPTH,
      RX_BYTES, TX_BYTES, RX_PACKETS, TX_PACKETS, DISCARDS, TCP_RETRANSMITS, LINK_FAILURES, LOSS_OF_SYNC, LOSS_OF_SIGNAL, XMIT_WAIT,
      CORES_USED, THROTTLED_FRACTION, THROTTLED_TIME);

  private HostMetrics() {}

  private static MetricDef cpuShare(String name, String what) {
    return new MetricDef(name, "fraction", "gauge", CPUS, "Share of CPU time in " + what + ", from /proc/stat.");
  }

  private static MetricDef psi(String name, String what) {
    return new MetricDef(name, "fraction", "gauge", EntityKind.set(EntityKind.HOST_CPU, EntityKind.CGROUP, EntityKind.ARRAY_CPU),
        "Share of wall time in which " + what + " (pressure stall information, from the total= counter).");
  }

  private static MetricDef numastat(String name, String what) {
    return new MetricDef(name, "pages/s", "rate", EntityKind.set(EntityKind.CPU_SOCKET), "Pages " + what + " (numastat).");
  }
}
