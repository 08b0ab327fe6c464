package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;

import java.io.IOException;
import java.util.List;
import org.snmp4j.PDU;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.VariableBinding;

/**
 * The clock an agent's restarts are told by, read at the start of every scrape with sysObjectID.
 * sysUpTime.0 where the agent has it; some walks lack it (a Cisco Nexus 93180YC-FX3 on NX-OS 10.5,
 * a Cumulus Linux switch), and then the first of snmpEngineTime.0 (SNMP-FRAMEWORK-MIB, seconds
 * since the engine's last boot) and hrSystemUptime.0 (HOST-RESOURCES-MIB, the host's uptime, so a
 * restart of the agent alone is not seen) the agent has; without any, there is no agent-restart
 * check, and {@link #note()} says so. An agent that answers is never dropped for lacking a clock.
 */
final class AgentClock {
  /** A reading in hundredths of a second, from the named object ("sysUpTime", "snmpEngineTime", ...). */
  record Reading(long ticks, long nanos, String from) {}

  /** What one GET of the system group gave. */
  record SystemGroup(Reading clock, AgentProfile profile) {}

  private static final List<Fallback> FALLBACKS = List.of(
      new Fallback("snmpEngineTime.0", SNMP_ENGINE_TIME, 100),
      new Fallback("hrSystemUptime.0", HR_SYSTEM_UPTIME, 1));

  private record Fallback(String name, OID oid, long ticksPerUnit) {}

  private final AgentRequests session;
  private final boolean v3;
  private String note;

  AgentClock(AgentRequests session, boolean v3) {
    this.session = session;
    this.v3 = v3;
  }

  /** sysUpTime.0 (or the fallback) and the profile of the agent's family, by its sysObjectID. */
  SystemGroup read() throws IOException {
    PDU get = session.pdu(PDU.GET);
    get.add(new VariableBinding(SYS_UP_TIME));
    get.add(new VariableBinding(SYS_OBJECT_ID));
    long nanos = System.nanoTime();
    PDU response = answer(get);
    VariableBinding objectId = response.get(1);
    AgentProfile profile = AgentProfile.of(!objectId.isException() && objectId.getVariable() instanceof OID oid ? oid : null);
    VariableBinding up = response.get(0);
    Long ticks = up.isException() ? null : IntTable.number(up.getVariable());
    if (ticks != null) {
      note = null;
      return new SystemGroup(new Reading(ticks, nanos, "sysUpTime"), profile);
    }
    return new SystemGroup(fallback(), profile);
  }

  /** How restarts are told where it is not sysUpTime.0, for discover's notes; null where it is. */
  String note() {
    return note;
  }

  private Reading fallback() throws IOException {
    PDU get = session.pdu(PDU.GET);
    FALLBACKS.forEach(f -> get.add(new VariableBinding(f.oid())));
    long nanos = System.nanoTime();
    PDU response = answer(get);
    for (int i = 0; i < FALLBACKS.size(); i++) {
      VariableBinding b = response.get(i);
      Long units = b.isException() ? null : IntTable.number(b.getVariable());
      if (units != null) {
        Fallback f = FALLBACKS.get(i);
        note = "no sysUpTime.0: agent restarts told from " + f.name()
            + (f.oid().equals(HR_SYSTEM_UPTIME) ? " (the host's uptime: a restart of the agent alone is not seen)" : "");
        return new Reading(units * f.ticksPerUnit(), nanos, f.name().replace(".0", ""));
      }
    }
    note = "no sysUpTime.0, snmpEngineTime.0 or hrSystemUptime.0: no agent-restart check (a port's "
        + "ifCounterDiscontinuityTime, where it has one, and 64-bit counters going back still drop a rate)";
    return null;
  }

  private PDU answer(PDU get) throws IOException {
    PDU response = session.send(get);
    if (response == null) {
      throw new IOException("agent " + session.agent() + " did not answer (" + session.patience() + ")"
          + (v3 ? "; over v3 a wrong user, protocol or password looks the same" : ""));
    }
    if (response.getErrorStatus() != PDU.noError) {
      throw new IOException("agent " + session.agent() + " answered " + response.getErrorStatusText()
          + " (error status " + response.getErrorStatus() + ") to a GET of " + names(get));
    }
    return response;
  }

  private static String names(PDU get) {
    StringBuilder s = new StringBuilder();
    for (VariableBinding b : get.getVariableBindings()) {
      s.append(s.length() == 0 ? "" : ", ").append(b.getOid());
    }
    return s.toString();
  }
}
