package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.snmp4j.PDU;
import org.snmp4j.ScopedPDU;
import org.snmp4j.smi.Counter32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.VariableBinding;

/** A v3 REPORT's first binding named by its usmStats counter (RFC 3414, 1.3.6.1.6.3.15.1.1.N.0). */
class UsmReportsTest {
  private static PDU report(String... oids) {
    ScopedPDU pdu = new ScopedPDU();
    pdu.setType(PDU.REPORT);
    for (String oid : oids) {
      pdu.add(new VariableBinding(new OID(oid), new Counter32(1)));
    }
    return pdu;
  }

  @Test
  void theFirstBindingNamesTheReport() {
    assertEquals("usmStatsWrongDigests (wrong authentication password or protocol)",
        UsmReports.describe(report("1.3.6.1.6.3.15.1.1.5.0", "1.3.6.1.6.3.15.1.1.3.0")));
    assertEquals("usmStatsUnknownUserNames (no such user on the agent)", UsmReports.describe(report("1.3.6.1.6.3.15.1.1.3.0")));
  }

  @Test
  void anUnknownReportIsNamedByItsOidAndAnEmptyOneSaysSo() {
    assertEquals("report 1.3.6.1.6.3.11.2.1.1.0", UsmReports.describe(report("1.3.6.1.6.3.11.2.1.1.0")));
    assertEquals("an empty report", UsmReports.describe(report()));
  }
}
