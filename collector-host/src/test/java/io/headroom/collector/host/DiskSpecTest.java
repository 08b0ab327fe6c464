package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.entity;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Scrape;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Declared disk ceilings (settings key disks): by name or glob, first match wins. */
class DiskSpecTest {
  @Test
  void declaredSpecsBecomeTheDisksCapacity(@TempDir Path tmp) throws Exception {
    FixtureHost fx = FixtureHost.copy("two-socket", tmp);
    Map<String, DiskSpec> specs = new LinkedHashMap<>();
    specs.put("nvme1n1", new DiskSpec(800000.0, null));
    specs.put("nvme*n1", new DiskSpec(1.5e6, 7.0e9));
    HostSource source = new HostSource("h1", null, new HostSourceConfig(
        fx.root.resolve("proc"), fx.root.resolve("sys"), List.of(), List.of(), Duration.ofHours(1), specs));
    Scrape s = FixtureHost.scrape(source, 1000);
    assertEquals(Map.of("util", 1.0, "iops", 1.5e6, "bytes_per_s", 7.0e9), entity(s, "h1/disk/nvme0n1").capacity());
    assertEquals(Map.of("util", 1.0, "iops", 800000.0), entity(s, "h1/disk/nvme1n1").capacity());
    assertEquals(Map.of("util", 1.0), entity(s, "h1/disk/md0").capacity());
  }

  @Test
  void aCeilingMustBeAboveZero() {
    assertEquals(List.of("iops: must be a positive number"), new DiskSpec(0.0, null).validate());
    assertEquals(List.of("bytes_per_s: must be a positive number"), new DiskSpec(null, 0.0).validate());
    assertEquals(List.of("iops: must be a positive number", "bytes_per_s: must be a positive number"),
        new DiskSpec(Double.NaN, -1.0).validate());
    assertEquals(List.of(), new DiskSpec(Double.MIN_VALUE, Double.MIN_VALUE).validate()); // the least above 0
    assertEquals(List.of(), new DiskSpec(null, null).validate());
  }
}
