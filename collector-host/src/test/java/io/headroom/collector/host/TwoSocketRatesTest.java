package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static io.headroom.collector.host.FixtureHost.entity;
import static io.headroom.collector.host.FixtureHost.has;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Relation;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rates on the two-socket host between scrape 1 (ts 1000) and scrape 2 (ts 1002); the deltas are
 * those written in gen_two_socket.py.
 */
class TwoSocketRatesTest {
  @TempDir Path tmp;
  Scrape first;
  Scrape second;

  @BeforeEach
  void scrapeTwice() throws Exception {
    FixtureHost fx = FixtureHost.copy("two-socket", tmp);
    HostSource source = new HostSource("h1", null,
        fx.config(List.of("bench.slice"), List.of("/system.slice/storage.service")));
    first = FixtureHost.scrape(source, 1000);
    fx.advance();
    second = FixtureHost.scrape(source, 1002);
  }

  @Test
  void firstScrapeHasEntitiesButNoRates() {
    assertTrue(first.entities().size() > 30);
    for (var e : first.readings().entrySet()) {
      for (Scrape.Reading r : e.getValue()) {
        // Only levels read as they are (the run queue) may appear before there is a previous reading.
        assertTrue(r.metric().startsWith("procs_"), e.getKey() + " " + r.metric() + " on the first scrape");
      }
    }
  }

  @Test
  void diskRatesLatencyQueueDepthAndBusy() {
    String d = "h1/disk/nvme0n1";
    assertValue(10000, second, d, "read_iops");
    assertValue(5000, second, d, "write_iops");
    assertValue(40960000, second, d, "read_bytes_per_s");
    assertValue(655360000, second, d, "write_bytes_per_s");
    assertValue(1e-4, second, d, "read_latency_s");
    assertValue(5e-4, second, d, "write_latency_s");
    assertValue(7.0, second, d, "queue_depth");
    assertValue(0.95, second, d, "util");
    // An idle disk has rates of 0 but no latency (there was no I/O to time).
    assertValue(0, second, "h1/disk/nvme1n1", "read_iops");
    assertFalse(has(second, "h1/disk/nvme1n1", "read_latency_s"));
  }

  @Test
  void diskAttributesAndStacks() {
    Entity nvme0 = entity(first, "h1/disk/nvme0n1");
    assertEquals("nvme0", nvme0.attrs().get("nvme_controller"));
    assertEquals("ACME NVMe 3.84TB", nvme0.attrs().get("model"));
    assertEquals(0, nvme0.attrs().get("numa_node"));
    assertEquals(3576L * 1024 * 1024 * 1024, nvme0.attrs().get("size_bytes"));
    assertEquals("raid1", entity(first, "h1/disk/md0").attrs().get("md_level"));
    assertEquals("vg0-data", entity(first, "h1/disk/dm-0").attrs().get("dm_name"));
    List<Relation> rs = first.relations();
    assertTrue(rs.contains(new Relation("h1/disk/md0", "behind", "h1/disk/nvme2n1")));
    assertTrue(rs.contains(new Relation("h1/disk/md0", "behind", "h1/disk/nvme3n1")));
    assertTrue(rs.contains(new Relation("h1/disk/dm-0", "behind", "h1/disk/md0")));
    // An unbound loop device (size 0) is not a disk.
    assertFalse(first.entities().stream().anyMatch(e -> e.id().equals("h1/disk/loop0")));
  }

  @Test
  void nvmeOverTcpNamespaceHasItsTargetAndNoPcieLink() {
    Entity e = entity(first, "h1/disk/nvme4n1");
    assertEquals("tcp", e.attrs().get("transport"));
    assertEquals("nvme4", e.attrs().get("nvme_controller"));
    assertEquals("traddr=10.0.0.5,trsvcid=4420,src_addr=10.0.0.1", e.attrs().get("nvme_address"));
    assertFalse(e.attrs().containsKey("pci"));
    assertFalse(first.relations().stream().anyMatch(r -> r.from().equals(e.id())));
    assertValue(2000, second, e.id(), "write_iops");
    assertValue(1e-3, second, e.id(), "write_latency_s");
    assertValue(0.75, second, e.id(), "util");
  }

  @Test
  void ethernetPortsAndBonds() {
    String p = "h1/net/ens1f0";
    assertValue(1.25e9, second, p, "rx_bytes_per_s");
    assertValue(6.25e8, second, p, "tx_bytes_per_s");
    assertValue(5e5, second, p, "rx_packets_per_s");
    assertValue(2.5e5, second, p, "tx_packets_per_s");
    assertValue(2.0, second, p, "errors_per_s");
    assertValue(3.0, second, p, "discards_per_s");
    Entity port = entity(first, p);
    assertEquals(1.25e10, port.capacity().get("bytes_per_s"));
    assertEquals("ethernet", port.attrs().get("fabric"));
    assertEquals(List.of("ens1f0", "ens1f1"), entity(first, "h1/net/bond0").attrs().get("bond_members"));
    assertTrue(first.relations().contains(new Relation("h1/net/bond0", "behind", "h1/net/ens1f1")));
    assertTrue(first.relations().contains(new Relation(p, "behind", "h1/pcie/0000:3b:00.0")));
    // A bridge with no speed has no ceiling, and being virtual it is no problem either.
    assertTrue(entity(first, "h1/net/br0").capacity().isEmpty());
    assertFalse(first.entities().stream().anyMatch(e -> e.id().equals("h1/net/lo")));
  }

  @Test
  void fibreChannelWordsAreFourBytes() {
    String p = "h1/fc/host3";
    Entity port = entity(first, p);
    assertEquals("fc", port.attrs().get("fabric"));
    assertEquals(3.2e9, port.capacity().get("bytes_per_s"));
    assertValue(4e8, second, p, "tx_bytes_per_s");
    assertValue(8e8, second, p, "rx_bytes_per_s");
    assertValue(2.0, second, p, "errors_per_s");
    assertValue(0.5, second, p, "link_failures_per_s");
    // dumped_frames reads all ones (unsupported): left out, not reported as 0.
    assertFalse(has(second, p, "discards_per_s"));
    assertTrue(entity(first, "h1/fc/host4").capacity().isEmpty());
    assertTrue(first.problems().stream().anyMatch(s -> s.contains("host4/speed") && s.contains("\"Unknown\"")),
        first.problems().toString());
  }

  @Test
  void infinibandDataIsInFourByteUnits() {
    String p = "h1/ib/mlx5_0/1";
    Entity port = entity(first, p);
    assertEquals("infiniband", port.attrs().get("fabric"));
    assertEquals(1.25e10, port.capacity().get("bytes_per_s"));
    assertValue(1e9, second, p, "tx_bytes_per_s");
    assertValue(2e9, second, p, "rx_bytes_per_s");
    assertValue(2500, second, p, "xmit_wait_per_s");
    assertValue(500, second, p, "tx_packets_per_s");
  }

  @Test
  void cpuPerHostSocketAndCpu() {
    // 8 CPUs x 200 ticks; idle+iowait = 4*(40+10) + 4*180 = 920 of 1600.
    assertValue(680.0 / 1600, second, "h1/cpu", "util");
    assertValue(0.75, second, "h1/socket/0", "util");
    assertValue(0.10, second, "h1/socket/1", "util");
    assertValue(0.55, second, "h1/cpu/0", "util_user");
    assertValue(0.10, second, "h1/cpu/0", "util_system");
    assertValue(0.025, second, "h1/cpu/0", "util_irq");
    assertValue(0.075, second, "h1/cpu/0", "util_softirq");
    assertValue(0.05, second, "h1/cpu/0", "util_iowait");
    assertValue(0.0, second, "h1/cpu/0", "util_steal");
    assertValue(9, second, "h1/cpu", "procs_running");
    assertValue(2, second, "h1/cpu", "procs_blocked");
    assertEquals("cpu", entity(first, "h1/cpu/5").kind());
    assertTrue(first.relations().contains(new Relation("h1/cpu/5", "on", "h1/socket/1")));
  }

  @Test
  void pressureStallFromTotals() {
    assertValue(0.15, second, "h1/cpu", "psi_cpu_some");
    assertValue(0.05, second, "h1/cpu", "psi_io_some");
    assertValue(0.02, second, "h1/cpu", "psi_io_full");
  }

  @Test
  void numaNodesDistancesAndRemoteAccess() {
    Entity s0 = entity(first, "h1/socket/0");
    assertEquals(EntityKind.CPU_SOCKET, s0.kind());
    assertEquals("0-3", s0.attrs().get("cpus"));
    assertEquals(List.of(10, 21), s0.attrs().get("distances"));
    assertValue(0.1, second, "h1/socket/0", "remote_access_ratio");
    assertValue(0.25, second, "h1/socket/1", "remote_access_ratio");
    assertValue(4500, second, "h1/socket/0", "local_node_per_s");
    assertValue(500, second, "h1/socket/0", "other_node_per_s");
    assertValue(5000, second, "h1/socket/0", "numa_hit_per_s");
  }

  @Test
  void cgroupV2QuotaThrottlingAndIo() {
    String svc = "h1/cgroup/system.slice/storage.service";
    Entity e = entity(first, svc);
    assertEquals(EntityKind.ARRAY_CPU, e.kind());
    assertEquals(2.0, e.attrs().get("quota_cores"));
    assertEquals(List.of("259:0 rbps=max wbps=1048576000 riops=max wiops=max"), e.attrs().get("io_limits"));
    assertValue(1.9, second, svc, "cpu_cores_used");
    assertValue(0.95, second, svc, "util");
    assertValue(0.75, second, svc, "throttled_fraction");
    assertValue(0.3, second, svc, "throttled_s_per_s");
    assertValue(20971520, second, svc, "read_bytes_per_s");
    assertValue(10485760, second, svc, "write_bytes_per_s");
    assertValue(5120, second, svc, "read_iops");
    assertValue(2560, second, svc, "write_iops");
    assertValue(0.2, second, svc, "psi_cpu_some");
    // No quota: the ceiling is the 4 CPUs it may run on; no periods, so no throttled share.
    String bench = "h1/cgroup/bench.slice";
    assertEquals("cgroup", entity(first, bench).kind());
    assertValue(0.25, second, bench, "util");
    assertFalse(has(second, bench, "throttled_fraction"));
  }

  @Test
  void theScrapeHasNoProblemsBeyondTheDownFcPort() {
    assertEquals(1, first.problems().size(), first.problems().toString());
    assertEquals(List.of(), second.problems());
  }
}
