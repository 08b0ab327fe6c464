package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 48 x 100 GbE switch and the Brocade 48 x 32G FC switch served by snmpsim, their counters
 * moving at known rates (see {@link Recordings}). snmpsim computes each value when it builds its
 * answer, tens of milliseconds into a GETBULK of 25 on this shared machine, while the source dates
 * a value half way through the round trip: over the 2 s between scrapes that is within 4%.
 */
class SnmpSimSwitchTest {
  static final double TOLERANCE = 0.04;
  static final long BETWEEN_SCRAPES_MS = 2000;

  @TempDir
  Path dir;

  @Test
  void ethernetPortsHaveTheirRatesCeilingsPausesAndNeighbours() throws Exception {
    Recordings.write(Recordings.ethernet48(100, 0, 0), dir, "eth48");
    try (SnmpSim sim = SnmpSim.start(dir, "eth48");
        Source source = source("sw1", settings("agent", sim.agent(), "community", "eth48"))) {
      Scrape first = scrape(source);
      Thread.sleep(BETWEEN_SCRAPES_MS);
      Scrape second = scrape(source);
      // 48 physical ports; the loopback (ifType 24) is not a port
      assertEquals(48, count(second, "net_port"));
      assertNull(value(first, "sw1/port/Ethernet1/48", "rx_bytes_per_s"), "no rate from one reading");
      Entity p48 = entity(second, "sw1/port/Ethernet1/48");
      // ifHighSpeed 100000 Mb/s = 1e11 b/s = 1.25e10 bytes/s per direction (ifSpeed is saturated)
      assertEquals(1.25e10, p48.capacity().get("bytes_per_s"));
      assertEquals("to h48", p48.attrs().get("if_alias"));
      assertEquals("up", p48.attrs().get("oper_status"));
      for (int k : new int[] {1, 24, 48}) {
        String id = "sw1/port/Ethernet1/" + k;
        assertRate(Recordings.ethRx(k), value(second, id, "rx_bytes_per_s"), id + " rx");
        assertRate(Recordings.ethTx(k), value(second, id, "tx_bytes_per_s"), id + " tx");
        // 1000-byte unicast packets + 1000 multicast + 100 broadcast a second
        assertRate(Recordings.ethRx(k) / 1000 + 1100, value(second, id, "rx_packets_per_s"), id + " rx packets");
      }
      assertRate(200, value(second, "sw1/port/Ethernet1/3", "errors_per_s"), "ifInErrors of port 3");
      assertRate(500, value(second, "sw1/port/Ethernet1/4", "discards_per_s"), "ifOutDiscards of port 4");
      assertRate(2500 + 500, value(second, "sw1/port/Ethernet1/7", "pause_per_s"), "pause frames in + out of port 7");
      assertEquals(0.0, value(second, "sw1/port/Ethernet1/8", "pause_per_s"));
      assertEquals(List.of(new Relation("sw1/port/Ethernet1/1", "cabled_to", "h1/port/ens1f0"),
          new Relation("sw1/port/Ethernet1/2", "cabled_to", "spine1/port/Ethernet1/49")), second.relations());
      assertEquals(List.of(), second.problems());
      assertEquals(List.of(), second.degraded());
    }
  }

  @Test
  void brocadeFcPortsComeFromTheFcMibsWithCreditStarvation() throws Exception {
    Recordings.write(Recordings.brocade48(), dir, "fc48");
    try (SnmpSim sim = SnmpSim.start(dir, "fc48");
        Source source = source("fcsw1", settings("agent", sim.agent(), "community", "fc48"))) {
      scrape(source);
      Thread.sleep(BETWEEN_SCRAPES_MS);
      Scrape s = scrape(source);
      // 48 FC ports from FCMGMT-MIB + eth0; the 48 ifType-56 rows of IF-MIB are the same ports, left out
      assertEquals(49, count(s, "net_port"));
      Entity p48 = entity(s, "fcsw1/fc/48");
      assertEquals("port47", p48.name());
      // connUnitPortSpeed 3200000 kilobytes/s = 3.2e9 bytes/s
      assertEquals(3.2e9, p48.capacity().get("bytes_per_s"));
      assertEquals("online", p48.attrs().get("port_state"));
      assertRate(Recordings.fcTx(48), value(s, "fcsw1/fc/48", "tx_bytes_per_s"), "port 48 tx, FCMGMT bytes");
      assertRate(Recordings.fcRx(48), value(s, "fcsw1/fc/48", "rx_bytes_per_s"), "port 48 rx");
      // 48 x 4000 ticks/s x 2.5 us = 0.48 of the time at zero credit
      assertRate(0.48, value(s, "fcsw1/fc/48", "tx_credit_zero_fraction"), "port 48 stalled share");
      // swFCPortNoTxCredits of port k rises k x 1000 a second
      assertRate(48000, value(s, "fcsw1/fc/48", "pause_per_s"), "port 48 credit-zero events");
      assertRate(300, value(s, "fcsw1/fc/5", "discards_per_s"), "class 3 discards of port 5");
      assertEquals(0.0, value(s, "fcsw1/fc/5", "errors_per_s"), "InvalidCRC stays at 7");
      // port 2: FCMGMT bytes unsupported (0x80 00..): SW-MIB words x 4 = 2 x 1.5e7 x 4 = 1.2e8 bytes/s
      assertRate(Recordings.swTxWords(2) * 4, value(s, "fcsw1/fc/2", "tx_bytes_per_s"), "port 2 tx from SW-MIB");
      assertRate(Recordings.swRxWords(2) * 4, value(s, "fcsw1/fc/2", "rx_bytes_per_s"), "port 2 rx from SW-MIB");
      assertTrue(s.degraded().contains(
          "fcsw1: FCMGMT-MIB connUnitPortStatCountTxElements unsupported (0x80 00..) on 1 ports, traffic from SW-MIB where it has swFCPortTxWords"),
          s.degraded().toString());
      assertNotNull(entity(s, "fcsw1/port/eth0"));
      assertEquals(List.of(), s.problems());
    }
  }

  static void assertRate(double expected, Double actual, String what) {
    assertNotNull(actual, what + ": no sample");
    assertEquals(expected, actual, Math.max(expected * TOLERANCE, 1e-9), what);
  }
}
