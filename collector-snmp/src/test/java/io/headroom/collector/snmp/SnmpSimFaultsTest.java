package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.*;
import static io.headroom.collector.snmp.SnmpSimSwitchTest.BETWEEN_SCRAPES_MS;
import static io.headroom.collector.snmp.SnmpSimSwitchTest.assertRate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.collector.runtime.ScrapeScheduler;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an agent does wrong or unusually, served by snmpsim: a restart, a sysUpTime wrap, a counter
 * discontinuity, a Counter32 wrap on an agent without ifXTable, tooBig answers, and an agent that
 * goes silent half way through a walk. Never a negative or spiking rate, never an aborted scrape.
 */
class SnmpSimFaultsTest {
  private static final String PORT1 = "sw1/port/Ethernet1/1";

  @TempDir
  Path dir;

  private Path recording(Snmprec r, String name) throws Exception {
    Path d = Files.createTempDirectory(dir, name);
    Recordings.write(r, d, "eth48");
    return d;
  }

  @Test
  void anAgentRestartDropsOneIntervalEvenWhenItsCountersAreHigher() throws Exception {
    Path before = recording(Recordings.ethernet48(100, 0, 0), "before");
    // after the restart sysUpTime starts again at 1 s, and the octet counters at 1e13: without
    // sysUpTime the source would report 1e13 bytes over 2 s on every port
    Path after = recording(Recordings.ethernet48(100, 1e13, 0), "after");
    try (SnmpSim sim = SnmpSim.start(before, "eth48");
        Source source = source("sw1", settings("agent", sim.agent(), "community", "eth48"))) {
      scrape(source);
      Thread.sleep(BETWEEN_SCRAPES_MS);
      assertRate(Recordings.ethRx(1), value(scrape(source), PORT1, "rx_bytes_per_s"), "before the restart");
      sim.restart(after, "eth48");
      Scrape restarted = scrape(source);
      assertNull(value(restarted, PORT1, "rx_bytes_per_s"));
      assertTrue(restarted.readings().keySet().stream().noneMatch(id -> id.startsWith("sw1/port/")),
          "no port rates at all across a restart: " + restarted.readings().keySet());
      assertEquals(List.of("sw1: agent restarted (sysUpTime went back): rates resume next scrape"), restarted.degraded());
      Thread.sleep(BETWEEN_SCRAPES_MS);
      assertRate(Recordings.ethRx(1), value(scrape(source), PORT1, "rx_bytes_per_s"), "after the restart");
    }
  }

  @Test
  void aSysUpTimeWrapIsNotARestart() throws Exception {
    // sysUpTime 20 s before 2^32 ticks (497.1 days) at start: it wraps to 0 while the test runs;
    // the first scrape is about 1 s before the wrap, the second about 1.5 s after it
    Path d = recording(Recordings.ethernet48(Recordings.TWO_TO_32 - 2000, 0, 0), "wrap");
    try (SnmpSim sim = SnmpSim.start(d, "eth48");
        Source source = source("sw1", settings("agent", sim.agent(), "community", "eth48"))) {
      long toWrapMs = (long) (Recordings.TWO_TO_32 - sim.get("eth48", "1.3.6.1.2.1.1.3.0")) * 10;
      assertTrue(toWrapMs > 1000, "snmpsimd took too long to start: sysUpTime is " + toWrapMs + " ms from its wrap");
      Thread.sleep(toWrapMs - 1000);
      long uptimeBefore = sim.get("eth48", "1.3.6.1.2.1.1.3.0");
      scrape(source);
      Thread.sleep(2500);
      Scrape s = scrape(source);
      long uptimeAfter = sim.get("eth48", "1.3.6.1.2.1.1.3.0");
      assertTrue(uptimeAfter < uptimeBefore, "precondition: sysUpTime wrapped (" + uptimeBefore + " -> " + uptimeAfter + ")");
      assertRate(Recordings.ethRx(1), value(s, PORT1, "rx_bytes_per_s"), "rate across the wrap");
      assertEquals(List.of(), s.degraded());
    }
  }

  @Test
  void aCounterDiscontinuityDropsThatIntervalOnly() throws Exception {
    Path before = recording(Recordings.ethernet48(100, 0, 0), "before");
    // the agent keeps running (sysUpTime 1000 s on), but ifCounterDiscontinuityTime moves to 50 s
    // and the octet counters jump to 1e13
    Path after = recording(Recordings.ethernet48(100_000, 1e13, 5000), "after");
    try (SnmpSim sim = SnmpSim.start(before, "eth48");
        Source source = source("sw1", settings("agent", sim.agent(), "community", "eth48"))) {
      scrape(source);
      sim.restart(after, "eth48");
      Scrape s = scrape(source);
      assertNull(value(s, PORT1, "rx_bytes_per_s"));
      assertEquals(List.of(), s.degraded(), "not a restart");
      Thread.sleep(BETWEEN_SCRAPES_MS);
      assertRate(Recordings.ethRx(1), value(scrape(source), PORT1, "rx_bytes_per_s"), "after the discontinuity");
    }
  }

  @Test
  void anApplianceWithoutIfXTableWrapsItsCounter32AndReportsItsCpus() throws Exception {
    Recordings.write(Recordings.appliance(), dir, "app");
    try (SnmpSim sim = SnmpSim.start(dir, "app");
        Source source = source("app1", settings("agent", sim.agent(), "community", "app", "role", "array"))) {
      // scrape about 1 s before eth0's ifInOctets wraps at 2^32, and again 2 s later
      long octets = sim.get("app", Recordings.APPLIANCE_ETH0_IN_OCTETS);
      double toWrap = (Recordings.TWO_TO_32 - octets) / Recordings.APPLIANCE_RX;
      assertTrue(toWrap > 1.0, "snmpsimd took too long to start: eth0 wraps in " + toWrap + " s");
      Thread.sleep((long) ((toWrap - 1.0) * 1000));
      octets = sim.get("app", Recordings.APPLIANCE_ETH0_IN_OCTETS);
      scrape(source);
      Thread.sleep(BETWEEN_SCRAPES_MS);
      Scrape s = scrape(source);
      assertTrue(sim.get("app", Recordings.APPLIANCE_ETH0_IN_OCTETS) < octets, "precondition: ifInOctets wrapped");
      assertRate(Recordings.APPLIANCE_RX, value(s, "app1/port/eth0", "rx_bytes_per_s"), "eth0 rx across the wrap");
      assertRate(5.0e7, value(s, "app1/port/eth0", "tx_bytes_per_s"), "eth0 tx");
      Entity cpu = entity(s, "app1/cpu");
      assertEquals("array_cpu", cpu.kind());
      assertEquals(8, cpu.attrs().get("cpus"));
      // hrProcessorLoad 10, 20, ... 80: mean 45% and the busiest 80%
      assertEquals(0.45, value(s, "app1/cpu", "util"), 1e-9);
      assertEquals(0.80, value(s, "app1/cpu", "cpu_util_max"), 1e-9);
      // ifSpeed 1e9 b/s = 1.25e8 bytes/s: 2^32 bytes in 4294967296 / 1.25e8 = 34.4 s
      assertTrue(s.degraded().contains("app1/port/eth0: 32-bit octet counters only (no ifXTable ifHCInOctets);"
          + " at line rate it wraps every 34.4 s, the interval is 1.0 s"), s.degraded().toString());
    }
  }

  @Test
  void tooBigAnswersLowerMaxRepetitionsUntilTheWalkFits() throws Exception {
    Recordings.write(Recordings.ethernet48(100, 0, 0), dir, "eth48");
    try (SnmpSim sim = SnmpSim.start(dir, "eth48");
        TooBigProxy proxy = new TooBigProxy(sim.port(), "eth48", 10);
        Source source = source("sw1", settings("agent", proxy.agent(), "community", "eth48", "max_repetitions", 25))) {
      Scrape s = scrape(source);
      assertEquals(48, count(s, "net_port"));
      assertEquals(List.of(), s.problems());
      // 25 is tooBig, so is 25 / 2 = 12; 12 / 2 = 6 fits under 10
      assertEquals(List.of("sw1: max_repetitions lowered from 25 to 6 after tooBig answers"), s.degraded());
    }
  }

  @Test
  void anAgentSilentHalfWayThroughAWalkGivesWhatItGotMarkedPartial() throws Exception {
    // snmpsim's delay module drops every answer that holds ifHCInOctets of port 20 (a wait over
    // 99999 ms means no answer): the agent goes silent there, as one whose walk outlives its buffers
    Snmprec r = Recordings.ethernet48(100, 0, 0).replace(Recordings.ifX(6, 20), "70:delay", "value=1,wait=100000");
    Recordings.write(r, dir, "eth48");
    try (SnmpSim sim = SnmpSim.start(dir, "eth48");
        Source source = source("sw1", settings("agent", sim.agent(), "community", "eth48", "max_repetitions", 10,
            "timeout", "300ms", "retries", 0))) {
      Scrape s = scrape(source);
      // ifXTable: ifName of 49 interfaces (the loopback has one) + 4 more columns x 48 ports = 241
      // values; requests of 10 end at 250 (ifHCInOctets of ports 1-9) and 260 (ports 10-19); the
      // request that holds port 20 goes unanswered
      assertEquals("sw1 ifXTable: partial walk, 260 values: no answer after 260 values (300 ms x 1 tries)",
          s.problems().get(0));
      assertEquals(List.of("sw1 cpfcIfTable: not walked: the agent stopped answering during the ifXTable walk",
          "sw1 hrProcessorTable: not walked: the agent stopped answering during the ifXTable walk",
          "sw1 lldpLocPortTable: not walked: the agent stopped answering during the ifXTable walk",
          "sw1 lldpRemTable: not walked: the agent stopped answering during the ifXTable walk"),
          s.problems().subList(2, 6));
      assertTrue(s.problems().get(1).startsWith("sw1 dot3PauseTable: not walked"), s.problems().toString());
      // the ports are there, named from ifXTable's ifName, which came before the silence
      assertEquals(48, count(s, "net_port"));
      assertEquals("Ethernet1/48", entity(s, "sw1/port/Ethernet1/48").name());
    }
  }

  @Test
  void aSilentAgentDoesNotDelayAnother() throws Exception {
    Recordings.write(Recordings.appliance(), dir, "app");
    try (SnmpSim sim = SnmpSim.start(dir, "app")) {
      // nothing listens on the silent agent's port: each of its scrapes waits 1 s x 2 tries, twice
      // its 1 s interval; the good agent is scraped every 2 s alongside it for 6 s
      String silentAgent = "127.0.0.1:" + SnmpSim.freeUdpPort();
      ScrapeRunner silent = new ScrapeRunner("dead", source("dead", Duration.ofSeconds(1),
          settings("agent", silentAgent, "community", "app"), name -> null), () -> 0);
      ScrapeRunner good = new ScrapeRunner("app1", source("app1", Duration.ofSeconds(2),
          settings("agent", sim.agent(), "community", "app"), name -> null), () -> 0);
      AtomicInteger goodScrapes = new AtomicInteger();
      ScrapeScheduler scheduler = new ScrapeScheduler("t", List.of(silent, good), (testbed, scrape) -> {
        if (scrape.readings().containsKey("app1/cpu")) {
          goodScrapes.incrementAndGet();
        }
      });
      scheduler.start();
      Thread.sleep(6000);
      scheduler.close();
      silent.source().close();
      good.source().close();
      assertTrue(silent.missedIntervals() > 0, "the silent agent misses intervals: " + silent.missedIntervals());
      assertEquals(0, good.missedIntervals(), "the good agent misses none");
      // the scheduler spreads its targets over the interval: the second of two starts 2 s / 2 = 1 s
      // in, so the good agent is scraped at 1, 3 and 5 s
      assertEquals(3, goodScrapes.get());
    }
  }
}
