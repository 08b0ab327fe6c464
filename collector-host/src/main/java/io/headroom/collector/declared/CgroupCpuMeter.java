package io.headroom.collector.declared;

import io.headroom.cgroup.CgroupCpu;
import io.headroom.collector.source.Counters;
import io.headroom.collector.source.Scrape;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A cgroup's CPU use against its quota, for a declared CPU entity that is a cgroup (a lab client
 * host limited to a fraction of this machine), read by {@link CgroupCpu} (v1 or v2; without a
 * quota, or with one above the machine, the ceiling is all of this machine's CPUs). The cgroup is
 * looked up at every reading: the lab may make it after the collector starts, or make it again.
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
    double cpus;
    try {
      CgroupCpu cgroup = CgroupCpu.at(root, path, hostCpus);
      usageNs = cgroup.usageNanos();
      cpus = cgroup.cpus();
    } catch (IOException e) {
      scrape.problem(entity, "cgroup " + path + " unreadable: " + e.getMessage());
      return;
    }
    Counters.Delta d = MeterCounters.delta(counters, scrape.ts(), new long[] {usageNs});
    if (d == null) {
      return;
    }
    double cores = d.rate(0) / 1e9;
    scrape.sample(entity, DeclaredMetrics.CPU_CORES_USED, cores);
    scrape.sample(entity, DeclaredMetrics.UTIL, cores / cpus);
  }
}
