package io.headroom.collector.source;

/** Cgroup paths as the testbed file names them, for every source that reads cgroups. */
public final class CgroupPaths {
  private CgroupPaths() {}

  /** "/system.slice/storage.service/" and "system.slice/storage.service" name the same cgroup. */
  public static String normalize(String path) {
    if (path == null) {
      return null;
    }
    String s = path.trim();
    while (s.startsWith("/")) {
      s = s.substring(1);
    }
    while (s.endsWith("/")) {
      s = s.substring(0, s.length() - 1);
    }
    return s;
  }
}
