package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import io.headroom.standin.Captures;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real walks of two switches (shared/fixtures/snmp, see its README), served by snmpsim from where
 * they are. Their values are frozen at capture time, so rates are 0; what is checked is what the
 * source makes of real agents' tables: which ports, their ceilings, their neighbours.
 */
class SnmpCapturesTest {
  private static Path captures;
  private static SnmpSim sim;

  @BeforeAll
  static void serve() throws Exception {
    captures = Captures.find("snmp");
    assumeTrue(captures != null, "shared/fixtures/snmp not found next to the checkout (or $HEADROOM_FIXTURES): skipped");
    sim = SnmpSim.start(captures, "junos_qfx5100");
  }

  @AfterAll
  static void stop() throws Exception {
    if (sim != null) {
      sim.close();
    }
  }

  private static Scrape[] twoScrapes(String community) throws Exception {
    try (Source source = source("sw", settings("agent", sim.agent(), "community", community))) {
      Scrape first = scrape(source);
      Thread.sleep(200);
      return new Scrape[] {first, scrape(source)};
    }
  }

  @Test
  void juniperQfx5100() throws Exception {
    Scrape s = twoScrapes("junos_qfx5100")[1];
    // ifTable has 14 rows of ifType 6 (em0-em2, bme0-1, ge-0/0/45-47, xe-0/0/0-5); the rest are
    // logical units (53), tunnels (131), loopbacks (24) and others
    assertEquals(14, count(s, "net_port"));
    Entity xe0 = entity(s, "sw/port/xe-0/0/0");
    // ifHighSpeed.513 = 10000 Mb/s: 1.25e9 bytes/s
    assertEquals(Map.of("bytes_per_s", 1.25e9), xe0.capacity());
    assertEquals(513, xe0.attrs().get("if_index"));
    // em0 (ifIndex 17) has ifHighSpeed 0 and no ifSpeed: no ceiling
    assertEquals(Map.of(), entity(s, "sw/port/em0").capacity());
    assertEquals(0.0, value(s, "sw/port/xe-0/0/0", "rx_bytes_per_s"), "frozen counters");
    // lldpRemLocalPortNum 513 and 518 are ifIndexes; the remote ports are given by description
    assertEquals(List.of(new Relation("sw/port/xe-0/0/0", "cabled_to", "devicea/port/ifa"),
        new Relation("sw/port/xe-0/0/1", "cabled_to", "deviceb/port/ifb")), s.relations());
    assertEquals(List.of(), s.problems());
  }

  @Test
  void ciscoNexus3064() throws Exception {
    Scrape s = twoScrapes("nxos_n3k-3064pq")[1];
    // mgmt0 and Ethernet1/1-52 are ifType 6
    assertEquals(53, count(s, "net_port"));
    // Ethernet1/49 (ifIndex 436404224): ifHighSpeed 40000 = 5e9 bytes/s; Ethernet1/1: 1000 = 1.25e8
    assertEquals(5e9, entity(s, "sw/port/Ethernet1/49").capacity().get("bytes_per_s"));
    assertEquals(1.25e8, entity(s, "sw/port/Ethernet1/1").capacity().get("bytes_per_s"));
    assertEquals("down", entity(s, "sw/port/Ethernet1/50").attrs().get("oper_status"));
    assertEquals(0.0, value(s, "sw/port/Ethernet1/1", "tx_bytes_per_s"), "frozen counters");
    assertEquals(List.of(), s.problems());
    assertEquals(List.of(), s.degraded());
  }
}
