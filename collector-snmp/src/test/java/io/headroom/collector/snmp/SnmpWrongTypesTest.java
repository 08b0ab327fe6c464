package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.snmp4j.smi.Counter64;
import org.snmp4j.smi.Gauge32;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.Null;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.TimeTicks;
import org.snmp4j.smi.Variable;

/**
 * An agent ({@link ScriptedAgent}, over UDP) whose recording holds values of another type than
 * their column's: each is read as not reported, and each column is one problem of the scrape naming
 * the host, the table, the column's OID, the indexes, the type received and the MIB's, and the
 * agent; the rest of the scrape stands.
 *
 * <pre>
 * ifIndex ifDescr ifType                  ifHCInOctets            ifHCOutOctets
 * 1..4    ethN    6                       OCTET STRING "12345"    Counter64 1000 x N
 * 5       eth4    OCTET STRING "6"        -                       -
 * hrProcessorLoad: processor 1 Integer32 40, processor 2 Null
 * </pre>
 */
class SnmpWrongTypesTest {
  private static final OID IFX_ENTRY = Oids.IFX_ENTRY;

  private static Map<OID, Variable> recording() {
    Map<OID, Variable> m = new LinkedHashMap<>();
    m.put(Oids.SYS_OBJECT_ID, new OID("1.3.6.1.4.1.8072.3.2.10"));
    m.put(Oids.SYS_UP_TIME, new TimeTicks(100_000));
    for (int i = 1; i <= 5; i++) {
      m.put(WalkerTest.oid(Oids.IF_DESCR, i), new OctetString("eth" + (i - 1)));
      m.put(WalkerTest.oid(Oids.IF_TYPE, i), i == 5 ? new OctetString("6") : new Integer32(6));
      m.put(WalkerTest.oid(Oids.IF_SPEED, i), new Gauge32(1_000_000_000));
    }
    for (int i = 1; i <= 4; i++) {
      m.put(cell(IFX_ENTRY, Oids.IF_HC_IN_OCTETS, i), new OctetString("12345"));
      m.put(cell(IFX_ENTRY, Oids.IF_HC_OUT_OCTETS, i), new Counter64(1000L * i));
    }
    m.put(cell(Oids.HR_PROCESSOR_ENTRY, Oids.HR_PROCESSOR_LOAD, 1), new Integer32(40));
    m.put(cell(Oids.HR_PROCESSOR_ENTRY, Oids.HR_PROCESSOR_LOAD, 2), new Null());
    return m;
  }

  private static OID cell(OID entry, int column, int index) {
    return new OID(entry).append(column).append(index);
  }

  @Test
  void eachColumnOfWrongTypesIsOneProblemNamingTheAgentAndTheOid() throws Exception {
    try (ScriptedAgent agent = ScriptedAgent.serving(recording());
        Source source = source("app1", Duration.ofSeconds(5), settings("agent", agent.agent(), "community", "public",
            "timeout", "2s", "retries", 0), name -> null)) {
      String from = " (agent " + agent.agent() + ")";
      List<String> expected = List.of(
          "app1 ifTable: ifType (1.3.6.1.2.1.2.2.1.3) at index 5: OCTET STRING where the MIB has IANAifType (INTEGER):"
              + " read as not reported" + from,
          "app1 ifXTable: ifHCInOctets (1.3.6.1.2.1.31.1.1.1.6) at 4 indexes (1, 2, 3, ...): OCTET STRING where the MIB"
              + " has Counter64: read as not reported" + from,
          "app1 hrProcessorTable: hrProcessorLoad (1.3.6.1.2.1.25.3.3.1.2) at index 2: Null where the MIB has Integer32:"
              + " read as not reported" + from);
      for (int scrape = 1; scrape <= 2; scrape++) { // said again in each scrape, once
        Scrape s = scrape(source);
        assertEquals(expected, s.problems(), "scrape " + scrape);
        // the rest stands: eth0..eth3 are ports (eth4's ifType is no number), each sends, none receives
        assertEquals(List.of("app1/cpu", "app1/port/eth0", "app1/port/eth1", "app1/port/eth2", "app1/port/eth3"),
            s.entities().stream().map(Entity::id).sorted().toList());
        // one processor of the two has a load: cpus 1, util 40 / 100
        assertEquals(1, entity(s, "app1/cpu").attrs().get("cpus"));
        assertEquals(0.4, value(s, "app1/cpu", SnmpMetrics.UTIL.name()));
      }
    }
  }
}
