package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An agent without sysUpTime.0, served by snmpsim: its restarts are told from snmpEngineTime.0. */
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
}
