package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static io.headroom.collector.host.FixtureHost.entity;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Scrape;
import io.headroom.model.EntityKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated 128-CPU, 24-NVMe server (gen_big.py): scale and exact rates from its formulas. */
class BigServerTest {
  @Test
  void everyResourceIsFoundAndRated(@TempDir Path tmp) throws Exception {
    FixtureHost fx = FixtureHost.copy("big-128cpu-24nvme", tmp);
    HostSource source = new HostSource("big", null, fx.config(List.of("bench.slice"), List.of("system.slice/storage.service")));
    Scrape first = FixtureHost.scrape(source, 1000);
    fx.advance();
    Scrape second = FixtureHost.scrape(source, 1002);

    assertEquals(128, count(first, "cpu"));
    assertEquals(2, count(first, EntityKind.CPU_SOCKET));
    assertEquals(24, count(first, EntityKind.DISK));
    assertEquals(4 + 2 + 1, count(first, EntityKind.NET_PORT));
    assertEquals(List.of(), first.problems());
    assertEquals(List.of(), second.problems());
    assertEquals(List.of(), HostDiscovery.discover(fx.config(), "big").degraded());

    // Drive 5 (k = 6): 6000 reads of 4 KiB, 3000 writes of 128 KiB, weighted ms +12000, in 2 s.
    assertValue(3000, second, "big/disk/nvme5n1", "read_iops");
    assertValue(1500, second, "big/disk/nvme5n1", "write_iops");
    assertValue(196608000, second, "big/disk/nvme5n1", "write_bytes_per_s");
    assertValue(6.0, second, "big/disk/nvme5n1", "queue_depth");
    assertValue(12288000, second, "big/pcie/0000:00:06.0", "read_bytes_per_s");
    assertValue(33 * 60 / 2.0, second, "big/pcie/0000:06:00.0", "irq_per_s");
    assertValue(0.78, second, "big/socket/1", "util");
    assertValue(0.78, second, "big/cpu", "util");
    assertValue(0.1, second, "big/socket/0", "remote_access_ratio");
    assertValue(5e8, second, "big/net/ens1f0", "rx_bytes_per_s");
    assertValue(8e8, second, "big/fc/host10", "rx_bytes_per_s");
    assertValue(2e9, second, "big/ib/mlx5_0/1", "rx_bytes_per_s");
    assertEquals(2.5e10, entity(first, "big/ib/mlx5_0/1").capacity().get("bytes_per_s"));
    // 20 CPU-seconds in 2 s = 10 cores of the 16-CPU quota.
    assertValue(10.0 / 16, second, "big/cgroup/system.slice/storage.service", "util");
    assertValue(10.0 / 128, second, "big/cgroup/bench.slice", "util");
  }

  private static long count(Scrape s, String kind) {
    return s.entities().stream().filter(e -> e.kind().equals(kind)).count();
  }
}
