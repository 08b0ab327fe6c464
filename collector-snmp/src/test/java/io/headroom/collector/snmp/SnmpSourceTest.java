package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.snmp4j.smi.Counter32;
import org.snmp4j.smi.Gauge32;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.TimeTicks;
import org.snmp4j.smi.Variable;

/**
 * The source against {@link ScriptedAgent} serving an appliance with only the 32-bit ifTable: the
 * Counter32 warning at the edge where a wrap fits in one interval, and a closed source.
 */
class SnmpSourceTest {
  /** ifSpeed 2^31 b/s = 2^28 bytes/s: 2^32 bytes take 2^32 / 2^28 = 16 s exactly. */
  private static final long SPEED_16S = 2_147_483_648L;

  /** eth0 at 2^31 b/s and eth1 without a speed (ifSpeed 0), 32-bit octet counters, no ifXTable. */
  private static Map<OID, Variable> appliance() {
    Map<OID, Variable> m = new LinkedHashMap<>();
    m.put(Oids.SYS_OBJECT_ID, new OID("1.3.6.1.4.1.8072.3.2.10"));
    m.put(Oids.SYS_UP_TIME, new TimeTicks(100_000));
    row(m, 1, "eth0", SPEED_16S);
    row(m, 2, "eth1", 0);
    return m;
  }

  private static void row(Map<OID, Variable> m, int ifIndex, String descr, long speed) {
    m.put(WalkerTest.oid(Oids.IF_DESCR, ifIndex), new OctetString(descr));
    m.put(WalkerTest.oid(Oids.IF_TYPE, ifIndex), new Integer32(6));
    m.put(WalkerTest.oid(Oids.IF_SPEED, ifIndex), new Gauge32(speed));
    m.put(WalkerTest.oid(Oids.IF_IN_OCTETS, ifIndex), new Counter32(1000));
    m.put(WalkerTest.oid(Oids.IF_OUT_OCTETS, ifIndex), new Counter32(2000));
  }

  private static Source source(ScriptedAgent agent, Duration interval) throws Exception {
    return Scrapes.source("app1", interval, settings("agent", agent.agent(), "community", "public", "timeout", "2s",
        "retries", 0), name -> null);
  }

  private static List<String> warnings(Scrape s) {
    return s.degraded().stream().filter(l -> l.contains("32-bit")).toList();
  }

  @Test
  void aWrapExactlyOneIntervalLongLosesRatesNearLineRate() throws Exception {
    try (ScriptedAgent agent = ScriptedAgent.serving(appliance()); Source source = source(agent, Duration.ofSeconds(16))) {
      assertEquals(List.of(
          "app1/port/eth0: 32-bit octet counters only (no ifXTable ifHCInOctets); at line rate it wraps every 16.0 s,"
              + " the interval is 16.0 s: rates near line rate are lost",
          "app1/port/eth1: 32-bit octet counters only (no ifXTable ifHCInOctets)"), warnings(scrape(source)));
    }
  }

  @Test
  void aWrapOneMillisecondLongerThanTheIntervalKeepsThem() throws Exception {
    try (ScriptedAgent agent = ScriptedAgent.serving(appliance());
        Source source = source(agent, Duration.ofMillis(15_999))) {
      assertEquals(List.of(
          "app1/port/eth0: 32-bit octet counters only (no ifXTable ifHCInOctets); at line rate it wraps every 16.0 s,"
              + " the interval is 15.999 s",
          "app1/port/eth1: 32-bit octet counters only (no ifXTable ifHCInOctets)"), warnings(scrape(source)));
    }
  }

  @Test
  void aClosedSourceReachesTheAgentNoMore() throws Exception {
    try (ScriptedAgent agent = ScriptedAgent.serving(appliance())) {
      Source source = source(agent, Duration.ofSeconds(16));
      assertEquals(2, count(scrape(source), "net_port"));
      source.close();
      IOException e = assertThrows(IOException.class, () -> scrape(source));
      assertEquals("agent " + agent.agent() + ": the session is closed", e.getMessage());
    }
  }
}
