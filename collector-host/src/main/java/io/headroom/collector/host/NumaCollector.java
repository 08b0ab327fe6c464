package io.headroom.collector.host;

import io.headroom.collector.linux.CpuList;
import io.headroom.collector.source.Counters;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Rel;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * NUMA nodes as {@code cpu_socket} entities (a socket with sub-NUMA clustering shows as several:
 * the node is what placement is about), their CPUs and distances, and numastat as rates. Hosts
 * whose sysfs has no node directories group CPUs by physical package instead.
 */
final class NumaCollector implements Collector {
  /** numastat fields in file order; remote_access_ratio is other_node / (local_node + other_node). */
  static final String[] FIELDS = {"numa_hit", "numa_miss", "numa_foreign", "interleave_hit", "local_node", "other_node"};
  /** The metric of each field, in FIELDS order. */
  private static final MetricDef[] FIELD_METRICS = {HostMetrics.NUMA_HIT, HostMetrics.NUMA_MISS, HostMetrics.NUMA_FOREIGN,
    HostMetrics.INTERLEAVE_HIT, HostMetrics.LOCAL_NODE, HostMetrics.OTHER_NODE};
  private static final int LOCAL = 4;
  private static final int OTHER = 5;

  private final Counters counters = new Counters();
  private final Map<Integer, Path> nodeDirs = new TreeMap<>();

  @Override
  public String area() {
    return "numa";
  }

  @Override
  public void discover(HostContext ctx) throws IOException {
    nodeDirs.clear();
    Path root = ctx.sys("devices/system/node");
    if (Files.isDirectory(root)) {
      try (DirectoryStream<Path> dir = Files.newDirectoryStream(root, "node[0-9]*")) {
        for (Path p : dir) {
          nodeDirs.put(Integer.parseInt(p.getFileName().toString().substring(4)), p);
        }
      }
    }
    Map<Integer, List<Integer>> cpusBySocket = nodeDirs.isEmpty() ? byPackage(ctx) : byNode(ctx);
    ctx.topology.nodeCount = cpusBySocket.size();
    for (Map.Entry<Integer, List<Integer>> e : cpusBySocket.entrySet()) {
      emitSocket(ctx, e.getKey(), e.getValue());
    }
  }

  private Map<Integer, List<Integer>> byNode(HostContext ctx) {
    Map<Integer, List<Integer>> out = new TreeMap<>();
    for (Map.Entry<Integer, Path> e : nodeDirs.entrySet()) {
      List<Integer> cpus = CpuList.list(SysFiles.optional(e.getValue().resolve("cpulist")));
      out.put(e.getKey(), cpus);
      for (int cpu : cpus) {
        ctx.topology.cpuNode.put(cpu, e.getKey());
      }
    }
    return out;
  }

  private static Map<Integer, List<Integer>> byPackage(HostContext ctx) throws IOException {
    Map<Integer, List<Integer>> out = new TreeMap<>();
    Path root = ctx.sys("devices/system/cpu");
    if (!Files.isDirectory(root)) {
      return out;
    }
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(root, "cpu[0-9]*")) {
      for (Path p : dir) {
        int cpu = Integer.parseInt(p.getFileName().toString().substring(3));
        Long pkg = SysFiles.optionalLong(p.resolve("topology/physical_package_id"));
        if (pkg != null && pkg >= 0) {
          out.computeIfAbsent(pkg.intValue(), k -> new ArrayList<>()).add(cpu);
          ctx.topology.cpuNode.put(cpu, pkg.intValue());
        }
      }
    }
    out.values().forEach(l -> l.sort(null));
    return out;
  }

  private void emitSocket(HostContext ctx, int node, List<Integer> cpus) {
    String id = Topology.socketId(ctx.host, node);
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("numa_node", node);
    attrs.put("cpus", CpuList.format(cpus));
    attrs.put("cpu_count", cpus.size());
    Path dir = nodeDirs.get(node);
    if (dir != null) {
      String distance = SysFiles.optional(dir.resolve("distance"));
      if (distance != null && !distance.isEmpty()) {
        List<Integer> d = new ArrayList<>();
        for (String s : distance.split("\\s+")) {
          d.add(Integer.parseInt(s));
        }
        attrs.put("distances", d);
      }
    }
    ctx.topology.entity(new Entity(id, EntityKind.CPU_SOCKET, "NUMA node " + node, attrs, Map.of("util", 1.0)));
    ctx.topology.relation(id, Rel.ON, ctx.id("cpu"));
  }

  @Override
  public void collect(HostContext ctx) {
    counters.begin();
    for (Map.Entry<Integer, Path> e : nodeDirs.entrySet()) {
      Path file = e.getValue().resolve("numastat");
      String text = ctx.files.required(file);
      if (text == null) {
        continue;
      }
      long[] now = parse(text);
      if (now == null) {
        ctx.files.problem(file, "unexpected format");
        continue;
      }
      Counters.Delta d = counters.delta(file.toString(), ctx.scrape.ts(), now);
      if (d == null) {
        continue;
      }
      String id = Topology.socketId(ctx.host, e.getKey());
      for (int i = 0; i < FIELDS.length; i++) {
        ctx.sample(id, FIELD_METRICS[i], d.rate(i));
      }
      long local = d.d()[LOCAL];
      long other = d.d()[OTHER];
      if (local + other > 0) {
        ctx.sample(id, HostMetrics.REMOTE_ACCESS_RATIO, (double) other / (local + other));
      }
    }
  }

  /** "numa_hit 3440621\n..." into FIELDS order; null when a field is missing. */
  static long[] parse(String text) {
    long[] out = new long[FIELDS.length];
    int found = 0;
    for (String line : text.split("\n")) {
      int sp = line.indexOf(' ');
      if (sp < 0) {
        continue;
      }
      String key = line.substring(0, sp);
      for (int i = 0; i < FIELDS.length; i++) {
        if (FIELDS[i].equals(key)) {
          Long v = SysFiles.parseLong(line.substring(sp + 1).trim());
          if (v == null) {
            return null;
          }
          out[i] = v;
          found++;
        }
      }
    }
    return found == FIELDS.length ? out : null;
  }
}
