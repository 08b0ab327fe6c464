package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.model.MetricDef;
import java.util.List;

/**
 * One reading of a port's counters, summed over the resources read (NPAR partitions), with which
 * counters the BMC gave at all: a null counter is absent, not zero.
 */
final class PortReading {
  /** The counters, in this order, with the metric each becomes as a rate. */
  static final List<MetricDef> METRICS = List.of(RedfishMetrics.RX_BYTES, RedfishMetrics.TX_BYTES,
      RedfishMetrics.RX_PACKETS, RedfishMetrics.TX_PACKETS, RedfishMetrics.ERRORS, RedfishMetrics.DISCARDS,
      RedfishMetrics.PAUSE, RedfishMetrics.LINK_FAILURES);

  final long[] values = new long[METRICS.size()];
  final boolean[] present = new boolean[METRICS.size()];

  /**
   * IBTA PortXmitData and PortRcvData count 4-octet words ("data octets, divided by 4"); Dell's
   * TotalPortTransmitData and TotalPortReceiveData carry them (docs/metrics/redfish.md).
   */
  static final long IB_DATA_WORD_BYTES = 4;

  /** The counters of the documents read for one port, decoded as their format says (summed over partitions). */
  static PortReading of(List<JsonNode> docs, BmcProfile.CounterFormat format) {
    PortReading r = new PortReading();
    for (JsonNode d : docs) {
      switch (format) {
        case DELL_PORT_METRICS -> r.addDell(d);
        case PORT_METRICS -> r.addPortMetrics(d);
      }
    }
    return r;
  }

  /** Dell's NIC, FC or InfiniBand port metrics (DellNICPortMetrics, DellFCPortMetrics, DellInfiniBandPortMetrics). */
  void addDell(JsonNode d) {
    if (d.has("TotalPortTransmitData") || d.has("TotalPortReceiveData")) {
      addInfiniBand(d);
      return;
    }
    if (d.has("FCRxKBCount") || d.has("FCTxKBCount")) {
      add(0, scaled(d.get("FCRxKBCount"), 1024));
      add(1, scaled(d.get("FCTxKBCount"), 1024));
      add(2, d.get("FCRxTotalFrames"));
      add(3, d.get("FCTxTotalFrames"));
      add(4, d.get("FCInvalidCRCs"));
      add(7, Json.counter(d.get("FCLinkFailures")), Json.counter(d.get("FCLossOfSignals")));
      return;
    }
    add(0, d.get("RxBytes"));
    add(1, d.get("TxBytes"));
    add(2, Json.counter(d.get("RxUnicastPackets")), Json.counter(d.get("RxMutlicastPackets")),
        Json.counter(d.get("RxBroadcast")));
    add(3, Json.counter(d.get("TxUnicastPackets")), Json.counter(d.get("TxMutlicastPackets")),
        Json.counter(d.get("TxBroadcast")));
    add(4, Json.counter(d.get("RxErrorPktFCSErrors")), Json.counter(d.get("RxErrorPktAlignmentErrors")),
        Json.counter(d.get("RxJabberPkt")), Json.counter(d.get("RxRuntPkt")),
        Json.counter(d.get("TxErrorPktExcessiveCollision")), Json.counter(d.get("TxErrorPktLateCollision")));
    add(5, d.get("DiscardedPkts"));
    add(6, Json.counter(d.get("RxPauseXONFrames")), Json.counter(d.get("RxPauseXOFFFrames")));
  }

  /**
   * Dell's InfiniBand port metrics: the IBTA PortCounters (data in 4-octet words, packets, receive
   * errors, transmit discards, link downs and error recoveries). PortXmitWait counts ticks of
   * waiting, not events, so it is not a pause rate.
   */
  private void addInfiniBand(JsonNode d) {
    add(0, scaled(d.get("TotalPortReceiveData"), IB_DATA_WORD_BYTES));
    add(1, scaled(d.get("TotalPortTransmitData"), IB_DATA_WORD_BYTES));
    add(2, d.get("TotalPortReceivePackets"));
    add(3, d.get("TotalPortTransmitPackets"));
    add(4, Json.counter(d.get("TotalPortReceiveErrors")), Json.counter(d.get("TotalPortReceiveRemotePhysicalErrors")),
        Json.counter(d.get("PortReceiveSwitchRelayTotalErrors")), Json.counter(d.get("TotalLocalLinkIntegrityErrors")),
        Json.counter(d.get("TotalExcessiveBufferOverrun")), Json.counter(d.get("TotalSymbolErrorCounter")));
    add(5, Json.counter(d.get("TotalPortTransmitDiscard")), Json.counter(d.get("TotalVL15Dropped")));
    add(7, Json.counter(d.get("TotalLinkDownedCounter")), Json.counter(d.get("TotalLinkErrorRecoveryCounter")));
  }

  /** The DMTF PortMetrics of a port (RXBytes, TXBytes, RXErrors, TXErrors, Networking frames and discards). */
  void addPortMetrics(JsonNode d) {
    JsonNode net = d.path("Networking");
    add(0, d.get("RXBytes"));
    add(1, d.get("TXBytes"));
    add(2, net.get("RXFrames"));
    add(3, net.get("TXFrames"));
    add(4, Json.counter(d.get("RXErrors")), Json.counter(d.get("TXErrors")));
    add(5, Json.counter(net.get("RXDiscards")), Json.counter(net.get("TXDiscards")));
    add(6, Json.counter(net.get("RXPauseXONFrames")), Json.counter(net.get("RXPauseXOFFFrames")));
  }

  boolean any() {
    for (boolean p : present) {
      if (p) {
        return true;
      }
    }
    return false;
  }

  private static Long scaled(JsonNode n, long by) {
    Long v = Json.counter(n);
    return v == null ? null : v * by;
  }

  private void add(int i, JsonNode n) {
    add(i, Json.counter(n));
  }

  /** Adds the parts that are present; the counter is present when any part is. */
  private void add(int i, Long... parts) {
    for (Long p : parts) {
      if (p != null) {
        values[i] += p;
        present[i] = true;
      }
    }
  }
}
