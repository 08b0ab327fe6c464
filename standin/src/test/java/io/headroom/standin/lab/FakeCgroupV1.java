package io.headroom.standin.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A cgroup v1 CPU tree as the kernel lays it out under a cgroup root ({@code cpuacct/CG/cpuacct.usage}
 * in nanoseconds, {@code cpu/CG/cpu.cfs_quota_us} and {@code cpu.cfs_period_us}), for the tests of
 * the readers fed by the lab's array cgroup (shared through standin's test-jar).
 */
public record FakeCgroupV1(Path root, String cgroup, long quotaUs, long periodUs) {
  /** The lab's array cgroup limit: 20,000 us of every 100,000 us, 0.2 CPU. */
  public static FakeCgroupV1 fifthOfACpu(Path root, String cgroup) {
    return new FakeCgroupV1(root, cgroup, 20_000, 100_000);
  }

  /** Writes the quota, the period and {@code usageNs} of CPU time used so far. */
  public void usage(long usageNs) throws IOException {
    Path acct = root.resolve("cpuacct").resolve(cgroup);
    Path cpu = root.resolve("cpu").resolve(cgroup);
    Files.createDirectories(acct);
    Files.createDirectories(cpu);
    Files.writeString(acct.resolve("cpuacct.usage"), usageNs + "\n");
    Files.writeString(cpu.resolve("cpu.cfs_quota_us"), quotaUs + "\n");
    Files.writeString(cpu.resolve("cpu.cfs_period_us"), periodUs + "\n");
  }
}
