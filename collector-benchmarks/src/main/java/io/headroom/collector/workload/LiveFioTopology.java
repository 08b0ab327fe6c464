package io.headroom.collector.workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Relations of a fio job on this machine: its files resolved through sysfs, its CPUs through the NUMA nodes. */
final class LiveFioTopology implements FioTopology {
  private static final Logger LOG = LoggerFactory.getLogger(LiveFioTopology.class);
  private final String host;
  private final Path workDir;
  private final DiskResolver disks;
  private final CpuPlacement cpus;

  LiveFioTopology(String host, Path workDir, DiskResolver disks, CpuPlacement cpus) {
    this.host = host;
    this.workDir = workDir;
    this.disks = disks;
    this.cpus = cpus;
  }

  /** {@code <host>/disk/<dev>} for each distinct disk behind the job's files. */
  @Override
  public List<String> targets(Map<String, String> options) {
    List<String> out = new ArrayList<>();
    for (Path p : FioJobOptions.targetPaths(options, workDir)) {
      Optional<String> disk = disks.diskOf(p);
      if (disk.isEmpty()) {
        LOG.info("no targets relation for {}: no block device behind it (tmpfs, network fs?)", p);
      }
      disk.map(d -> host + "/disk/" + d).filter(id -> !out.contains(id)).ifPresent(out::add);
    }
    return out;
  }

  @Override
  public List<String> runsOn(Map<String, String> options) {
    return cpus.runsOn(options);
  }
}
