package io.headroom.collector.capture;

import java.util.Map;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;

/** What an agent says it runs: its sysDescr, when the source read it. */
final class SnmpFirmware {
  private static final OID SYS_DESCR = new OID("1.3.6.1.2.1.1.1.0");

  private SnmpFirmware() {}

  static String of(Map<OID, Variable> values) {
    Variable d = values.get(SYS_DESCR);
    return d == null ? "not stated (sysDescr not read)" : "sysDescr " + d.toString().replaceAll("\\s+", " ").strip();
  }
}
