package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The topology is walked again every topology_refresh; in between, a vanished device is a problem. */
class TopologyRefreshTest {
  @Test
  void aRemovedDiskIsAProblemUntilTheNextWalkThenGone(@TempDir Path tmp) throws Exception {
    FixtureHost fx = FixtureHost.copy("two-socket", tmp);
    HostSourceConfig c = fx.config();
    HostSource source = new HostSource("h1", null,
        new HostSourceConfig(c.procRoot(), c.sysRoot(), List.of(), List.of(), Duration.ofSeconds(10)));
    FixtureHost.scrape(source, 1000);
    fx.advance();
    // nvme1n1 is hot-removed: gone from sysfs and from diskstats.
    Files.delete(fx.sys("block/nvme1n1"));
    Path stats = fx.proc("diskstats");
    Files.writeString(stats, Files.readAllLines(stats).stream()
        .filter(l -> !l.contains(" nvme1n1 ")).collect(Collectors.joining("\n")));

    Scrape before = FixtureHost.scrape(source, 1002);
    assertEquals(List.of("h1/disk/nvme1n1: not in " + stats + " (device gone?)"), before.problems());
    assertTrue(before.entities().stream().anyMatch(e -> e.id().equals("h1/disk/nvme1n1")));

    Scrape after = FixtureHost.scrape(source, 1010);
    assertFalse(after.entities().stream().anyMatch(e -> e.id().equals("h1/disk/nvme1n1")));
    assertFalse(after.relations().stream().anyMatch(r -> r.from().equals("h1/disk/nvme1n1")));
    // The walk keeps the counters: nvme0n1 (unchanged since 1002) rates 0 over the 8 s, not nothing.
    assertValue(0, after, "h1/disk/nvme0n1", "read_iops");
    // The walk's own finding comes back with it; the removed disk's problem does not.
    assertEquals(1, after.problems().size(), after.problems().toString());
    assertTrue(after.problems().get(0).endsWith("/host4/fc_host/host4/speed: speed unknown (\"Unknown\"): no ceiling"));
  }
}
