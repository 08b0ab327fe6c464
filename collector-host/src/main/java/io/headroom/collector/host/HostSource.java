package io.headroom.collector.host;

import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The Linux host source, reading a configurable proc and sys root (never shelling out). The
 * topology (CPUs, NUMA nodes, PCI tree, disks, ports, cgroups) is walked on the first scrape and
 * again every topology_refresh; counters are read every scrape. Each area runs isolated: one
 * that fails leaves a problem on the scrape and the others stand.
 */
public final class HostSource implements Source {
  private final String host;
  private final Duration interval;
  private final HostSourceConfig config;
  private final CpuCollector cpu = new CpuCollector();
  private final NumaCollector numa = new NumaCollector();
  private final PcieCollector pcie = new PcieCollector();
  private final BlockCollector block = new BlockCollector();
  private final NetCollector net = new NetCollector();
  private final FcCollector fc = new FcCollector();
  private final IbCollector ib = new IbCollector();
  private final IrqCollector irq = new IrqCollector();
  private final CgroupCollector cgroup = new CgroupCollector();
  /** Nodes first (sockets and the CPU map), then PCI (which disks and ports attach to), IRQs last. */
  private final List<Collector> discoverOrder = List.of(numa, cpu, pcie, block, net, fc, ib, irq, cgroup);
  /** PCIe last: it sums the traffic the disks and ports reported. */
  private final List<Collector> collectOrder = List.of(cpu, numa, block, net, fc, ib, irq, cgroup, pcie);
  private Topology topology;
  private double topologyAt;

  public HostSource(String host, Duration interval, HostSourceConfig config) {
    this.host = host;
    this.interval = interval == null ? Duration.ofSeconds(1) : interval;
    this.config = config;
  }

  @Override
  public String name() {
    return "host";
  }

  @Override
  public Duration interval() {
    return interval;
  }

  @Override
  public void scrape(Scrape scrape) {
    double refresh = config.topologyRefresh().toMillis() / 1000.0;
    // A clock stepped backwards also forces a walk: better one walk too many than stale devices.
    if (topology == null || scrape.ts() - topologyAt >= refresh || scrape.ts() < topologyAt) {
      topology = walk(scrape);
      topologyAt = scrape.ts();
    }
    for (Entity e : topology.entities.values()) {
      scrape.entity(e);
    }
    for (Relation r : topology.relations) {
      scrape.relation(r);
    }
    HostContext ctx = new HostContext(host, config, scrape, topology);
    for (Collector c : collectOrder) {
      run(c, ctx, false);
    }
  }

  /** The host's topology walked afresh, without reading counters. */
  @Override
  public Discovery discover() {
    Scrape scrape = new Scrape(System.currentTimeMillis() / 1000.0);
    Topology t = walk(scrape);
    return new Discovery(new ArrayList<>(t.entities.values()), t.relations, t.degraded, scrape.problems());
  }

  /** Walks the host afresh; problems found on the way go to the scrape. */
  Topology walk(Scrape scrape) {
    Topology fresh = new Topology();
    HostContext ctx = new HostContext(host, config, scrape, fresh);
    for (Collector c : discoverOrder) {
      run(c, ctx, true);
    }
    return fresh;
  }

  private static void run(Collector c, HostContext ctx, boolean discover) {
    try {
      if (discover) {
        c.discover(ctx);
      } else {
        c.collect(ctx);
      }
    } catch (Exception | StackOverflowError e) {
      // One area's surprise (an odd file, a device gone mid-walk) must not cost the others.
      ctx.scrape.problem(ctx.host + "/" + c.area(), (discover ? "discovery failed: " : "collection failed: ") + e);
    }
  }
}
