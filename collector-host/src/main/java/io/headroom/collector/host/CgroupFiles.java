package io.headroom.collector.host;

import io.headroom.collector.linux.CpuList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where one cgroup's files are, in v2 (one directory) or v1 (cpu, cpuacct and blkio
 * hierarchies), and how to read them into one reading: CPU time in ns, enforcement periods,
 * throttled periods, throttled ns, then read and written bytes and I/Os.
 *
 * @param cpuDir the v2 directory, or the v1 cpu hierarchy's
 * @param cpuacctDir v1 only (null in v2)
 * @param blkioDir v1 only; null when the blkio hierarchy has no such cgroup
 */
record CgroupFiles(String version, Path cpuDir, Path cpuacctDir, Path blkioDir, String id) {
  static final int USAGE_NS = 0;
  static final int NR_PERIODS = 1;
  static final int NR_THROTTLED = 2;
  static final int THROTTLED_NS = 3;
  static final int RBYTES = 4;
  static final int WBYTES = 5;
  static final int RIOS = 6;
  static final int WIOS = 7;

  /** Finds the cgroup under the hierarchy root (sys/fs/cgroup); null when it is nowhere. */
  static CgroupFiles locate(Path root, String path) {
    if (Files.exists(root.resolve("cgroup.controllers"))) {
      Path dir = root.resolve(path);
      return Files.isDirectory(dir) ? new CgroupFiles("v2", dir, null, null, null) : null;
    }
    Path cpu = firstDir(root.resolve("cpu,cpuacct").resolve(path), root.resolve("cpu").resolve(path));
    if (cpu == null) {
      return null;
    }
    Path acct = firstDir(root.resolve("cpu,cpuacct").resolve(path), root.resolve("cpuacct").resolve(path));
    Path blkio = firstDir(root.resolve("blkio").resolve(path));
    return new CgroupFiles("v1", cpu, acct == null ? cpu : acct, blkio, null);
  }

  private static Path firstDir(Path... candidates) {
    for (Path p : candidates) {
      if (Files.isDirectory(p)) {
        return p;
      }
    }
    return null;
  }

  CgroupFiles withId(String entityId) {
    return new CgroupFiles(version, cpuDir, cpuacctDir, blkioDir, entityId);
  }

  boolean hasIo() {
    return "v2".equals(version) ? Files.exists(cpuDir.resolve("io.stat")) : blkioDir != null;
  }

  /** The quota in CPUs (150000/100000 is 1.5), or 0 when unlimited or unreadable. */
  double quotaCores() {
    if ("v2".equals(version)) {
      String max = SysFiles.optional(cpuDir.resolve("cpu.max"));
      if (max == null) {
        return 0;
      }
      String[] f = max.split("\\s+");
      Long quota = SysFiles.parseLong(f[0]);
      Long period = f.length > 1 ? SysFiles.parseLong(f[1]) : null;
      return quota == null || period == null || period <= 0 ? 0 : (double) quota / period;
    }
    Long quota = SysFiles.optionalLong(cpuDir.resolve("cpu.cfs_quota_us"));
    Long period = SysFiles.optionalLong(cpuDir.resolve("cpu.cfs_period_us"));
    return quota == null || quota <= 0 || period == null || period <= 0 ? 0 : (double) quota / period;
  }

  /** The CPUs the cgroup may use (v2 cpuset.cpus.effective); empty when not restricted or unknown. */
  List<Integer> cpus() {
    if (!"v2".equals(version)) {
      return List.of();
    }
    return CpuList.list(SysFiles.optional(cpuDir.resolve("cpuset.cpus.effective")));
  }

  /** Throttle limits as written by the admin ("8:0 rbps=1048576 wbps=max ..."), for display. */
  List<String> ioLimits() {
    List<String> out = new ArrayList<>();
    if ("v2".equals(version)) {
      String max = SysFiles.optional(cpuDir.resolve("io.max"));
      if (max != null && !max.isEmpty()) {
        out.addAll(List.of(max.split("\n")));
      }
    } else if (blkioDir != null) {
      for (String name : new String[] {"read_bps_device", "write_bps_device", "read_iops_device", "write_iops_device"}) {
        String text = SysFiles.optional(blkioDir.resolve("blkio.throttle." + name));
        if (text != null && !text.isEmpty()) {
          for (String line : text.split("\n")) {
            out.add(line.trim() + " " + name);
          }
        }
      }
    }
    return out;
  }

  /** One reading, or null (with a problem recorded) when the cgroup's CPU files are gone. */
  long[] read(SysFiles files) {
    return "v2".equals(version) ? readV2(files) : readV1(files);
  }

  private long[] readV2(SysFiles files) {
    long[] out = new long[8];
    String stat = files.required(cpuDir.resolve("cpu.stat"));
    if (stat == null) {
      return null;
    }
    // v2 cpu.stat is in microseconds; readings are kept in ns like v1.
    out[USAGE_NS] = field(stat, "usage_usec") * 1000;
    out[NR_PERIODS] = field(stat, "nr_periods");
    out[NR_THROTTLED] = field(stat, "nr_throttled");
    out[THROTTLED_NS] = field(stat, "throttled_usec") * 1000;
    String io = SysFiles.optional(cpuDir.resolve("io.stat"));
    if (io != null) {
      for (String line : io.split("\n")) {
        out[RBYTES] += kv(line, "rbytes=");
        out[WBYTES] += kv(line, "wbytes=");
        out[RIOS] += kv(line, "rios=");
        out[WIOS] += kv(line, "wios=");
      }
    }
    return out;
  }

  private long[] readV1(SysFiles files) {
    long[] out = new long[8];
    Long usage = files.requiredLong(cpuacctDir.resolve("cpuacct.usage"));
    String stat = files.required(cpuDir.resolve("cpu.stat"));
    if (usage == null || stat == null) {
      return null;
    }
    out[USAGE_NS] = usage;
    out[NR_PERIODS] = field(stat, "nr_periods");
    out[NR_THROTTLED] = field(stat, "nr_throttled");
    out[THROTTLED_NS] = field(stat, "throttled_time");
    if (blkioDir != null) {
      long[] bytes = readWrite(SysFiles.optional(blkioDir.resolve("blkio.throttle.io_service_bytes")));
      long[] ios = readWrite(SysFiles.optional(blkioDir.resolve("blkio.throttle.io_serviced")));
      out[RBYTES] = bytes[0];
      out[WBYTES] = bytes[1];
      out[RIOS] = ios[0];
      out[WIOS] = ios[1];
    }
    return out;
  }

  /** "name value" lines; 0 when absent (no quota means no periods are counted). */
  static long field(String text, String name) {
    for (String line : text.split("\n")) {
      if (line.startsWith(name + " ")) {
        Long v = SysFiles.parseLong(line.substring(name.length() + 1).trim());
        return v == null ? 0 : v;
      }
    }
    return 0;
  }

  /** The value after key in an io.stat line, 0 when absent. */
  static long kv(String line, String key) {
    int at = line.indexOf(key);
    if (at < 0) {
      return 0;
    }
    int end = line.indexOf(' ', at);
    Long v = SysFiles.parseLong(end < 0 ? line.substring(at + key.length()) : line.substring(at + key.length(), end));
    return v == null ? 0 : v;
  }

  /** v1 blkio "8:0 Read 4096" lines summed over devices into {read, write}; "Total" lines skipped. */
  static long[] readWrite(String text) {
    long[] out = new long[2];
    if (text == null) {
      return out;
    }
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length == 3) {
        Long v = SysFiles.parseLong(f[2]);
        if (v != null && f[1].equals("Read")) {
          out[0] += v;
        } else if (v != null && f[1].equals("Write")) {
          out[1] += v;
        }
      }
    }
    return out;
  }
}
