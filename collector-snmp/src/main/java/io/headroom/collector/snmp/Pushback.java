package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;

import java.util.Map;

/**
 * The tables that say a link pushed back, joined to IF-MIB ports by ifIndex: 802.3x pause frames
 * (EtherLike-MIB), priority flow control frames (CISCO-PFC-EXT-MIB), and a Cisco MDS FC port's
 * transmit wait and credit loss (CISCO-FC-FE-MIB). An agent without a table walks it empty and
 * adds nothing.
 *
 * @param pause dot3PauseTable
 * @param pfc cpfcIfTable
 * @param fcErrors fcIfErrorTable
 */
record Pushback(IntTable pause, IntTable pfc, IntTable fcErrors) {

  /** Adds the port's pushback counters to {@code counts}. */
  void addTo(Map<PortCounter, Count> counts, int ifIndex) {
    if (pause.get(DOT3_HC_IN_PAUSE_FRAMES, ifIndex) != null || pause.get(DOT3_HC_OUT_PAUSE_FRAMES, ifIndex) != null) {
      IfPorts.put64(counts, PortCounter.RX_PAUSE, pause, DOT3_HC_IN_PAUSE_FRAMES, ifIndex);
      IfPorts.put64(counts, PortCounter.TX_PAUSE, pause, DOT3_HC_OUT_PAUSE_FRAMES, ifIndex);
    } else {
      // agents of RFC 2665's time, or ports slower than 1 Gb/s: only the 32-bit counters
      IfPorts.put32(counts, PortCounter.RX_PAUSE, pause, DOT3_IN_PAUSE_FRAMES, ifIndex);
      IfPorts.put32(counts, PortCounter.TX_PAUSE, pause, DOT3_OUT_PAUSE_FRAMES, ifIndex);
    }
    IfPorts.put64(counts, PortCounter.PFC_REQUESTS, pfc, CPFC_IF_REQUESTS, ifIndex);
    IfPorts.put64(counts, PortCounter.PFC_INDICATIONS, pfc, CPFC_IF_INDICATIONS, ifIndex);
    IfPorts.put32(counts, PortCounter.CREDIT_ZERO_TICKS, fcErrors, FC_IF_TX_WAIT_COUNT, ifIndex);
    IfPorts.put64(counts, PortCounter.CREDIT_LOSS, fcErrors, FC_IF_CREDIT_LOSS, ifIndex);
    IfPorts.put32(counts, PortCounter.LINK_FAILURES, fcErrors, FC_IF_LINK_FAILURES, ifIndex);
  }
}
