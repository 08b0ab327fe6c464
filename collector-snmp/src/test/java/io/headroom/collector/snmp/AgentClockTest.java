package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.snmp4j.PDU;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.TimeTicks;

/**
 * An agent without sysUpTime.0, served by snmpsim: its restarts are told from snmpEngineTime.0;
 * and the clock's readings and errors against {@link ScriptedAgent}.
 */
class AgentClockTest {
  @TempDir
  Path dir;

  /** A net-snmp-like agent with no sysUpTime.0, snmpEngineTime.0 = {@code engineSeconds}, one 1 GbE port. */
  private void write(long engineSeconds) throws Exception {
    Files.writeString(dir.resolve("agent.snmprec"), String.join("\n",
        "1.3.6.1.2.1.1.2.0|6|1.3.6.1.4.1.8072.3.2.10",
        "1.3.6.1.2.1.2.2.1.3.1|2|6",
        "1.3.6.1.2.1.2.2.1.8.1|2|1",
        "1.3.6.1.2.1.31.1.1.1.1.1|4|eth0",
        "1.3.6.1.2.1.31.1.1.1.6.1|70|1000",
        "1.3.6.1.2.1.31.1.1.1.15.1|66|1000",
        "1.3.6.1.6.3.10.2.1.3.0|2|" + engineSeconds, ""));
  }

  @Test
  void snmpEngineTimeStandsInAndItsGoingBackIsARestart() throws Exception {
    write(100_000);
    try (SnmpSim sim = SnmpSim.start(dir, "agent");
        Source source = source("sw", settings("agent", sim.agent(), "community", "agent"))) {
      var d = source.discover();
      assertEquals(List.of("sw: no sysUpTime.0: agent restarts told from snmpEngineTime.0"), d.notes());
      assertEquals(1, d.entities().size());
      assertEquals(List.of(), d.problems());
      Scrape same = scrape(source);
      // 100,000 s then 100,000 s again: the clock did not go back, no restart
      assertTrue(same.degraded().stream().noneMatch(l -> l.contains("restarted")), same.degraded().toString());
      // the engine rebooted: 5 s since boot, 5 x 100 = 500 ticks < 10,000,000 before, and the
      // 2^32-tick wrap would need 497 days to have passed here
      write(5);
      sim.restart(dir, "agent");
      Scrape after = scrape(source);
      assertTrue(after.degraded().contains("sw: agent restarted (snmpEngineTime went back): rates resume next scrape"),
          after.degraded().toString());
    }
  }

  private static final OID NET_SNMP = new OID("1.3.6.1.4.1.8072.3.2.10");

  @Test
  void snmpEngineTimeSecondsAreReadAsHundredthsOfASecond() throws Exception {
    // snmpEngineTime.0 = 1234 s: 1234 x 100 = 123,400 ticks of 1/100 s
    try (ScriptedAgent agent = ScriptedAgent.serving(Map.of(Oids.SYS_OBJECT_ID, NET_SNMP,
        Oids.SNMP_ENGINE_TIME, new Integer32(1234)));
        AgentSession session = WalkerTest.session(agent)) {
      AgentClock clock = new AgentClock(session, false);
      AgentClock.Reading r = clock.read().clock();
      assertEquals(123_400, r.ticks());
      assertEquals("snmpEngineTime", r.from());
      assertEquals("no sysUpTime.0: agent restarts told from snmpEngineTime.0", clock.note());
    }
  }

  @Test
  void hrSystemUptimeIsReadInItsOwnTicks() throws Exception {
    // hrSystemUptime.0 is TimeTicks already: 5678 ticks stay 5678
    try (ScriptedAgent agent = ScriptedAgent.serving(Map.of(Oids.SYS_OBJECT_ID, NET_SNMP,
        Oids.HR_SYSTEM_UPTIME, new TimeTicks(5678)));
        AgentSession session = WalkerTest.session(agent)) {
      AgentClock clock = new AgentClock(session, false);
      AgentClock.Reading r = clock.read().clock();
      assertEquals(5678, r.ticks());
      assertEquals("hrSystemUptime", r.from());
      assertEquals("no sysUpTime.0: agent restarts told from hrSystemUptime.0 (the host's uptime: a restart of the"
          + " agent alone is not seen)", clock.note());
    }
  }

  @Test
  void withoutAnyClockThereIsNoReadingAndTheNoteSaysSo() throws Exception {
    try (ScriptedAgent agent = ScriptedAgent.serving(Map.of(Oids.SYS_OBJECT_ID, NET_SNMP));
        AgentSession session = WalkerTest.session(agent)) {
      AgentClock clock = new AgentClock(session, false);
      assertNull(clock.read().clock());
      assertTrue(clock.note().startsWith("no sysUpTime.0, snmpEngineTime.0 or hrSystemUptime.0: no agent-restart check"),
          clock.note());
    }
  }

  @Test
  void anErrorAnswerNamesEveryObjectAsked() throws Exception {
    try (ScriptedAgent agent = new ScriptedAgent(request -> {
      PDU response = new PDU();
      response.addAll(request.getVariableBindings());
      response.setErrorStatus(PDU.genErr);
      response.setErrorIndex(1);
      return response;
    }); AgentSession session = WalkerTest.session(agent)) {
      IOException e = assertThrows(IOException.class, () -> new AgentClock(session, false).read());
      // genErr (5) as SNMP4J names it; the GET asked for sysUpTime.0 and sysObjectID.0
      assertEquals("agent " + agent.agent() + " answered General variable binding error (error status 5) to a GET of"
          + " 1.3.6.1.2.1.1.3.0, 1.3.6.1.2.1.1.2.0", e.getMessage());
    }
  }
}
