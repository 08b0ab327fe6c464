package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static io.headroom.collector.host.FixtureHost.has;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where sockets come from on the two-socket host (8 CPUs, packages 0 and 1, nodes 0 and 1) when
 * its files say otherwise: no NUMA nodes at all (packages then), more nodes than packages
 * (sub-NUMA clustering), remote-heavy traffic, an odd numastat, a node gone at the next walk.
 */
class NumaNodesTest {
  @TempDir Path tmp;
  FixtureHost fx;

  @BeforeEach
  void copy() throws Exception {
    fx = FixtureHost.copy("two-socket", tmp);
  }

  private static Map<String, Object> socketCpus(Scrape s) {
    Map<String, Object> out = new TreeMap<>();
    for (Entity e : s.entities()) {
      if (e.kind() == EntityKind.CPU_SOCKET) {
        out.put(e.id(), e.attrs().get("cpus"));
      }
    }
    return out;
  }

  @Test
  void withoutNumaNodesEachPhysicalPackageIsASocketAndAnUnknownPackagePlacesNoCpu() throws Exception {
    FixtureHost.deleteTree(fx.sys("devices/system/node"));
    // packages as the fixture writes them, but cpu7's unknown (-1)
    Files.writeString(fx.sys("devices/system/cpu/cpu7/topology/physical_package_id"), "-1\n");
    Scrape s = FixtureHost.scrape(new HostSource("h1", null, fx.config()), 1000);
    assertEquals(Map.of("h1/socket/0", "0-3", "h1/socket/1", "4-6"), socketCpus(s));
  }

  @Test
  void subNumaClusteringGivesASocketPerNodeNotPerPackage() throws Exception {
    // SNC-2: each package's CPUs split into two nodes; the packages stay 0 and 1
    Path nodes = fx.sys("devices/system/node");
    Files.writeString(nodes.resolve("node0/cpulist"), "0-1\n");
    Files.writeString(nodes.resolve("node1/cpulist"), "2-3\n");
    for (int n = 2; n <= 3; n++) {
      Path dir = Files.createDirectories(nodes.resolve("node" + n));
      Files.writeString(dir.resolve("cpulist"), (n == 2 ? "4-5" : "6-7") + "\n");
      Files.copy(nodes.resolve("node1/numastat"), dir.resolve("numastat"));
    }
    Scrape s = FixtureHost.scrape(new HostSource("h1", null, fx.config()), 1000);
    assertEquals(Map.of("h1/socket/0", "0-1", "h1/socket/1", "2-3", "h1/socket/2", "4-5", "h1/socket/3", "6-7"),
        socketCpus(s));
  }

  private Scrape twoScrapesOfNode0(HostSource source, String first, String second) throws Exception {
    Path numastat = fx.sys("devices/system/node/node0/numastat");
    Files.writeString(numastat, first);
    FixtureHost.scrape(source, 1000);
    Files.writeString(numastat, second);
    return FixtureHost.scrape(source, 1002);
  }

  private static String numastat(long local, long other) {
    return "numa_hit 0\nnuma_miss 0\nnuma_foreign 0\ninterleave_hit 0\nlocal_node " + local + "\nother_node " + other + "\n";
  }

  @Test
  void remoteHeavyTrafficGivesARatioAboveOneHalf() throws Exception {
    // +1,000 local, +3,000 other: 3,000 / 4,000 = 0.75
    Scrape s = twoScrapesOfNode0(new HostSource("h1", null, fx.config()), numastat(0, 0), numastat(1000, 3000));
    assertValue(0.75, s, "h1/socket/0", "remote_access_ratio");
    assertValue(1500, s, "h1/socket/0", "other_node_per_s");
  }

  @Test
  void noTrafficAtAllGivesNoRatio() throws Exception {
    Scrape s = twoScrapesOfNode0(new HostSource("h1", null, fx.config()), numastat(5, 5), numastat(5, 5));
    assertFalse(has(s, "h1/socket/0", "remote_access_ratio"));
    assertValue(0, s, "h1/socket/0", "local_node_per_s");
  }

  @Test
  void aNumastatWithoutItsFieldsIsAProblemNamingIt() throws Exception {
    Path numastat = fx.sys("devices/system/node/node0/numastat");
    Files.writeString(numastat, "numa_hit 1\n");
    Scrape s = FixtureHost.scrape(new HostSource("h1", null, fx.config()), 1000);
    assertEquals(List.of(numastat + ": unexpected format"), FixtureHost.problemsNaming(s, "numastat"));
  }

  @Test
  void aNodeGoneWhenTheTopologyIsWalkedAgainIsNoLongerRead() throws Exception {
    HostSource source = new HostSource("h1", null, fx.config(List.of(), List.of(), Duration.ofSeconds(1)));
    FixtureHost.scrape(source, 1000);
    FixtureHost.deleteTree(fx.sys("devices/system/node/node1"));
    Scrape s = FixtureHost.scrape(source, 1002); // past the 1 s refresh: walked again
    assertEquals(List.of(), FixtureHost.problemsNaming(s, "node1"));
    assertFalse(socketCpus(s).containsKey("h1/socket/1"));
  }

  @Test
  void aDistanceTableThatIsNotNumbersFailsTheNumaAreaOnlyAndSaysSo() throws Exception {
    Files.writeString(fx.sys("devices/system/node/node1/distance"), "21 x\n");
    Scrape s = FixtureHost.scrape(new HostSource("h1", null, fx.config()), 1000);
    List<String> numa = s.problems().stream().filter(p -> p.startsWith("h1/numa")).toList();
    assertEquals(List.of("h1/numa: discovery failed: java.lang.NumberFormatException: For input string: \"x\""), numa);
    // the areas after it stand: the PCIe walk still names its links
    assertEquals("PCIe 0000:81:00.0", FixtureHost.entity(s, "h1/pcie/0000:81:00.0").name());
  }

  @Test
  void anEmptyNumastatIsAProblemNamingIt() throws Exception {
    Path numastat = fx.sys("devices/system/node/node1/numastat");
    Files.writeString(numastat, "\n");
    Scrape s = FixtureHost.scrape(new HostSource("h1", null, fx.config()), 1000);
    assertEquals(List.of(numastat + ": empty"), FixtureHost.problemsNaming(s, "numastat"));
  }
}
