package io.headroom.cgroup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A cgroup's CPU time and its CPU quota, read from the kernel's files: cgroup v1 (the
 * {@code cpuacct} hierarchy's {@code cpuacct.usage} in nanoseconds, the {@code cpu} hierarchy's
 * {@code cpu.cfs_quota_us} over {@code cpu.cfs_period_us}) or v2 ({@code cpu.stat}'s
 * {@code usage_usec}, {@code cpu.max} as "QUOTA PERIOD" or "max PERIOD"). Without a quota the
 * cgroup may use every CPU of the machine, so that is its ceiling, as the host source takes it; a
 * quota above the machine is the machine. Read by the collector's declared source (a lab client
 * host that is a cgroup) and by the lab's array stand-ins (their CPU sensors).
 */
public final class CgroupCpu {
  private final Path usageFile;
  private final Path quotaFile;
  private final Path periodFile;
  private final boolean v2;
  private final int machineCpus;

  private CgroupCpu(Path usageFile, Path quotaFile, Path periodFile, boolean v2, int machineCpus) {
    this.usageFile = usageFile;
    this.quotaFile = quotaFile;
    this.periodFile = periodFile;
    this.v2 = v2;
    this.machineCpus = machineCpus;
  }

  /**
   * The cgroup {@code path} (as under the hierarchy, e.g. {@code hrlab-ab12cd/array}) below
   * {@code root} (normally /sys/fs/cgroup): v1 where {@code root/cpuacct/path} exists, else v2.
   *
   * @throws IOException naming the directories looked at when neither exists
   */
  public static CgroupCpu at(Path root, String path, int machineCpus) throws IOException {
    Path v1 = root.resolve("cpuacct").resolve(path);
    if (Files.isRegularFile(v1.resolve("cpuacct.usage"))) {
      Path cpu = root.resolve("cpu").resolve(path);
      return new CgroupCpu(v1.resolve("cpuacct.usage"), cpu.resolve("cpu.cfs_quota_us"), cpu.resolve("cpu.cfs_period_us"),
          false, machineCpus);
    }
    Path unified = root.resolve(path);
    if (Files.isRegularFile(unified.resolve("cpu.stat"))) {
      return new CgroupCpu(unified.resolve("cpu.stat"), unified.resolve("cpu.max"), null, true, machineCpus);
    }
    throw new IOException("no cgroup " + path + ": neither " + v1.resolve("cpuacct.usage") + " (v1) nor "
        + unified.resolve("cpu.stat") + " (v2) exists");
  }

  /** Whether the cgroup is still there (the lab removes it at teardown). */
  public boolean exists() {
    return Files.exists(usageFile);
  }

  /** CPU time the cgroup has used since it was made, in nanoseconds. */
  public long usageNanos() throws IOException {
    if (!v2) {
      return number(usageFile, Files.readString(usageFile).strip());
    }
    for (String line : Files.readAllLines(usageFile)) {
      if (line.startsWith("usage_usec ")) {
        return number(usageFile, line.substring("usage_usec ".length()).strip()) * 1000;
      }
    }
    throw new IOException(usageFile + ": no usage_usec line");
  }

  /** How many CPUs the cgroup may use: its quota over its period, or every CPU of the machine. */
  public double cpus() throws IOException {
    long quota;
    long period;
    if (v2) {
      String[] max = Files.readString(quotaFile).strip().split("\\s+");
      if (max[0].equals("max")) {
        return machineCpus;
      }
      if (max.length < 2) {
        throw new IOException(quotaFile + ": expected \"QUOTA PERIOD\", not \"" + String.join(" ", max) + "\"");
      }
      quota = number(quotaFile, max[0]);
      period = number(quotaFile, max[1]);
    } else {
      quota = number(quotaFile, Files.readString(quotaFile).strip());
      if (quota < 0) { // -1: no quota
        return machineCpus;
      }
      period = number(periodFile, Files.readString(periodFile).strip());
    }
    if (period <= 0) {
      throw new IOException((v2 ? quotaFile : periodFile) + ": period " + period + " is not positive");
    }
    return Math.min(machineCpus, (double) quota / period);
  }

  /**
   * The share of its CPUs a cgroup used between two readings: CPU time used over the wall time
   * times the CPUs it may use, at most 1 (CFS accounts a period's runtime a little late, so a
   * window can see slightly more than its quota; a usage sensor never reads above 100%).
   */
  public static double share(long usedNanos, long wallNanos, double cpus) {
    if (wallNanos <= 0 || cpus <= 0) {
      throw new IllegalArgumentException("wall time and CPUs must be positive, not " + wallNanos + " ns, " + cpus);
    }
    return Math.max(0, Math.min(1, usedNanos / (wallNanos * cpus)));
  }

  /** A kernel file's number; a file that holds something else is an IOException naming it. */
  private static long number(Path file, String text) throws IOException {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IOException(file + ": not a number: \"" + text + "\"");
    }
  }
}
