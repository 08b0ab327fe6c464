package io.headroom.collector.snmp;

import org.snmp4j.smi.OID;

/**
 * Every OID the source reads, named as in its MIB (docs/metrics/snmp.md gives the MIB, the syntax
 * and the unit of each, checked against the MIB text). Tables are walked from their entry; a
 * column is {@code entry.column.index}.
 */
final class Oids {
  // SNMPv2-MIB (RFC 3418) system group
  static final OID SYS_OBJECT_ID = new OID("1.3.6.1.2.1.1.2.0");
  /** TimeTicks: hundredths of a second since the agent's network management part was (re)started. */
  static final OID SYS_UP_TIME = new OID("1.3.6.1.2.1.1.3.0");
  static final OID SYS_NAME = new OID("1.3.6.1.2.1.1.5.0");
  /** SNMP-FRAMEWORK-MIB (RFC 3411) snmpEngineTime.0, INTEGER seconds since snmpEngineBoots last changed. */
  static final OID SNMP_ENGINE_TIME = new OID("1.3.6.1.6.3.10.2.1.3.0");
  /** HOST-RESOURCES-MIB (RFC 2790) hrSystemUptime.0, TimeTicks since the host was last initialised. */
  static final OID HR_SYSTEM_UPTIME = new OID("1.3.6.1.2.1.25.1.1.0");

  // IF-MIB (RFC 2863) ifTable ifEntry
  static final OID IF_ENTRY = new OID("1.3.6.1.2.1.2.2.1");
  static final int IF_DESCR = 2;
  static final int IF_TYPE = 3;
  /** Gauge32, bits per second; 4294967295 when the speed is more than it can say (then ifHighSpeed). */
  static final int IF_SPEED = 5;
  static final int IF_OPER_STATUS = 8;
  static final int IF_IN_OCTETS = 10;
  static final int IF_IN_UCAST_PKTS = 11;
  static final int IF_IN_DISCARDS = 13;
  static final int IF_IN_ERRORS = 14;
  static final int IF_OUT_OCTETS = 16;
  static final int IF_OUT_UCAST_PKTS = 17;
  static final int IF_OUT_DISCARDS = 19;
  static final int IF_OUT_ERRORS = 20;

  // IF-MIB ifXTable ifXEntry
  static final OID IFX_ENTRY = new OID("1.3.6.1.2.1.31.1.1.1");
  static final int IF_NAME = 1;
  static final int IF_IN_MULTICAST_PKTS = 2;
  static final int IF_IN_BROADCAST_PKTS = 3;
  static final int IF_OUT_MULTICAST_PKTS = 4;
  static final int IF_OUT_BROADCAST_PKTS = 5;
  static final int IF_HC_IN_OCTETS = 6;
  static final int IF_HC_IN_UCAST_PKTS = 7;
  static final int IF_HC_IN_MULTICAST_PKTS = 8;
  static final int IF_HC_IN_BROADCAST_PKTS = 9;
  static final int IF_HC_OUT_OCTETS = 10;
  static final int IF_HC_OUT_UCAST_PKTS = 11;
  static final int IF_HC_OUT_MULTICAST_PKTS = 12;
  static final int IF_HC_OUT_BROADCAST_PKTS = 13;
  /** Gauge32, units of 1,000,000 bits per second. */
  static final int IF_HIGH_SPEED = 15;
  static final int IF_ALIAS = 18;
  /** TimeStamp: sysUpTime at the last discontinuity of any of the interface's counters. */
  static final int IF_COUNTER_DISCONTINUITY_TIME = 19;

  /** IANAifType fibreChannel(56): FC ports a switch also lists in IF-MIB. */
  static final int IFTYPE_FIBRE_CHANNEL = 56;

  // EtherLike-MIB (RFC 3635) dot3PauseTable dot3PauseEntry, indexed by ifIndex
  static final OID DOT3_PAUSE_ENTRY = new OID("1.3.6.1.2.1.10.7.10.1");
  /** Counter32, used only where the agent has no dot3HC*PauseFrames for the port. */
  static final int DOT3_IN_PAUSE_FRAMES = 3;
  static final int DOT3_OUT_PAUSE_FRAMES = 4;
  static final int DOT3_HC_IN_PAUSE_FRAMES = 5;
  static final int DOT3_HC_OUT_PAUSE_FRAMES = 6;

  // CISCO-PFC-EXT-MIB cpfcIfTable cpfcIfEntry (ciscoMgmt.813), indexed by ifIndex: 802.1Qbb
  // priority flow control frames, all priorities together, Counter64
  static final OID CPFC_IF_ENTRY = new OID("1.3.6.1.4.1.9.9.813.1.1.1");
  static final int CPFC_IF_REQUESTS = 1;
  static final int CPFC_IF_INDICATIONS = 2;

  // CISCO-FC-FE-MIB fcIfErrorTable fcIfErrorEntry (ciscoMgmt.289), indexed by ifIndex (Cisco MDS
  // lists its FC ports in IF-MIB as fibreChannel(56))
  static final OID FC_IF_ERROR_ENTRY = new OID("1.3.6.1.4.1.9.9.289.1.2.1.1");
  /** Counter32. */
  static final int FC_IF_LINK_FAILURES = 1;
  /** Counter32, 2.5 us ticks with zero transmit credit while frames waited (Cisco's TxWait). */
  static final int FC_IF_TX_WAIT_COUNT = 15;
  /** Counter64, credit loss recoveries (link resets after a second or more without credit). */
  static final int FC_IF_CREDIT_LOSS = 37;

  // HOST-RESOURCES-MIB (RFC 2790) hrProcessorTable hrProcessorEntry, indexed by hrDeviceIndex
  static final OID HR_PROCESSOR_ENTRY = new OID("1.3.6.1.2.1.25.3.3.1");
  /** Integer32 0..100: percent of the last minute the processor was not idle. */
  static final int HR_PROCESSOR_LOAD = 2;

  // FCMGMT-MIB (Fibre Alliance MIB 3.0, experimental.94) connUnitPortTable, index connUnitId.port
  static final OID CONN_UNIT_PORT_ENTRY = new OID("1.3.6.1.3.94.1.10.1");
  static final int CONN_UNIT_PORT_STATE = 6;
  /** INTEGER, kilobytes per second. */
  static final int CONN_UNIT_PORT_SPEED = 15;
  static final int CONN_UNIT_PORT_NAME = 17;
  // FCMGMT-MIB connUnitPortStatTable: OCTET STRING (SIZE (8)) counters, 0x80 00.. = unsupported
  static final OID CONN_UNIT_PORT_STAT_ENTRY = new OID("1.3.6.1.3.94.4.5.1");
  static final int STAT_COUNT_TX_ELEMENTS = 6;
  static final int STAT_COUNT_RX_ELEMENTS = 7;
  static final int STAT_COUNT_BB_CREDIT_ZERO = 8;
  static final int STAT_COUNT_CLASS3_DISCARDS = 28;
  static final int STAT_COUNT_LINK_FAILURES = 39;
  static final int STAT_COUNT_INVALID_CRC = 40;

  // Brocade SW-MIB swFCPortTable swFCPortEntry, index swFCPortIndex (front-panel port + 1)
  static final OID SW_FC_PORT_ENTRY = new OID("1.3.6.1.4.1.1588.2.1.1.1.6.2.1");
  static final int SW_FC_PORT_OP_STATUS = 4;
  /** Counter32 of 4-byte Fibre Channel words (absent from Fabric OS 8 on). */
  static final int SW_FC_PORT_TX_WORDS = 11;
  static final int SW_FC_PORT_RX_WORDS = 12;
  static final int SW_FC_PORT_NO_TX_CREDITS = 20;
  static final int SW_FC_PORT_RX_CRCS = 22;
  static final int SW_FC_PORT_C3_DISCARDS = 28;
  static final int SW_FC_PORT_NAME = 36;
  /** Brocade's enterprise: its Fabric OS counts connUnitPortStatCountBBCreditZero in 2.5 us ticks. */
  static final OID BROCADE_ENTERPRISE = new OID("1.3.6.1.4.1.1588");

  // LLDP-MIB (IEEE 802.1AB-2005)
  static final OID LLDP_LOC_PORT_ENTRY = new OID("1.0.8802.1.1.2.1.3.7.1");
  static final int LLDP_LOC_PORT_ID_SUBTYPE = 2;
  static final int LLDP_LOC_PORT_ID = 3;
  static final int LLDP_LOC_PORT_DESC = 4;
  /** Index lldpRemTimeMark.lldpRemLocalPortNum.lldpRemIndex. */
  static final OID LLDP_REM_ENTRY = new OID("1.0.8802.1.1.2.1.4.1.1");
  static final int LLDP_REM_PORT_ID_SUBTYPE = 6;
  static final int LLDP_REM_PORT_ID = 7;
  static final int LLDP_REM_PORT_DESC = 8;
  static final int LLDP_REM_SYS_NAME = 9;
  /** LldpPortIdSubtype interfaceName(5): the port id is the interface's name (ifName). */
  static final int LLDP_PORT_ID_INTERFACE_NAME = 5;

  private Oids() {}
}
