package io.headroom.collector.host;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Settings of the Linux host source (docs/host-source.md documents the keys).
 *
 * @param procRoot where /proc is (a captured fixture tree in tests)
 * @param sysRoot where /sys is
 * @param cgroups cgroup paths to watch as kind "cgroup" (relative to the hierarchy root)
 * @param arrayCgroups cgroup paths to watch as {@code array_cpu}: a containerised storage service
 *     whose quota, not the machine, is its CPU ceiling
 * @param topologyRefresh how often PCI, disks, ports and NUMA are walked again; counters are read
 *     every scrape regardless
 */
public record HostSourceConfig(
    Path procRoot, Path sysRoot, List<String> cgroups, List<String> arrayCgroups, Duration topologyRefresh) {
  public static final Duration DEFAULT_REFRESH = Duration.ofSeconds(60);
  public static final HostSourceConfig LIVE = new HostSourceConfig(Path.of("/proc"), Path.of("/sys"));

  public HostSourceConfig {
    cgroups = List.copyOf(cgroups);
    arrayCgroups = List.copyOf(arrayCgroups);
    topologyRefresh = topologyRefresh == null ? DEFAULT_REFRESH : topologyRefresh;
  }

  public HostSourceConfig(Path procRoot, Path sysRoot) {
    this(procRoot, sysRoot, List.of(), List.of(), DEFAULT_REFRESH);
  }

  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (!Files.isDirectory(procRoot)) {
      problems.add("proc_root: " + procRoot + " is not a directory");
    }
    if (!Files.isDirectory(sysRoot)) {
      problems.add("sys_root: " + sysRoot + " is not a directory");
    }
    for (String c : cgroups) {
      if (arrayCgroups.contains(c)) {
        problems.add("cgroups: " + c + " is also in array_cgroups; list it once");
      }
    }
    for (String c : concat(cgroups, arrayCgroups)) {
      if (c.isBlank() || c.contains("..")) {
        problems.add("cgroups: \"" + c + "\" is not a cgroup path");
      }
    }
    if (topologyRefresh.isNegative() || topologyRefresh.isZero()) {
      problems.add("topology_refresh: must be positive");
    }
    return problems;
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
