package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;

import java.util.HashMap;
import java.util.Map;
import org.snmp4j.smi.OID;

/**
 * The name of each table the source walks and, for each column it reads a value of a given type
 * from, the column's name and syntax as its MIB defines them (docs/metrics/snmp.md, "The OIDs,
 * their syntax and unit"): what a problem about a value of another type says it expected.
 */
final class MibColumns {
  record Column(String name, String syntax) {}

  private static final Map<OID, String> TABLES = new HashMap<>();
  private static final Map<OID, Column> COLUMNS = new HashMap<>();

  static {
    table(IF_ENTRY, "ifTable");
    column(IF_ENTRY, IF_TYPE, "ifType", "IANAifType (INTEGER)");
    column(IF_ENTRY, IF_SPEED, "ifSpeed", "Gauge32");
    column(IF_ENTRY, IF_PHYS_ADDRESS, "ifPhysAddress", "PhysAddress (OCTET STRING)");
    column(IF_ENTRY, IF_OPER_STATUS, "ifOperStatus", "INTEGER");
    column(IF_ENTRY, IF_IN_OCTETS, "ifInOctets", "Counter32");
    column(IF_ENTRY, IF_IN_UCAST_PKTS, "ifInUcastPkts", "Counter32");
    column(IF_ENTRY, IF_IN_DISCARDS, "ifInDiscards", "Counter32");
    column(IF_ENTRY, IF_IN_ERRORS, "ifInErrors", "Counter32");
    column(IF_ENTRY, IF_OUT_OCTETS, "ifOutOctets", "Counter32");
    column(IF_ENTRY, IF_OUT_UCAST_PKTS, "ifOutUcastPkts", "Counter32");
    column(IF_ENTRY, IF_OUT_DISCARDS, "ifOutDiscards", "Counter32");
    column(IF_ENTRY, IF_OUT_ERRORS, "ifOutErrors", "Counter32");
    table(IFX_ENTRY, "ifXTable");
    column(IFX_ENTRY, IF_IN_MULTICAST_PKTS, "ifInMulticastPkts", "Counter32");
    column(IFX_ENTRY, IF_IN_BROADCAST_PKTS, "ifInBroadcastPkts", "Counter32");
    column(IFX_ENTRY, IF_OUT_MULTICAST_PKTS, "ifOutMulticastPkts", "Counter32");
    column(IFX_ENTRY, IF_OUT_BROADCAST_PKTS, "ifOutBroadcastPkts", "Counter32");
    column(IFX_ENTRY, IF_HC_IN_OCTETS, "ifHCInOctets", "Counter64");
    column(IFX_ENTRY, IF_HC_IN_UCAST_PKTS, "ifHCInUcastPkts", "Counter64");
    column(IFX_ENTRY, IF_HC_IN_MULTICAST_PKTS, "ifHCInMulticastPkts", "Counter64");
    column(IFX_ENTRY, IF_HC_IN_BROADCAST_PKTS, "ifHCInBroadcastPkts", "Counter64");
    column(IFX_ENTRY, IF_HC_OUT_OCTETS, "ifHCOutOctets", "Counter64");
    column(IFX_ENTRY, IF_HC_OUT_UCAST_PKTS, "ifHCOutUcastPkts", "Counter64");
    column(IFX_ENTRY, IF_HC_OUT_MULTICAST_PKTS, "ifHCOutMulticastPkts", "Counter64");
    column(IFX_ENTRY, IF_HC_OUT_BROADCAST_PKTS, "ifHCOutBroadcastPkts", "Counter64");
    column(IFX_ENTRY, IF_HIGH_SPEED, "ifHighSpeed", "Gauge32");
    column(IFX_ENTRY, IF_COUNTER_DISCONTINUITY_TIME, "ifCounterDiscontinuityTime", "TimeStamp (TimeTicks)");
    table(IF_STACK_ENTRY, "ifStackTable");
    table(DOT3_PAUSE_ENTRY, "dot3PauseTable");
    column(DOT3_PAUSE_ENTRY, DOT3_IN_PAUSE_FRAMES, "dot3InPauseFrames", "Counter32");
    column(DOT3_PAUSE_ENTRY, DOT3_OUT_PAUSE_FRAMES, "dot3OutPauseFrames", "Counter32");
    column(DOT3_PAUSE_ENTRY, DOT3_HC_IN_PAUSE_FRAMES, "dot3HCInPauseFrames", "Counter64");
    column(DOT3_PAUSE_ENTRY, DOT3_HC_OUT_PAUSE_FRAMES, "dot3HCOutPauseFrames", "Counter64");
    table(CPFC_IF_ENTRY, "cpfcIfTable");
    column(CPFC_IF_ENTRY, CPFC_IF_REQUESTS, "cpfcIfRequests", "Counter64");
    column(CPFC_IF_ENTRY, CPFC_IF_INDICATIONS, "cpfcIfIndications", "Counter64");
    table(FC_IF_ERROR_ENTRY, "fcIfErrorTable");
    column(FC_IF_ERROR_ENTRY, FC_IF_LINK_FAILURES, "fcIfLinkFailures", "Counter32");
    column(FC_IF_ERROR_ENTRY, FC_IF_TX_WAIT_COUNT, "fcIfTxWaitCount", "Counter32");
    column(FC_IF_ERROR_ENTRY, FC_IF_CREDIT_LOSS, "fcIfCreditLoss", "Counter64");
    table(HR_PROCESSOR_ENTRY, "hrProcessorTable");
    column(HR_PROCESSOR_ENTRY, HR_PROCESSOR_LOAD, "hrProcessorLoad", "Integer32");
    table(CONN_UNIT_PORT_ENTRY, "connUnitPortTable");
    column(CONN_UNIT_PORT_ENTRY, CONN_UNIT_PORT_TYPE, "connUnitPortType", "FcPortType (INTEGER)");
    column(CONN_UNIT_PORT_ENTRY, CONN_UNIT_PORT_STATE, "connUnitPortState", "INTEGER");
    column(CONN_UNIT_PORT_ENTRY, CONN_UNIT_PORT_TRANSMITTER_TYPE, "connUnitPortTransmitterType", "INTEGER");
    column(CONN_UNIT_PORT_ENTRY, CONN_UNIT_PORT_SPEED, "connUnitPortSpeed", "INTEGER");
    table(CONN_UNIT_PORT_STAT_ENTRY, "connUnitPortStatTable");
    String fc64 = "OCTET STRING (SIZE (8))";
    column(CONN_UNIT_PORT_STAT_ENTRY, STAT_COUNT_TX_ELEMENTS, "connUnitPortStatCountTxElements", fc64);
    column(CONN_UNIT_PORT_STAT_ENTRY, STAT_COUNT_RX_ELEMENTS, "connUnitPortStatCountRxElements", fc64);
    column(CONN_UNIT_PORT_STAT_ENTRY, STAT_COUNT_BB_CREDIT_ZERO, "connUnitPortStatCountBBCreditZero", fc64);
    column(CONN_UNIT_PORT_STAT_ENTRY, STAT_COUNT_CLASS3_DISCARDS, "connUnitPortStatCountClass3Discards", fc64);
    column(CONN_UNIT_PORT_STAT_ENTRY, STAT_COUNT_LINK_FAILURES, "connUnitPortStatCountLinkFailures", fc64);
    column(CONN_UNIT_PORT_STAT_ENTRY, STAT_COUNT_INVALID_CRC, "connUnitPortStatCountInvalidCRC", fc64);
    table(SW_FC_PORT_ENTRY, "swFCPortTable");
    column(SW_FC_PORT_ENTRY, SW_FC_PORT_TX_WORDS, "swFCPortTxWords", "Counter32");
    column(SW_FC_PORT_ENTRY, SW_FC_PORT_RX_WORDS, "swFCPortRxWords", "Counter32");
    column(SW_FC_PORT_ENTRY, SW_FC_PORT_NO_TX_CREDITS, "swFCPortNoTxCredits", "Counter32");
    column(SW_FC_PORT_ENTRY, SW_FC_PORT_RX_CRCS, "swFCPortRxCrcs", "Counter32");
    column(SW_FC_PORT_ENTRY, SW_FC_PORT_C3_DISCARDS, "swFCPortC3Discards", "Counter32");
    table(LLDP_LOC_PORT_ENTRY, "lldpLocPortTable");
    column(LLDP_LOC_PORT_ENTRY, LLDP_LOC_PORT_ID_SUBTYPE, "lldpLocPortIdSubtype", "LldpPortIdSubtype (INTEGER)");
    table(LLDP_REM_ENTRY, "lldpRemTable");
    column(LLDP_REM_ENTRY, LLDP_REM_PORT_ID_SUBTYPE, "lldpRemPortIdSubtype", "LldpPortIdSubtype (INTEGER)");
  }

  private MibColumns() {}

  private static void table(OID entry, String name) {
    TABLES.put(entry, name);
  }

  private static void column(OID entry, int column, String name, String syntax) {
    COLUMNS.put(new OID(entry).append(column), new Column(name, syntax));
  }

  /** The table's name ("ifTable"), or its entry's OID for a table not listed here. */
  static String table(OID entry) {
    return TABLES.getOrDefault(entry, entry.toDottedString());
  }

  /** The column's name and syntax; for one not listed, its number and "a number". */
  static Column column(OID entry, int column) {
    Column c = COLUMNS.get(new OID(entry).append(column));
    return c != null ? c : new Column("column " + column, "a number");
  }
}
