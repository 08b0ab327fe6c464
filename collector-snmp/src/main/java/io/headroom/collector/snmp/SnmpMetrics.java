package io.headroom.collector.snmp;

import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import java.util.List;
import java.util.Set;

/** The SNMP source's metrics, declared once (docs/metrics/snmp.md is checked against this). */
public final class SnmpMetrics {
  private static final Set<String> CPUS = EntityKind.set(EntityKind.SWITCH_CPU, EntityKind.ARRAY_CPU, EntityKind.HOST_CPU);
  private static final Set<String> PORT = EntityKind.set(EntityKind.NET_PORT);

  public static final MetricDef RX = port(Metrics.RX_BYTES_PER_S, "bytes/s",
      "Bytes received: ifHCInOctets (ifInOctets where the agent has no ifXTable); FC: connUnitPortStatCountRxElements, else swFCPortRxWords x 4.");
  public static final MetricDef TX = port(Metrics.TX_BYTES_PER_S, "bytes/s",
      "Bytes sent: ifHCOutOctets (ifOutOctets where the agent has no ifXTable); FC: connUnitPortStatCountTxElements, else swFCPortTxWords x 4.");
  public static final MetricDef RX_PACKETS = port("rx_packets_per_s", "1/s",
      "Unicast + multicast + broadcast packets received (ifHCIn*Pkts, else the 32-bit ifTable/ifXTable counters).");
  public static final MetricDef TX_PACKETS = port("tx_packets_per_s", "1/s",
      "Unicast + multicast + broadcast packets sent (ifHCOut*Pkts, else the 32-bit ifTable/ifXTable counters).");
  public static final MetricDef ERRORS = port(Metrics.ERRORS_PER_S, "1/s",
      "ifInErrors + ifOutErrors; FC: connUnitPortStatCountInvalidCRC, else swFCPortRxCrcs.");
  public static final MetricDef DISCARDS = port(Metrics.DISCARDS_PER_S, "1/s",
      "ifInDiscards + ifOutDiscards; FC: connUnitPortStatCountClass3Discards, else swFCPortC3Discards.");
  public static final MetricDef PAUSE = port(Metrics.PAUSE_PER_S, "1/s",
      "Pushback: Ethernet pause frames received + sent (dot3HCInPauseFrames + dot3HCOutPauseFrames, else the 32-bit dot3InPauseFrames + dot3OutPauseFrames), plus priority flow control frames sent + received (Cisco cpfcIfRequests + cpfcIfIndications); FC: times transmit credit reached zero (swFCPortNoTxCredits, or half of connUnitPortStatCountBBCreditZero's transitions on non-Brocade switches).");
  public static final MetricDef CREDIT_ZERO = new MetricDef(Metrics.TX_CREDIT_ZERO_FRACTION, "fraction", "rate", PORT,
      "FC: share of time the port could not send for want of buffer-to-buffer credit, from 2.5 us ticks (Brocade: connUnitPortStatCountBBCreditZero; Cisco MDS: fcIfTxWaitCount).");
  public static final MetricDef LINK_FAILURES = port("link_failures_per_s", "1/s",
      "FC link failures (connUnitPortStatCountLinkFailures; Cisco MDS: fcIfLinkFailures).");
  public static final MetricDef CREDIT_LOSS = port("credit_loss_per_s", "1/s",
      "FC, Cisco MDS: credit loss recoveries, link resets after the port went without transmit credit for a second (fcIfCreditLoss).");
  public static final MetricDef UTIL = new MetricDef(Metrics.UTIL, "fraction", "gauge", CPUS,
      "Mean of hrProcessorLoad / 100 over the agent's processors (each a one-minute average).");
  public static final MetricDef CPU_UTIL_MAX = new MetricDef("cpu_util_max", "fraction", "gauge", CPUS,
      "The busiest processor's hrProcessorLoad / 100.");

  public static final List<MetricDef> ALL = List.of(RX, TX, RX_PACKETS, TX_PACKETS, ERRORS, DISCARDS, PAUSE,
      CREDIT_ZERO, LINK_FAILURES, CREDIT_LOSS, UTIL, CPU_UTIL_MAX);

  private SnmpMetrics() {}

  private static MetricDef port(String name, String unit, String description) {
    return new MetricDef(name, unit, "rate", PORT, description);
  }
}
