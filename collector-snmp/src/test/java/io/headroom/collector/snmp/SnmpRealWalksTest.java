package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.standin.Captures;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every real walk of shared/fixtures/snmp (its README says what each must get right) served by
 * snmpsim, each read through discover and two scrapes. Expected figures are counted from the
 * walk files themselves (the ifType, ifHighSpeed and ifOperStatus rows named in each comment);
 * a megabit per second is 1e6 / 8 = 125,000 bytes per second.
 */
class SnmpRealWalksTest {
  private static SnmpSim sim;

  @BeforeAll
  static void serve() throws Exception {
    Path captures = Captures.find("snmp");
    assumeTrue(captures != null, "shared/fixtures/snmp not found next to the checkout (or $HEADROOM_FIXTURES): skipped");
    sim = SnmpSim.start(captures, "nxos_n9k-c93180yc-fx3");
  }

  @AfterAll
  static void stop() throws Exception {
    if (sim != null) {
      sim.close();
    }
  }

  /** What discover says of the walk, and the second of two scrapes. */
  private record Read(Discovery discovery, Scrape second) {
    long ports() {
      return discovery.entities().stream().filter(e -> e.kind().equals("net_port")).count();
    }

    Entity entity(String id) {
      return discovery.entities().stream().filter(e -> e.id().equals(id)).findFirst().orElse(null);
    }

    long degraded(String contains) {
      return discovery.degraded().stream().filter(l -> l.contains(contains)).count();
    }
  }

  private static Read read(SnmpSim agent, String community) throws Exception {
    try (Source source = source("sw", settings("agent", agent.agent(), "community", community))) {
      Discovery d = source.discover();
      scrape(source);
      Thread.sleep(200);
      return new Read(d, scrape(source));
    }
  }

  private static Read read(String community) throws Exception {
    return read(sim, community);
  }

  @Test
  void nexus93180WithoutSysUpTimeIsReadWholeAndSaysItHasNoRestartCheck() throws Exception {
    Read r = read("nxos_n9k-c93180yc-fx3");
    // ifType 6 rows: mgmt0 + Ethernet1/1-48 + Ethernet1/49-54 = 1 + 48 + 6 = 55 (Vlan1 53, loopbacks 24, nve1 135 are not)
    assertEquals(55, r.ports());
    // Ethernet1/1 (ifIndex 436207616): ifHighSpeed 25000 Mb/s x 125,000 = 3.125e9 bytes/s
    assertEquals(Map.of("bytes_per_s", 3.125e9), r.entity("sw/port/Ethernet1/1").capacity());
    // the walk has none of sysUpTime.0, snmpEngineTime.0, hrSystemUptime.0
    assertEquals(List.of("sw: no sysUpTime.0, snmpEngineTime.0 or hrSystemUptime.0: no agent-restart check (a port's "
        + "ifCounterDiscontinuityTime, where it has one, and 64-bit counters going back still drop a rate)"), r.discovery().notes());
    assertEquals(List.of(), r.discovery().problems());
    assertEquals(0.0, value(r.second(), "sw/port/Ethernet1/1", "rx_bytes_per_s"), "frozen counters: a rate of 0");
  }

  @Test
  void z9100CountsPhysicalPortsOnlySoItsLagIsNotCountedTwice() throws Exception {
    Read r = read("dnos_z9100-on");
    // ifType 6: 50 rows; Port-channel 1..55 (161), Vlan 1 (135), "NULL 0" (1) are left out, so
    // Port-channel 1's ifHCInOctets 451732338589001, the same as its member hundredGigE 1/32's, is read once
    assertEquals(50, r.ports());
    assertNull(r.entity("sw/port/Port-channel%201"));
    Entity hundred = r.entity("sw/port/hundredGigE%201/32");
    // ifName "hundredGigE 1/32" (ifIndex 2113038): the space percent-encoded in the id, the name kept;
    // ifHighSpeed 100000 x 125,000 = 1.25e10 bytes/s
    assertEquals("hundredGigE 1/32", hundred.name());
    assertEquals(Map.of("bytes_per_s", 1.25e10), hundred.capacity());
    // ManagementEthernet 1/1 (ifIndex 9437185) reports ifHighSpeed 0
    assertEquals(1, r.degraded("sw/port/ManagementEthernet%201/1: no ceiling: speed 0 reported (ifHighSpeed 0"));
    // no HOST-RESOURCES in the walk: no CPU entity (DELL-NETWORKING-CHASSIS-MIB is not read)
    assertNull(r.entity("sw/cpu"));
    r.discovery().entities().forEach(e -> assertTrue(e.id().matches("[A-Za-z0-9._:/%-]+"), e.id()));
  }

  @Test
  void cumulusWithoutCountersOrSpeedsSaysSoAndTellsRestartsByHrSystemUptime() throws Exception {
    Read r = read("cumulus_mellanox");
    // ifType 6: eth0 + swp* = 68 of the 69 ifaces (lo is 24)
    assertEquals(68, r.ports());
    assertEquals(1, r.degraded("sw: no traffic counters on any of its 68 ports"));
    // no ifHighSpeed or ifSpeed rows at all: each of the 68 ports says so
    assertEquals(68, r.degraded(": no ceiling: no speed reported (no ifHighSpeed, no ifSpeed)"));
    assertEquals(List.of("sw: no sysUpTime.0: agent restarts told from hrSystemUptime.0 (the host's uptime: "
        + "a restart of the agent alone is not seen)"), r.discovery().notes());
    // hrProcessorLoad has 2 rows (26, 20 %)
    assertEquals(2, r.entity("sw/cpu").attrs().get("cpus"));
    assertEquals(0.23, value(r.second(), "sw/cpu", "util"), 1e-9, "(26 + 20) / 2 / 100");
  }

  @Test
  void arubaCxUpPortsAtSpeedZeroGetANoteAndItsPrivateNeighboursAnId() throws Exception {
    Read r = read("arubaos-cx_8360");
    // ifType 6: 61 rows (lag* 161, vlan* 53, loopback0 24 are not)
    assertEquals(61, r.ports());
    // 1/1/1: ifHighSpeed 100000 x 125,000 = 1.25e10
    assertEquals(Map.of("bytes_per_s", 1.25e10), r.entity("sw/port/1/1/1").capacity());
    // of the 59 physical rows at ifHighSpeed 0, eth0 is up (ifOperStatus 1) and 58 are down
    assertEquals(1, r.degraded("sw/port/eth0: no ceiling: speed 0 reported (ifHighSpeed 0"));
    assertEquals(58, r.degraded("no ceiling: speed 0 reported") - 1);
    // lldpRemSysName "<private>" (LibreNMS's anonymisation): '<' 0x3C, '>' 0x3E
    assertTrue(r.discovery().relations().stream().anyMatch(rel -> rel.to().startsWith("%3Cprivate%3E/port/")),
        r.discovery().relations().toString());
    assertEquals(4, r.entity("sw/cpu").attrs().get("cpus"));
  }

  @Test
  void dellOs10DownPortsAtSpeedZeroEachGetANote() throws Exception {
    Read r = read("dell-os10");
    // ifType 6: 31 rows; 26 of them down with ifHighSpeed 0
    assertEquals(31, r.ports());
    assertEquals(26, r.degraded("no ceiling: speed 0 reported (ifHighSpeed 0"));
    assertEquals(26, r.degraded(", oper down"));
    assertEquals(2, r.entity("sw/cpu").attrs().get("cpus"));
  }

  @Test
  void ocnosLeavesItsLagLoopbacksAndSubInterfacesOut() throws Exception {
    Read r = read("ocnos_s9600-32x");
    // ifType 6: 36 of 47 (lo, lo.management 24; po1-3 161; po*.* 135)
    assertEquals(36, r.ports());
    assertNull(r.entity("sw/port/po1"));
    assertNull(r.entity("sw/port/lo"));
    // hrProcessorLoad: 16 rows
    assertEquals(16, r.entity("sw/cpu").attrs().get("cpus"));
  }

  @Test
  void dellSonicAndAristaAreReadWhole() throws Exception {
    Read sonic = read("dell-sonic");
    // ifType 6: 55 (Vlan1 136 is not); 49 x 1000, 4 x 10000, 2 x 100000 Mb/s
    assertEquals(55, sonic.ports());
    assertEquals(Map.of("bytes_per_s", 1.25e8), sonic.entity("sw/port/Eth1/1").capacity());
    assertEquals(4, sonic.entity("sw/cpu").attrs().get("cpus"));
    Read arista = read("arista_eos");
    // ifType 6: 53 (Port-Channel1 161, Vlan13 136 are not); Ethernet1 10000 Mb/s = 1.25e9
    assertEquals(53, arista.ports());
    assertEquals(Map.of("bytes_per_s", 1.25e9), arista.entity("sw/port/Ethernet1").capacity());
    assertEquals(1, arista.degraded("no ceiling: speed 0 reported"));
    assertEquals(3, arista.entity("sw/cpu").attrs().get("cpus"));
  }

  @Test
  void brocadeFcPortNamesWithSpacesAreEncodedInIdsAndKeptInNames() throws Exception {
    Read r = read("fabos_6520");
    // ifType 56 (fibreChannel): 96 rows, ifType 6: eth0; no swFCPortTx/RxWords, so the IF-MIB's ports are read
    assertEquals(97, r.ports());
    Entity port0 = r.entity("sw/port/FC%20port%200/0");
    // ifName "FC port 0/0" (ifIndex 1073741824): ' ' is %20; ifHighSpeed 4000 Mb/s of FC carries
    // 4000e6 / 10 = 4e8 bytes/s of payload (8b/10b)
    assertEquals("FC port 0/0", port0.name());
    assertEquals(Map.of("bytes_per_s", 4e8), port0.capacity());
    r.discovery().entities().forEach(e -> assertTrue(e.id().matches("[A-Za-z0-9._:/%-]+"), e.id()));
    // the other FabOS walk names its ports "0/0": nothing to encode
    assertEquals(97, read("fabos").ports());
  }

  @TempDir
  static Path hpDir;

  @Test
  void hpProcurveWithUnusableIfMibRowsSaysNoUsablePortWasFound() throws Exception {
    Path walk = Path.of("/usr/share/doc/snmpsim/examples/data/hp_perf.snmprec.gz");
    assumeTrue(Files.exists(walk), "snmpsim's example walks are not installed (apt-get install snmpsim)");
    try (InputStream in = new GZIPInputStream(Files.newInputStream(walk))) {
      Files.copy(in, hpDir.resolve("hp_perf.snmprec"));
    }
    try (SnmpSim hp = SnmpSim.start(hpDir, "hp_perf")) {
      Read r = read(hp, "hp_perf");
      // ifNumber.0 says 32, but ifTable holds only ifIndex.1 (no ifType) and ifName is typed INTEGER
      assertEquals(0, r.ports());
      assertEquals(List.of("sw: no usable ports: ifTable has no ifType column (1 ifIndex values and nothing else): "
          + "the agent's IF-MIB rows are unusable"), r.discovery().degraded());
    }
  }
}
