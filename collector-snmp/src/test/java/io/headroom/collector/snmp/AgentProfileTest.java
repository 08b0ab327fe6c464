package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.snmp4j.smi.OID;

/** Profiles matched by the sysObjectIDs of the real walks. */
class AgentProfileTest {
  @Test
  void matchedBySysObjectId() {
    // fabos.snmprec 1.3.6.1.4.1.1588.2.1.1.1: under Brocade's arc
    assertEquals("Brocade Fabric OS", AgentProfile.of(new OID("1.3.6.1.4.1.1588.2.1.1.1")).family());
    // dell-powervault_me4024: 1.3.6.1.4.1.674 itself; exos: 1.3.6.1.4.1.347.2.5730
    assertEquals(AgentProfile.ALL.get(1), AgentProfile.of(new OID("1.3.6.1.4.1.674")));
    assertEquals(AgentProfile.ALL.get(1), AgentProfile.of(new OID("1.3.6.1.4.1.347.2.5730")));
    // a Dell OS10 switch is under 674 but is not the ME4's exact sysObjectID
    assertEquals("any agent (MIB definitions only)", AgentProfile.of(new OID("1.3.6.1.4.1.674.11000.5000.100.2.1.7")).family());
    // the arc itself is not under the arc; no sysObjectID at all is any agent
    assertEquals("any agent (MIB definitions only)", AgentProfile.of(new OID("1.3.6.1.4.1.1588")).family());
    assertEquals("any agent (MIB definitions only)", AgentProfile.of(null).family());
  }
}
