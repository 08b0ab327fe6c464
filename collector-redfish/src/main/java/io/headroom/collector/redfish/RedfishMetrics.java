package io.headroom.collector.redfish;

import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import java.util.List;
import java.util.Set;

/** The Redfish source's metrics, declared once (docs/metrics/redfish.md is checked against this). */
public final class RedfishMetrics {
  private static final Set<String> CPU = EntityKind.set(EntityKind.HOST_CPU, EntityKind.ARRAY_CPU);
  private static final Set<String> PORT = EntityKind.set(EntityKind.NET_PORT);

  public static final MetricDef UTIL = new MetricDef(
      Metrics.UTIL, "fraction", "gauge", EntityKind.set(EntityKind.HOST_CPU, EntityKind.ARRAY_CPU, EntityKind.CPU_SOCKET),
      "Host or array CPU: Dell's System Board CPU Usage sensor (or the SystemUsage report's CPUUsage) / 100; without it, the mean of per-core CoreUtil sensors / 100 (NVIDIA GH200). Socket: ProcessorMetrics BandwidthPercent / 100, where the service has it.");
  public static final MetricDef IO_USAGE = new MetricDef(
      "bmc_io_usage", "fraction", "gauge", CPU,
      "Dell's System Board IO Usage / 100: PCIe root-port bandwidth used, summed over the platform (Intel only).");
  public static final MetricDef MEMORY_USAGE = new MetricDef(
      "bmc_memory_usage", "fraction", "gauge", CPU,
      "Dell's System Board MEM Usage / 100: memory channel bandwidth used (Intel only).");
  public static final MetricDef SYSTEM_USAGE = new MetricDef(
      "bmc_system_usage", "fraction", "gauge", CPU,
      "Dell's System Board SYS Usage / 100: the platform's combined CPU, memory and I/O usage index (Intel only).");
  public static final MetricDef RX_BYTES = new MetricDef(
      Metrics.RX_BYTES_PER_S, "bytes/s", "rate", PORT,
      "Bytes received: Dell NIC RxBytes, Dell FC FCRxKBCount x 1024, Dell InfiniBand TotalPortReceiveData x 4 (4-byte words), else PortMetrics RXBytes.");
  public static final MetricDef TX_BYTES = new MetricDef(
      Metrics.TX_BYTES_PER_S, "bytes/s", "rate", PORT,
      "Bytes sent: Dell NIC TxBytes, Dell FC FCTxKBCount x 1024, Dell InfiniBand TotalPortTransmitData x 4 (4-byte words), else PortMetrics TXBytes.");
  public static final MetricDef RX_PACKETS = new MetricDef(
      "rx_packets_per_s", "packets/s", "rate", PORT,
      "Ethernet: unicast + multicast + broadcast packets received (Dell NIC). FC: FCRxTotalFrames. InfiniBand: TotalPortReceivePackets.");
  public static final MetricDef TX_PACKETS = new MetricDef(
      "tx_packets_per_s", "packets/s", "rate", PORT,
      "Ethernet: unicast + multicast + broadcast packets sent (Dell NIC). FC: FCTxTotalFrames. InfiniBand: TotalPortTransmitPackets.");
  public static final MetricDef ERRORS = new MetricDef(
      Metrics.ERRORS_PER_S, "1/s", "rate", PORT,
      "Ethernet: FCS, alignment, jabber and runt receive errors and collisions (Dell NIC), else PortMetrics RXErrors + TXErrors. FC: FCInvalidCRCs. InfiniBand: receive, remote physical, switch relay, local link integrity, buffer overrun and symbol errors.");
  public static final MetricDef DISCARDS = new MetricDef(
      Metrics.DISCARDS_PER_S, "1/s", "rate", PORT,
      "Ethernet: DiscardedPkts (Dell NIC), else PortMetrics Networking RXDiscards + TXDiscards. InfiniBand: TotalPortTransmitDiscard + TotalVL15Dropped.");
  public static final MetricDef PAUSE = new MetricDef(
      Metrics.PAUSE_PER_S, "1/s", "rate", PORT,
      "Ethernet pause frames received, XON + XOFF (Dell NIC RxPauseXONFrames + RxPauseXOFFFrames): the link partner pushing back.");
  public static final MetricDef LINK_FAILURES = new MetricDef(
      "link_failures_per_s", "1/s", "rate", PORT, "FC link failures plus losses of signal (Dell FC port metrics). InfiniBand: link downs plus link error recoveries.");

  public static final List<MetricDef> ALL = List.of(UTIL, IO_USAGE, MEMORY_USAGE, SYSTEM_USAGE,
      RX_BYTES, TX_BYTES, RX_PACKETS, TX_PACKETS, ERRORS, DISCARDS, PAUSE, LINK_FAILURES);

  private RedfishMetrics() {}
}
