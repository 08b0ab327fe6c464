package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static io.headroom.collector.host.FixtureHost.entity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tree captured from the build VM while known I/O went through a loop device and a veth. */
class VmCaptureTest {
  @TempDir Path tmp;
  FixtureHost fx;
  Scrape first;
  Scrape second;

  @BeforeEach
  void scrapeTwice() throws Exception {
    fx = FixtureHost.copy("vm", tmp);
    HostSource source = new HostSource("vm1", null, fx.config(List.of("headroom-capture"), List.of()));
    first = FixtureHost.scrape(source, 1000);
    fx.advance();
    second = FixtureHost.scrape(source, 1002);
  }

  @Test
  void loopDeviceRatesMatchTheBytesDdMoved() {
    String d = "vm1/disk/loop0";
    assertValue(256, second, d, "read_iops"); // 512 reads in 2 s
    assertValue(32, second, d, "write_iops"); // 64 writes
    assertValue(1048576, second, d, "read_bytes_per_s"); // 2 MiB
    assertValue(2097152, second, d, "write_bytes_per_s"); // 4 MiB
    assertEquals("/dev/shm/headroom-capture.img", entity(first, d).attrs().get("backing_file"));
  }

  @Test
  void vethTrafficMatchesTheFramesSent() {
    assertValue(52100, second, "vm1/net/hrv0", "tx_bytes_per_s"); // 100 x 1042 bytes
    assertValue(50, second, "vm1/net/hrv0", "tx_packets_per_s");
    assertValue(0, second, "vm1/net/hrv0", "rx_bytes_per_s");
  }

  @Test
  void cgroupV1CountsTheSameIoAndItsQuota() {
    String cg = "vm1/cgroup/headroom-capture";
    Entity e = entity(first, cg);
    assertEquals("v1", e.attrs().get("cgroup_version"));
    assertEquals(0.5, e.attrs().get("quota_cores"));
    assertEquals(List.of("7:0 104857600 write_bps_device"), e.attrs().get("io_limits"));
    assertValue(1048576, second, cg, "read_bytes_per_s");
    assertValue(2097152, second, cg, "write_bytes_per_s");
    assertValue(256, second, cg, "read_iops");
    assertValue(32, second, cg, "write_iops");
    // cpuacct.usage 0 -> 6320728 ns: 0.00316 cores, 0.632% of the 0.5-CPU quota.
    assertValue(0.003160364, second, cg, "cpu_cores_used");
    assertValue(0.006320728, second, cg, "util");
    assertValue(0.0, second, cg, "throttled_fraction");
  }

  @Test
  void hostCpuFromRealTicks() {
    // cpu line: user +168, system +21, idle +9 of 198 ticks.
    assertValue(189.0 / 198, second, "vm1/cpu", "util");
    assertValue(168.0 / 198, second, "vm1/cpu", "util_user");
    assertValue(3, second, "vm1/cpu", "procs_running");
  }

  @Test
  void virtioDevicesMapToTheirPciFunctionWithUnknownNode() {
    assertTrue(first.relations().contains(new Relation("vm1/disk/vda", "behind", "vm1/pcie/0000:00:02.0")));
    assertTrue(first.relations().contains(new Relation("vm1/net/eth0", "behind", "vm1/pcie/0000:00:03.0")));
    assertEquals("unknown", entity(first, "vm1/disk/vda").attrs().get("numa_node"));
    assertEquals("virtio-pci", entity(first, "vm1/pcie/0000:00:02.0").attrs().get("driver"));
    // One node: every device's -1 is normal there, so nothing is called degraded.
    assertEquals(List.of(), HostDiscovery.discover(fx.config(), "vm1").degraded());
    // virtio-net reports speed -1 though the link is up: no ceiling, and said so.
    assertTrue(first.problems().stream().anyMatch(p -> p.contains("eth0/speed") && p.contains("no ceiling")),
        first.problems().toString());
  }
}
