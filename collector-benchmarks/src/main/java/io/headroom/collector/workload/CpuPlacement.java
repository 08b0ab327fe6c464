package io.headroom.collector.workload;

import io.headroom.collector.linux.CpuList;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a fio job's threads run: the NUMA nodes (sockets) its CPUs belong to, from numa_cpu_nodes,
 * else cpus_allowed, else the CPU affinity fio inherits, mapped through
 * {@code <sys>/devices/system/node/node*}{@code /cpulist}.
 */
final class CpuPlacement {
  private static final Logger LOG = LoggerFactory.getLogger(CpuPlacement.class);

  private final String host;
  private final Map<Integer, BitSet> nodes;
  private final String inheritedCpus;

  /** @param inheritedCpus the CPU list fio inherits (our own affinity), or null when unknown */
  CpuPlacement(String host, Path sysRoot, String inheritedCpus) {
    this.host = host;
    this.nodes = readNodes(sysRoot.resolve("devices/system/node"));
    this.inheritedCpus = inheritedCpus;
  }

  /**
   * The ids the job {@code runs_on}: one {@code <host>/socket/<n>} per node when its CPUs lie in a
   * proper subset of the nodes; {@code <host>/cpu} when they span every node, when the machine
   * shows no nodes, or when the options cannot be read (the whole host is then the honest answer).
   */
  List<String> runsOn(Map<String, String> options) {
    BitSet jobNodes = nodesOf(options);
    if (jobNodes == null || jobNodes.isEmpty() || jobNodes.cardinality() >= nodes.size()) {
      return List.of(host + "/cpu");
    }
    List<String> out = new ArrayList<>();
    jobNodes.stream().forEach(n -> out.add(host + "/socket/" + n));
    return out;
  }

  private BitSet nodesOf(Map<String, String> options) {
    try {
      String numa = options.get("numa_cpu_nodes");
      if (numa != null && !numa.isBlank() && !numa.equals("all")) {
        return CpuList.parse(numa);
      }
      String cpus = options.getOrDefault("cpus_allowed", inheritedCpus);
      return cpus == null ? null : nodesOfCpus(CpuList.parse(cpus));
    } catch (IllegalArgumentException e) {
      LOG.warn("cannot place fio job on NUMA nodes: {}", e.getMessage());
      return null;
    }
  }

  private BitSet nodesOfCpus(BitSet cpus) {
    BitSet out = new BitSet();
    nodes.forEach((node, nodeCpus) -> {
      if (nodeCpus.intersects(cpus)) {
        out.set(node);
      }
    });
    return out;
  }

  private static Map<Integer, BitSet> readNodes(Path dir) {
    Map<Integer, BitSet> out = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "node[0-9]*")) {
      for (Path node : ds) {
        int n = Integer.parseInt(node.getFileName().toString().substring(4));
        out.put(n, CpuList.parse(Files.readString(node.resolve("cpulist"))));
      }
    } catch (IOException | IllegalArgumentException e) {
      LOG.warn("cannot read NUMA nodes under {}: {}", dir, e.toString());
    }
    return out;
  }
}
