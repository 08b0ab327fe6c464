package io.headroom.collector.workload;

import io.headroom.collector.linux.CpuList;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * Relations of a job read from a finished output file, which may come from another machine: only
 * what the options say by themselves is used. A filename under /dev targets that device; a
 * regular file's disk, and the NUMA node of a cpus_allowed list, are unknown without that
 * machine's sysfs, so a job runs on its numa_cpu_nodes' sockets or else on the host's CPUs.
 */
final class RecordedFioTopology implements FioTopology {
  private final String host;

  RecordedFioTopology(String host) {
    this.host = host;
  }

  @Override
  public List<String> targets(Map<String, String> options) {
    List<String> out = new ArrayList<>();
    for (Path p : FioJobOptions.targetPaths(options, Path.of("/"))) {
      if (p.getParent() != null && p.getParent().equals(Path.of("/dev"))) {
        String id = host + "/disk/" + p.getFileName();
        if (!out.contains(id)) {
          out.add(id);
        }
      }
    }
    return out;
  }

  @Override
  public List<String> runsOn(Map<String, String> options) {
    String numa = options.get("numa_cpu_nodes");
    if (numa == null || numa.isBlank() || numa.equals("all")) {
      return List.of(host + "/cpu");
    }
    try {
      BitSet nodes = CpuList.parse(numa);
      List<String> out = new ArrayList<>();
      nodes.stream().forEach(n -> out.add(host + "/socket/" + n));
      return out.isEmpty() ? List.of(host + "/cpu") : out;
    } catch (IllegalArgumentException e) {
      return List.of(host + "/cpu");
    }
  }
}
