package io.headroom.collector.host;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * @param disks declared ceilings of disks (sysfs does not know a drive's rated IOPS): a disk
 *     name or glob ("nvme*n1") to its {@link DiskSpec}; the first matching entry wins
 */
public record HostSourceConfig(
    Path procRoot, Path sysRoot, List<String> cgroups, List<String> arrayCgroups, Duration topologyRefresh,
    Map<String, DiskSpec> disks) {
  public static final Duration DEFAULT_REFRESH = Duration.ofSeconds(60);
  public static final HostSourceConfig LIVE = new HostSourceConfig(Path.of("/proc"), Path.of("/sys"));

  /** Absent settings (null, as the settings binder gives them) take their defaults. */
  public HostSourceConfig {
    procRoot = procRoot == null ? Path.of("/proc") : procRoot;
    sysRoot = sysRoot == null ? Path.of("/sys") : sysRoot;
    cgroups = cgroups == null ? List.of() : List.copyOf(cgroups);
    arrayCgroups = arrayCgroups == null ? List.of() : List.copyOf(arrayCgroups);
    topologyRefresh = topologyRefresh == null ? DEFAULT_REFRESH : topologyRefresh;
    // Insertion order kept: with globs, the first matching entry wins.
    disks = disks == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(disks));
  }

  public HostSourceConfig(
      Path procRoot, Path sysRoot, List<String> cgroups, List<String> arrayCgroups, Duration topologyRefresh) {
    this(procRoot, sysRoot, cgroups, arrayCgroups, topologyRefresh, Map.of());
  }

  public HostSourceConfig(Path procRoot, Path sysRoot) {
    this(procRoot, sysRoot, List.of(), List.of(), DEFAULT_REFRESH);
  }

  /** The declared ceilings of the disk named name, or an empty map. */
  Map<String, Double> diskSpec(String name) {
    for (Map.Entry<String, DiskSpec> e : disks.entrySet()) {
      if (FileSystems.getDefault().getPathMatcher("glob:" + e.getKey()).matches(Path.of(name))) {
        return e.getValue().capacity();
      }
    }
    return Map.of();
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
    cgroupPaths("cgroups", cgroups, problems);
    cgroupPaths("array_cgroups", arrayCgroups, problems);
    if (topologyRefresh.isNegative() || topologyRefresh.isZero()) {
      problems.add("topology_refresh: must be positive");
    }
    return problems;
  }

  private static void cgroupPaths(String key, List<String> paths, List<String> problems) {
    for (String c : paths) {
      if (c == null || c.isBlank() || c.contains("..")) {
        problems.add(key + ": \"" + c + "\" is not a cgroup path");
      }
    }
  }
}
