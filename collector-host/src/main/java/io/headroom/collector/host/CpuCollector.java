package io.headroom.collector.host;

import io.headroom.collector.source.Counters;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Rel;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time from /proc/stat for the host, each NUMA node and each CPU; the run queue
 * (procs_running, procs_blocked); and pressure stall information where the kernel has it.
 * A socket's figure is the sum of its CPUs' ticks, so it weighs busy and idle CPUs fairly.
 */
final class CpuCollector implements Collector {
  /** A PSI file under /proc/pressure (or a cgroup's X.pressure), its line, and the metric it gives. */
  record Psi(String file, String line, MetricDef metric) {}

  static final List<Psi> PSI = List.of(new Psi("cpu", "some", HostMetrics.PSI_CPU_SOME),
      new Psi("io", "some", HostMetrics.PSI_IO_SOME), new Psi("io", "full", HostMetrics.PSI_IO_FULL));
  /** The /proc/stat run-queue lines (key to metric): the keys happen to be the metrics' names, the declarations decide. */
  private static final Map<String, MetricDef> RUN_QUEUE =
      Map.of("procs_running", HostMetrics.PROCS_RUNNING, "procs_blocked", HostMetrics.PROCS_BLOCKED);
  /** The per-CPU counter keys, "cpu0" ... */
  private final NumberedNames cpuKeys = new NumberedNames("cpu");
  private final Counters ticks = new Counters();
  private final FileBytes stat = new FileBytes();
  /** "h1/cpu/N", made on the first scrape (the host is known from then on). */
  private NumberedNames cpuIds;
  private final Counters psi = new Counters();

  @Override
  public String area() {
    return "cpu";
  }

  @Override
  public void discover(HostContext ctx) {
    Topology topo = ctx.topology;
    String hostId = ctx.id("cpu");
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("cpu_count", topo.cpuNode.size());
    attrs.put("numa_nodes", topo.nodeCount);
    topo.entity(new Entity(hostId, EntityKind.HOST_CPU, ctx.host + " CPUs", attrs, Map.of("util", 1.0)));
    for (Map.Entry<Integer, Integer> e : new java.util.TreeMap<>(topo.cpuNode).entrySet()) {
      String id = ctx.id("cpu/" + e.getKey());
      topo.entity(new Entity(id, EntityKind.CPU, "CPU " + e.getKey(), Map.of("numa_node", e.getValue()), Map.of("util", 1.0)));
      topo.relation(id, Rel.ON, Topology.socketId(ctx.host, e.getValue()));
    }
  }

  @Override
  public void collect(HostContext ctx) {
    ticks.begin();
    Path file = ctx.proc("stat");
    if (ctx.files.required(file, stat)) {
      try {
        collectStat(ctx);
      } catch (NumberFormatException | IndexOutOfBoundsException e) {
        ctx.files.problem(file, "unparsable: " + e.getMessage());
      }
    }
    collectPsi(ctx);
  }

  /** /proc/stat line by line, on its bytes: its "intr" line alone is tens of KB on a large host. */
  private void collectStat(HostContext ctx) {
    if (cpuIds == null) {
      cpuIds = new NumberedNames(ctx.id("cpu/"));
    }
    double ts = ctx.scrape.ts();
    Map<Integer, long[]> socketTicks = new HashMap<>();
    for (int pos = 0; pos < stat.length(); pos = stat.lineEnd(pos) + 1) {
      int end = stat.lineEnd(pos);
      if (stat.startsWith(pos, "cpu ")) {
        Counters.Delta d = ticks.delta("cpu", ts, CpuTimes.parseLine(stat, pos, end));
        if (d != null) {
          CpuTimes.emit(ctx, ctx.id("cpu"), d.d());
        }
      } else if (stat.startsWith(pos, "cpu")) {
        int sp = stat.indexOf((byte) ' ', pos, end);
        int cpu = (int) stat.parseLong(pos + 3, sp);
        Counters.Delta d = ticks.delta(cpuKeys.of(cpu), ts, CpuTimes.parseLine(stat, pos, end));
        if (d == null) {
          continue;
        }
        CpuTimes.emit(ctx, cpuIds.of(cpu), d.d());
        Integer node = ctx.topology.cpuNode.get(cpu);
        if (node != null) {
          long[] sum = socketTicks.computeIfAbsent(node, n -> new long[CpuTimes.FIELDS]);
          for (int i = 0; i < CpuTimes.FIELDS; i++) {
            sum[i] += d.d()[i];
          }
        }
      } else {
        runQueue(ctx, pos, end);
      }
    }
    for (Map.Entry<Integer, long[]> e : socketTicks.entrySet()) {
      CpuTimes.emit(ctx, Topology.socketId(ctx.host, e.getKey()), e.getValue());
    }
  }

  /** A procs_running or procs_blocked line: its declared metric. */
  private void runQueue(HostContext ctx, int pos, int end) {
    for (Map.Entry<String, MetricDef> q : RUN_QUEUE.entrySet()) {
      String key = q.getKey();
      if (stat.startsWith(pos, key) && stat.startsWith(pos + key.length(), " ")) {
        int from = stat.skipBlanks(pos + key.length(), end);
        ctx.sample(ctx.id("cpu"), q.getValue(), stat.parseLong(from, stat.digitsEnd(from, end)));
      }
    }
  }

  /** /proc/pressure/*: the total= counters (microseconds stalled) as a fraction of wall time. */
  private void collectPsi(HostContext ctx) {
    psi.begin();
    for (Psi p : PSI) {
      Path file = ctx.proc("pressure/" + p.file());
      String text = SysFiles.optional(file);
      if (text == null) {
        continue; // kernels without PSI (or with it disabled) have no such files: not a fault
      }
      Long total = psiTotal(text, p.line());
      if (total == null) {
        continue; // "full" for cpu exists only on 5.13+
      }
      Counters.Delta d = psi.delta(p.metric().name(), ctx.scrape.ts(), new long[] {total});
      if (d != null) {
        ctx.sample(ctx.id("cpu"), p.metric(), d.rate(0) / 1e6);
      }
    }
  }

  /** The total= of the "some" or "full" line of a PSI file. */
  static Long psiTotal(String text, String which) {
    for (String line : text.split("\n")) {
      if (line.startsWith(which + " ")) {
        int at = line.indexOf("total=");
        return at < 0 ? null : SysFiles.parseLong(line.substring(at + 6).trim());
      }
    }
    return null;
  }
}
