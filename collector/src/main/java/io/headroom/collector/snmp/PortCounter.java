package io.headroom.collector.snmp;

/** The port counters the source turns into rates, whichever MIB they come from. */
enum PortCounter {
  RX_BYTES, TX_BYTES,
  RX_UCAST, RX_MCAST, RX_BCAST, TX_UCAST, TX_MCAST, TX_BCAST,
  RX_ERRORS, TX_ERRORS, CRC_ERRORS, LINK_FAILURES,
  RX_DISCARDS, TX_DISCARDS, CLASS3_DISCARDS,
  RX_PAUSE, TX_PAUSE, NO_TX_CREDITS,
  /** Time at zero transmit buffer-to-buffer credit, in Brocade's 2.5 us ticks. */
  CREDIT_ZERO_TICKS
}
