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
      // PFC: cpfcIfRequests 1200/s + cpfcIfIndications 800/s = 2000/s (port 9 has no 802.3x pause)
      assertRate(1200 + 800, value(second, "sw1/port/Ethernet1/" + Recordings.PFC_PORT, "pause_per_s"), "PFC frames of port 9");
      // no dot3HC*PauseFrames for port 10: dot3InPauseFrames 300/s + dot3OutPauseFrames 100/s
      assertRate(300 + 100, value(second, "sw1/port/Ethernet1/" + Recordings.PAUSE32_PORT, "pause_per_s"),
          "32-bit pause frames of port 10");
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

  @Test
  void ciscoMdsFcPortsHaveTransmitWaitAndCreditLossFromCiscoFcFeMib() throws Exception {
    Recordings.write(Recordings.ciscoMds8(), dir, "mds8");
    try (SnmpSim sim = SnmpSim.start(dir, "mds8");
        Source source = source("mds1", settings("agent", sim.agent(), "community", "mds8"))) {
      scrape(source);
      Thread.sleep(BETWEEN_SCRAPES_MS);
      Scrape s = scrape(source);
      // 8 FC ports from IF-MIB (no FCMGMT-MIB on this agent) + mgmt0
      assertEquals(9, count(s, "net_port"));
      Entity fc8 = entity(s, "mds1/port/fc1/8");
      assertEquals("fc", fc8.attrs().get("fabric"));
      // ifHighSpeed 32000 Mb/s; FC speeds name payload at 10 line bits a byte: 3.2e10 / 10 = 3.2e9 bytes/s
      assertEquals(3.2e9, fc8.capacity().get("bytes_per_s"));
      assertRate(8 * 4.0e7, value(s, "mds1/port/fc1/8", "tx_bytes_per_s"), "fc1/8 tx");
      for (int k : new int[] {1, 8}) {
        // fcIfTxWaitCount: k x 8000 ticks/s x 2.5e-6 s = k x 0.02 of the time (fc1/1 0.02, fc1/8 0.16)
        String id = "mds1/port/fc1/" + k;
        assertRate(Recordings.mdsTxWaitTicks(k) * 2.5e-6, value(s, id, "tx_credit_zero_fraction"), id + " TxWait share");
      }
      int lossPort = Recordings.MDS_CREDIT_LOSS_PORT;
      // 2 a second; snmpsim serves whole counts, so over the ~2 s between scrapes the difference is
      // 4 or 5 (or 3): 2 +- 1 count / 2 s = 2 +- 0.5
      assertEquals(2, value(s, "mds1/port/fc1/" + lossPort, "credit_loss_per_s"), 0.5, "fcIfCreditLoss of fc1/3");
      assertEquals(0.0, value(s, "mds1/port/fc1/1", "credit_loss_per_s"));
      assertEquals(0.0, value(s, "mds1/port/fc1/1", "link_failures_per_s"));
      // mgmt0 has no fcIfErrorTable row: no FC figures at all
      assertNull(value(s, "mds1/port/mgmt0", "tx_credit_zero_fraction"));
      assertNull(value(s, "mds1/port/mgmt0", "credit_loss_per_s"));
      assertEquals(List.of(), s.problems());
    }
  }

  static void assertRate(double expected, Double actual, String what) {
    assertNotNull(actual, what + ": no sample");
    assertEquals(expected, actual, Math.max(expected * TOLERANCE, 1e-9), what);
  }
}
