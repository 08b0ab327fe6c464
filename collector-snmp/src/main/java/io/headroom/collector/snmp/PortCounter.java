package io.headroom.collector.snmp;

/** The port counters the source turns into rates, whichever MIB they come from. */
enum PortCounter {
  RX_BYTES, TX_BYTES,
  RX_UCAST, RX_MCAST, RX_BCAST, TX_UCAST, TX_MCAST, TX_BCAST,
  RX_ERRORS, TX_ERRORS, CRC_ERRORS, LINK_FAILURES,
  RX_DISCARDS, TX_DISCARDS, CLASS3_DISCARDS,
  RX_PAUSE, TX_PAUSE, NO_TX_CREDITS,
  /** Priority flow control (802.1Qbb) frames sent and received, all priorities. */
  PFC_REQUESTS, PFC_INDICATIONS,
  /** Time at zero transmit buffer-to-buffer credit, in 2.5 us ticks (Brocade tim_txcrd_z, Cisco TxWait). */
  CREDIT_ZERO_TICKS,
  /** FC credit loss recoveries: the port went a second or more without transmit credit and reset the link. */
  CREDIT_LOSS
}
