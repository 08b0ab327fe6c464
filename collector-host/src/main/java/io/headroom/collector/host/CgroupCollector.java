package io.headroom.collector.host;

import io.headroom.collector.linux.CpuList;
import io.headroom.collector.source.Counters;
import io.headroom.collector.source.CgroupPaths;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Rel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Declared cgroups (v1 or v2): CPU use against the quota (a pinned benchmark or a containerised
 * storage service is limited by its quota, not by the machine), throttling, block I/O through
 * the cgroup and its throttle limits. A cgroup declared in array_cgroups is an {@code array_cpu}.
 */
final class CgroupCollector implements Collector {
  private final Counters counters = new Counters();
  private final Counters psi = new Counters();
  private final List<CgroupFiles> groups = new ArrayList<>();

  @Override
  public String area() {
    return "cgroup";
  }

  @Override
  public void discover(HostContext ctx) {
    groups.clear();
    for (String path : ctx.config.cgroups()) {
      discoverOne(ctx, path, EntityKind.CGROUP);
    }
    for (String path : ctx.config.arrayCgroups()) {
      discoverOne(ctx, path, EntityKind.ARRAY_CPU);
    }
  }

  private void discoverOne(HostContext ctx, String path, String kind) {
    String clean = CgroupPaths.normalize(path);
    CgroupFiles files = CgroupFiles.locate(ctx.sys("fs/cgroup"), clean);
    if (files == null) {
      ctx.files.problem(ctx.sys("fs/cgroup").resolve(clean), "cgroup not found (neither v2 nor v1 cpu hierarchy)");
      return;
    }
    String id = ctx.id("cgroup/" + clean);
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("cgroup_version", files.version());
    attrs.put("path", "/" + clean);
    double cores = files.quotaCores();
    if (cores > 0) {
      attrs.put("quota_cores", cores);
    }
    List<Integer> cpus = files.cpus();
    if (!cpus.isEmpty()) {
      attrs.put("cpus", CpuList.format(cpus));
    }
    List<String> limits = files.ioLimits();
    if (!limits.isEmpty()) {
      attrs.put("io_limits", limits);
    }
    ctx.topology.entity(new Entity(id, kind, "cgroup /" + clean, attrs, Map.of("util", 1.0)));
    ctx.topology.relation(id, Rel.ON, ctx.id("cpu"));
    groups.add(files.withId(id));
  }

  @Override
  public void collect(HostContext ctx) {
    counters.begin();
    psi.begin();
    for (CgroupFiles g : groups) {
      long[] now = g.read(ctx.files);
      if (now == null) {
        continue;
      }
      Counters.Delta d = counters.delta(g.id(), ctx.scrape.ts(), now);
      if (d != null) {
        emit(ctx, g, d);
      }
      collectPsi(ctx, g);
    }
  }

  private static void emit(HostContext ctx, CgroupFiles g, Counters.Delta d) {
    String id = g.id();
    double cores = d.rate(CgroupFiles.USAGE_NS) / 1e9;
    ctx.sample(id, HostMetrics.CORES_USED, cores);
    // The ceiling is the quota; without one, the CPUs the cgroup may run on; else the host.
    double ceiling = g.quotaCores();
    if (!(ceiling > 0)) {
      ceiling = g.cpus().isEmpty() ? ctx.topology.cpuNode.size() : g.cpus().size();
    }
    if (ceiling > 0) {
      ctx.sample(id, HostMetrics.UTIL, cores / ceiling);
    }
    ctx.sample(id, HostMetrics.THROTTLED_FRACTION, d.ratio(CgroupFiles.NR_THROTTLED, CgroupFiles.NR_PERIODS));
    ctx.sample(id, HostMetrics.THROTTLED_TIME, d.rate(CgroupFiles.THROTTLED_NS) / 1e9);
    if (g.hasIo()) {
      ctx.sample(id, HostMetrics.READ_BYTES, d.rate(CgroupFiles.RBYTES));
      ctx.sample(id, HostMetrics.WRITE_BYTES, d.rate(CgroupFiles.WBYTES));
      ctx.sample(id, HostMetrics.READ_IOPS, d.rate(CgroupFiles.RIOS));
      ctx.sample(id, HostMetrics.WRITE_IOPS, d.rate(CgroupFiles.WIOS));
    }
  }

  /** cgroup v2 has per-cgroup pressure files; v1 has none. */
  private void collectPsi(HostContext ctx, CgroupFiles g) {
    if (!"v2".equals(g.version())) {
      return;
    }
    for (CpuCollector.Psi k : CpuCollector.PSI) {
      String text = SysFiles.optional(g.cpuDir().resolve(k.file() + ".pressure"));
      Long total = text == null ? null : CpuCollector.psiTotal(text, k.line());
      if (total == null) {
        continue;
      }
      Counters.Delta d = psi.delta(g.id() + "/" + k.metric().name(), ctx.scrape.ts(), new long[] {total});
      if (d != null) {
        ctx.sample(g.id(), k.metric(), d.rate(0) / 1e6);
      }
    }
  }
}
