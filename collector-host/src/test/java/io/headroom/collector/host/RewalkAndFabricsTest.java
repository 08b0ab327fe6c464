package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Relation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two-socket host walked again every second (topology_refresh 1 s, scrapes 2 s apart): what a
 * walk found before must not linger or double; and IB and cgroup details its fixture leaves out.
 */
class RewalkAndFabricsTest {
  @TempDir Path tmp;
  FixtureHost fx;
  HostSource source;

  @BeforeEach
  void everyScrapeWalks() throws Exception {
    fx = FixtureHost.copy("two-socket", tmp);
    source = new HostSource("h1", null, fx.config(List.of("bench.slice"), List.of(), Duration.ofSeconds(1)));
  }

  private Path ibCounters() {
    return fx.sys("class/infiniband/mlx5_0/ports/1/counters");
  }

  @Test
  void aCgroupWalkedThreeTimesIsReadOnceEachScrape() throws Exception {
    FixtureHost.scrape(source, 1000);
    fx.advance();
    FixtureHost.scrape(source, 1002);
    Scrape third = FixtureHost.scrape(source, 1004); // the same files as 2 s before: nothing used
    assertValue(0, third, "h1/cgroup/bench.slice", "cpu_cores_used"); // fails if sampled twice
  }

  @Test
  void anFcHostGoneBeforeTheNextWalkIsNotLookedFor() throws Exception {
    Scrape first = FixtureHost.scrape(source, 1000);
    assertTrue(first.problems().stream().anyMatch(p -> p.contains("/fc_host/host4/")), first.problems().toString());
    // unplugged: its sysfs directory goes with its class link
    Path gone = fx.sys("class/fc_host/host4").toRealPath();
    Files.delete(fx.sys("class/fc_host/host4"));
    FixtureHost.deleteTree(gone);
    Scrape second = FixtureHost.scrape(source, 1002);
    assertEquals(List.of(), FixtureHost.problemsNaming(second, "host4"));
  }

  @Test
  void theCgroupsCpusetAndItsPlaceOnTheHostCpu() throws Exception {
    Scrape s = FixtureHost.scrape(source, 1000);
    assertEquals("4-7", FixtureHost.entity(s, "h1/cgroup/bench.slice").attrs().get("cpus")); // cpuset.cpus.effective
    assertTrue(s.relations().contains(new Relation("h1/cgroup/bench.slice", "on", "h1/cpu")));
  }

  @Test
  void ibErrorsAreReceiveErrorsSymbolErrorsAndRemotePhysicalErrorsSummed() throws Exception {
    FixtureHost.scrape(source, 1000);
    Files.writeString(ibCounters().resolve("port_rcv_errors"), "2\n");
    Files.writeString(ibCounters().resolve("symbol_error"), "4\n");
    Files.writeString(ibCounters().resolve("port_rcv_remote_physical_errors"), "6\n");
    Scrape s = FixtureHost.scrape(source, 1002);
    assertValue((2 + 4 + 6) / 2.0, s, "h1/ib/mlx5_0/1", "errors_per_s");
  }

  @Test
  void anIbPortOfUnknownRateHasNoCeilingAndSaysSo() throws Exception {
    // the port as the collector names it: under the device's resolved directory
    Path rate = fx.sys("class/infiniband/mlx5_0").toRealPath().resolve("ports/1/rate");
    Files.writeString(rate, "\n");
    Scrape s = FixtureHost.scrape(source, 1000);
    assertTrue(s.problems().contains(rate + ": rate unknown: no ceiling"), s.problems().toString());
    assertFalse(FixtureHost.entity(s, "h1/ib/mlx5_0/1").attrs().containsKey("speed_bps"));
    assertEquals(java.util.Map.of(), FixtureHost.entity(s, "h1/ib/mlx5_0/1").capacity());
  }

  @Test
  void fcDumpedFramesCountedByTheHbaAreDiscards() throws Exception {
    // the fixture's host3 reads all ones (unsupported); an HBA that counts them: 10, then 16
    Path dumped = fx.sys("class/fc_host/host3/statistics/dumped_frames");
    Files.writeString(dumped, "0xa\n");
    FixtureHost.scrape(source, 1000);
    Files.writeString(dumped, "0x10\n");
    Scrape s = FixtureHost.scrape(source, 1002);
    assertValue((16 - 10) / 2.0, s, "h1/fc/host3", "discards_per_s");
  }

  @Test
  void anIbPortWithoutAnOptionalCounterKeepsItsDataRatesAndNamesNothing() throws Exception {
    Files.delete(ibCounters().resolve("port_xmit_packets")); // some HCAs' firmware leave it out
    FixtureHost.scrape(source, 1000);
    Files.writeString(ibCounters().resolve("port_xmit_data"), "600\n"); // +500 words of 4 bytes over 2 s
    Scrape s = FixtureHost.scrape(source, 1002);
    assertValue(500 * 4 / 2.0, s, "h1/ib/mlx5_0/1", "tx_bytes_per_s");
    assertFalse(FixtureHost.has(s, "h1/ib/mlx5_0/1", "tx_packets_per_s"));
    assertEquals(List.of(), FixtureHost.problemsNaming(s, "infiniband"));
  }

  @Test
  void theTopologyIsWalkedAgainExactlyAtTheRefreshNotBefore() throws Exception {
    FixtureHost.scrape(source, 1000);
    Path veth = Files.createDirectories(fx.sys("class/net/veth7"));
    Files.writeString(veth.resolve("type"), "1\n");
    assertFalse(FixtureHost.scrape(source, 1000.999).entities().stream().anyMatch(e -> e.id().equals("h1/net/veth7")));
    // topology_refresh 1 s: at 1001 exactly the walk finds the new interface
    assertTrue(FixtureHost.scrape(source, 1001).entities().stream().anyMatch(e -> e.id().equals("h1/net/veth7")));
  }
}
