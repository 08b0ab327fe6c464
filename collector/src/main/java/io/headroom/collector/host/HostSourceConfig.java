package io.headroom.collector.host;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Settings of the Linux host source.
 *
 * @param procRoot where /proc is (a captured fixture tree in tests)
 * @param sysRoot where /sys is
 */
public record HostSourceConfig(Path procRoot, Path sysRoot) {
  public static final HostSourceConfig LIVE = new HostSourceConfig(Path.of("/proc"), Path.of("/sys"));

  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (!Files.isDirectory(procRoot)) {
      problems.add("proc_root: " + procRoot + " is not a directory");
    }
    if (!Files.isDirectory(sysRoot)) {
      problems.add("sys_root: " + sysRoot + " is not a directory");
    }
    return problems;
  }
}
