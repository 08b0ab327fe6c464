package io.headroom.collector.declared;

import io.headroom.collector.source.Counters;
import io.headroom.collector.source.Scrape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A cgroup's CPU use against its quota, for a declared CPU entity that is a cgroup (a lab client
 * host limited to a fraction of this machine). v2 when the cgroup root has cgroup.controllers
 * (cpu.stat usage_usec, cpu.max), else v1 (cpuacct.usage in ns, cpu.cfs_quota_us / period).
 * Without a quota the ceiling is all of this machine's CPUs.
 */
final class CgroupCpuMeter implements Meter {
  private final Path root;
  private final String path;
  private final int hostCpus;
  private final Counters counters = new Counters();

  CgroupCpuMeter(Path sysRoot, String path, int hostCpus) {
    this.root = sysRoot.resolve("fs/cgroup");
    this.path = path;
    this.hostCpus = hostCpus;
  }

  @Override
  public void read(Scrape scrape, String entity) {
    long usageNs;
    double quota;
    try {
      boolean v2 = Files.exists(root.resolve("cgroup.controllers"));
      usageNs = v2 ? v2UsageNs() : SysText.readLong(root.resolve("cpuacct").resolve(path).resolve("cpuacct.usage"));
      quota = v2 ? v2Quota() : v1Quota();
    } catch (IOException e) {
      scrape.problem(entity, "cgroup " + path + " unreadable: " + e.getMessage());
      return;
    }
    Counters.Delta d = MeterCounters.delta(counters, scrape.ts(), new long[] {usageNs});
    if (d == null) {
      return;
    }
    double cores = d.rate(0) / 1e9;
    scrape.sample(entity, "cpu_cores_used", cores);
    scrape.sample(entity, "util", cores / (quota > 0 ? quota : hostCpus));
  }

  private long v2UsageNs() throws IOException {
    for (String line : Files.readAllLines(root.resolve(path).resolve("cpu.stat"))) {
      String[] f = line.trim().split("\\s+");
      if (f.length == 2 && f[0].equals("usage_usec")) {
        return Long.parseLong(f[1]) * 1000;
      }
    }
    throw new IOException(root.resolve(path).resolve("cpu.stat") + ": no usage_usec");
  }

  private double v2Quota() throws IOException {
    String[] f = SysText.read(root.resolve(path).resolve("cpu.max")).split("\\s+");
    return f[0].equals("max") || f.length < 2 ? 0 : Double.parseDouble(f[0]) / Double.parseDouble(f[1]);
  }

  private double v1Quota() throws IOException {
    Path cpu = root.resolve("cpu").resolve(path);
    long quota = SysText.readLong(cpu.resolve("cpu.cfs_quota_us"));
    long period = SysText.readLong(cpu.resolve("cpu.cfs_period_us"));
    return quota > 0 && period > 0 ? (double) quota / period : 0;
  }
}
