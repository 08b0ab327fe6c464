package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.config.ConfigException;
import io.headroom.collector.source.SourceContext;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Binding and checking the documented settings keys (docs/host-source.md). */
class HostSourceFactoryTest {
  @TempDir Path base;

  private HostSourceConfig bind(String json) throws Exception {
    JsonNode settings = new ObjectMapper().readTree(json);
    return HostSourceFactory.config(new SourceContext("h1", Duration.ofSeconds(1), base), settings);
  }

  @Test
  void everyKeyIsBoundAndRelativeRootsResolveAgainstTheTestbedFile() throws Exception {
    java.nio.file.Files.createDirectories(base.resolve("fx/proc"));
    java.nio.file.Files.createDirectories(base.resolve("fx/sys"));
    HostSourceConfig c = bind("{\"proc_root\":\"fx/proc\",\"sys_root\":\"fx/sys\",\"cgroups\":[\"bench.slice\"],"
        + "\"array_cgroups\":[\"system.slice/osd.service\"],\"topology_refresh\":\"30s\"}");
    assertEquals(base.resolve("fx/proc"), c.procRoot());
    assertEquals(base.resolve("fx/sys"), c.sysRoot());
    assertEquals(List.of("bench.slice"), c.cgroups());
    assertEquals(List.of("system.slice/osd.service"), c.arrayCgroups());
    assertEquals(Duration.ofSeconds(30), c.topologyRefresh());
  }

  @Test
  void defaultsAreTheLiveMachine() throws Exception {
    HostSourceConfig c = bind("{}");
    assertEquals(Path.of("/proc"), c.procRoot());
    assertEquals(Path.of("/sys"), c.sysRoot());
    assertEquals(Duration.ofSeconds(60), c.topologyRefresh());
  }

  @Test
  void allProblemsAreReportedAtOnce() {
    ConfigException e = assertThrows(ConfigException.class, () -> bind(
        "{\"proc_root\":\"nope\",\"cgroup\":[\"x\"],\"cgroups\":\"a\",\"array_cgroups\":[\"../etc\"],\"topology_refresh\":\"soon\"}"));
    assertEquals("host source of h1: unknown key 'cgroup'; did you mean 'cgroups'?; " // 1 letter short
        + "cgroups: must be a list, not a string; "
        + "topology_refresh: \"soon\" is not a duration (write e.g. 500ms, 1s, 5s, 2m, 1h); "
        + "proc_root: " + base.resolve("nope") + " is not a directory; "
        + "array_cgroups: \"../etc\" is not a cgroup path", e.getMessage());
  }

  @Test
  void diskSpecsAreBoundAndChecked() throws Exception {
    HostSourceConfig c = bind("{\"disks\":{\"nvme0n1\":{\"iops\":1000000},\"sd*\":{\"bytes_per_s\":2.5e8}}}");
    assertEquals(java.util.Map.of("iops", 1.0e6), c.diskSpec("nvme0n1"));
    assertEquals(java.util.Map.of("bytes_per_s", 2.5e8), c.diskSpec("sdb"));
    assertEquals(java.util.Map.of(), c.diskSpec("vda"));
    ConfigException e = assertThrows(ConfigException.class,
        () -> bind("{\"disks\":{\"sda\":{\"iops\":\"fast\",\"latency\":1},\"sdb\":5}}"));
    assertEquals("host source of h1: disks.sda: unknown key 'latency' (known: [bytes_per_s, iops]); "
        + "disks.sda.iops: must be a number, not a string; "
        + "disks.sdb: must be a mapping (keys: [bytes_per_s, iops])", e.getMessage());
    ConfigException negative = assertThrows(ConfigException.class, () -> bind("{\"disks\":{\"sda\":{\"iops\":0}}}"));
    assertEquals("host source of h1: disks.sda.iops: must be a positive number", negative.getMessage());
  }

  @Test
  void aCgroupPathThatClimbsOutOrIsBlankIsRefused() {
    ConfigException e = assertThrows(ConfigException.class, () -> bind("{\"cgroups\":[\"ok.slice\",\"a/../../etc\",\" \"]}"));
    assertEquals("host source of h1: cgroups: \"a/../../etc\" is not a cgroup path; cgroups: \" \" is not a cgroup path",
        e.getMessage());
  }

  @Test
  void aCgroupInBothListsIsRefused() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> bind("{\"cgroups\":[\"a\"],\"array_cgroups\":[\"a\"]}"));
    assertEquals("host source of h1: cgroups: a is also in array_cgroups; list it once", e.getMessage());
  }

  @Test
  void theFactoryIsTypeHostWithTheHostMetricsAndMakesASourceOfTheTestbedsInterval() throws Exception {
    HostSourceFactory factory = new HostSourceFactory();
    assertEquals("host", factory.type());
    assertEquals(HostMetrics.ALL, factory.metrics());
    assertEquals(false, factory.metrics().isEmpty());
    var source = factory.create(new SourceContext("h1", Duration.ofSeconds(5), base), new ObjectMapper().readTree("{}"));
    assertEquals("host", source.name());
    assertEquals(Duration.ofSeconds(5), source.interval());
  }
}
