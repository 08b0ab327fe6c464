package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static io.headroom.collector.host.FixtureHost.entity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PCIe on the hand-built two-socket host (see two-socket/NOTE.md for what each device is). */
class TwoSocketPcieTest {
  @TempDir Path tmp;
  FixtureHost fx;
  Scrape first;
  Scrape second;

  @BeforeEach
  void scrapeTwice() throws Exception {
    fx = FixtureHost.copy("two-socket", tmp);
    HostSource source = new HostSource("h1", null, fx.config());
    first = FixtureHost.scrape(source, 1000);
    fx.advance();
    second = FixtureHost.scrape(source, 1002);
  }

  @Test
  void ceilingsFollowDesignPerLaneRates() {
    // Gen4 x8 = 8 * 1969e6; Gen4 x4; Gen3 x4 (the Gen4 drive in a Gen3 slot); Gen3 x16 HCA.
    assertEquals(1.5752e10, entity(first, "h1/pcie/0000:3b:00.0").capacity().get("bytes_per_s"));
    assertEquals(7.876e9, entity(first, "h1/pcie/0000:01:00.0").capacity().get("bytes_per_s"));
    assertEquals(3.94e9, entity(first, "h1/pcie/0000:81:00.0").capacity().get("bytes_per_s"));
    assertEquals(1.576e10, entity(first, "h1/pcie/0000:af:00.0").capacity().get("bytes_per_s"));
    // A host bridge has no link: no ceiling rather than a made-up one.
    assertTrue(entity(first, "h1/pcie/0000:00:00.0").capacity().isEmpty());
  }

  @Test
  void gen1AndGen2Lose20PercentToLineCoding() {
    assertEquals(250e6, PcieLinks.ceiling(1, 1));
    assertEquals(500e6 * 16, PcieLinks.ceiling(2, 16));
    assertEquals(3938e6 * 16, PcieLinks.ceiling(5, 16));
    assertEquals(4, PcieLinks.generation("16.0 GT/s PCIe"));
    assertEquals(3, PcieLinks.generation("8 GT/s"));
    assertEquals(0, PcieLinks.generation("Unknown"));
    assertTrue(Double.isNaN(PcieLinks.ceiling(0, 8)));
  }

  @Test
  void degradedLinksAndUnplacedDevicesAreNamedWithTheirCause() {
    assertEquals(List.of(
        "h1/pcie/0000:3b:00.0: trained Gen4 x8, device capable of Gen4 x16",
        "h1/pcie/0000:5e:00.0: no NUMA node (numa_node -1)",
        "h1/pcie/0000:81:00.0: trained Gen3 x4, device capable of Gen4 x4; slot 0000:80:01.0 capable of Gen3 x16",
        "h1/pcie/0000:d8:00.0: trained Gen3 x16, device capable of Gen4 x16",
        "h1/pcie/0000:d9:00.0: upstream 0000:d8:00.0 trained Gen3 x16, capable of Gen4 x16",
        "h1/pcie/0000:d9:01.0: upstream 0000:d8:00.0 trained Gen3 x16, capable of Gen4 x16",
        "h1/pcie/0000:da:00.0: upstream 0000:d8:00.0 trained Gen3 x16, capable of Gen4 x16",
        "h1/pcie/0000:db:00.0: upstream 0000:d8:00.0 trained Gen3 x16, capable of Gen4 x16",
        "h1/pcie/0000:81:00.0: interrupts served only by CPUs 0-1 (node 0), device on node 1"),
        HostDiscovery.discover(fx.config(), "h1").degraded());
    // The root port above the x8 card reads x8 of x16 too, but that is the card's link: not twice.
    assertFalse(entity(first, "h1/pcie/0000:3a:00.0").attrs().containsKey("degraded"));
    assertEquals("trained Gen4 x8, device capable of Gen4 x16",
        entity(first, "h1/pcie/0000:3b:00.0").attrs().get("degraded"));
  }

  @Test
  void numaNodeMinusOneIsUnknownNotZero() {
    Entity hba = entity(first, "h1/pcie/0000:5e:00.0");
    assertEquals("unknown", hba.attrs().get("numa_node"));
    assertFalse(first.relations().stream().anyMatch(r -> r.from().equals(hba.id()) && r.rel().equals("on")));
    assertEquals(1, entity(first, "h1/pcie/0000:81:00.0").attrs().get("numa_node"));
  }

  @Test
  void relationsChainDisksThroughBridgesToSockets() {
    List<Relation> rs = first.relations();
    assertTrue(rs.contains(new Relation("h1/disk/nvme2n1", "behind", "h1/pcie/0000:da:00.0")));
    assertTrue(rs.contains(new Relation("h1/pcie/0000:da:00.0", "behind", "h1/pcie/0000:d9:00.0")));
    assertTrue(rs.contains(new Relation("h1/pcie/0000:d9:00.0", "behind", "h1/pcie/0000:d8:00.0")));
    assertTrue(rs.contains(new Relation("h1/pcie/0000:d8:00.0", "behind", "h1/pcie/0000:d7:00.0")));
    assertTrue(rs.contains(new Relation("h1/pcie/0000:da:00.0", "on", "h1/socket/1")));
    assertEquals(List.of("0000:d7:00.0", "0000:d8:00.0", "0000:d9:00.0"),
        entity(first, "h1/pcie/0000:da:00.0").attrs().get("bridges"));
    assertTrue(rs.contains(new Relation("h1/socket/1", "on", "h1/cpu")));
    assertTrue(rs.contains(new Relation("h1/net/ens1f0", "on", "h1/socket/0")));
  }

  @Test
  void linkTrafficIsTheSumOfWhatIsBehindIt() {
    // nvme0n1: 20000 reads of 4 KiB and 10000 writes of 128 KiB in 2 s.
    assertValue(40960000, second, "h1/pcie/0000:01:00.0", "read_bytes_per_s");
    assertValue(655360000, second, "h1/pcie/0000:01:00.0", "write_bytes_per_s");
    assertValue(40960000, second, "h1/pcie/0000:00:01.0", "read_bytes_per_s");
    // The switch uplink carries nvme2n1 and nvme3n1 (1000 reads of 4 KiB each), not md0/dm-0 again.
    assertValue(4096000, second, "h1/pcie/0000:d8:00.0", "read_bytes_per_s");
    // The NIC: ens1f0 received 2.5e9 bytes (device to host), sent 1.25e9.
    assertValue(1.25e9, second, "h1/pcie/0000:3b:00.0", "read_bytes_per_s");
    assertValue(6.25e8, second, "h1/pcie/0000:3b:00.0", "write_bytes_per_s");
    // FC host3 (host4 idle) and the IB port, in 4-byte words.
    assertValue(8e8, second, "h1/pcie/0000:5e:00.0", "read_bytes_per_s");
    assertValue(2e9, second, "h1/pcie/0000:af:00.0", "read_bytes_per_s");
    assertValue(1e9, second, "h1/pcie/0000:af:00.0", "write_bytes_per_s");
  }

  @Test
  void aerCountersBecomeAnErrorRate() {
    assertValue(2.0, second, "h1/pcie/0000:3b:00.0", "errors_per_s");
    assertFalse(FixtureHost.has(first, "h1/pcie/0000:3b:00.0", "errors_per_s"));
  }

  @Test
  void interruptsShowTheCpusServingADevice() {
    Entity nvme1 = entity(first, "h1/pcie/0000:81:00.0");
    assertEquals("0-1", nvme1.attrs().get("irq_cpus"));
    assertEquals(List.of(0), nvme1.attrs().get("irq_numa_nodes"));
    // nvme1 sits on node 1 but all 2000 of its interrupts in 2 s landed on CPUs 0 and 1 (node 0).
    assertValue(1000, second, "h1/pcie/0000:81:00.0", "irq_per_s");
    assertValue(1.0, second, "h1/pcie/0000:81:00.0", "irq_remote_fraction");
    assertValue(200, second, "h1/pcie/0000:01:00.0", "irq_per_s");
    assertValue(0.0, second, "h1/pcie/0000:01:00.0", "irq_remote_fraction");
  }
}
