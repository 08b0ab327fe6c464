package io.headroom.collector.snmp;

import java.util.Map;
import org.snmp4j.PDU;
import org.snmp4j.smi.OID;

/** What an agent's REPORT says went wrong with a v3 request (SNMP-USER-BASED-SM-MIB, RFC 3414). */
final class UsmReports {
  private static final Map<OID, String> REPORTS = Map.of(
      new OID("1.3.6.1.6.3.15.1.1.1.0"), "usmStatsUnsupportedSecLevels (the user is not set up for authPriv)",
      new OID("1.3.6.1.6.3.15.1.1.2.0"), "usmStatsNotInTimeWindows",
      new OID("1.3.6.1.6.3.15.1.1.3.0"), "usmStatsUnknownUserNames (no such user on the agent)",
      new OID("1.3.6.1.6.3.15.1.1.4.0"), "usmStatsUnknownEngineIDs",
      new OID("1.3.6.1.6.3.15.1.1.5.0"), "usmStatsWrongDigests (wrong authentication password or protocol)",
      new OID("1.3.6.1.6.3.15.1.1.6.0"), "usmStatsDecryptionErrors (wrong privacy password or protocol)");

  private UsmReports() {}

  static String describe(PDU report) {
    if (report.size() == 0) {
      return "an empty report";
    }
    OID oid = report.get(0).getOid();
    return REPORTS.getOrDefault(oid, "report " + oid);
  }
}
