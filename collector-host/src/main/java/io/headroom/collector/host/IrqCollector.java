package io.headroom.collector.host;

import io.headroom.collector.linux.CpuList;
import io.headroom.collector.source.Counters;
import io.headroom.model.Entity;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which CPUs serve each PCI device's interrupts: from msi_irqs (or the legacy irq file) and
 * /proc/irq/N/effective_affinity_list, written onto the device's {@code pcie_link} as irq_cpus
 * and irq_numa_nodes; and each scrape, from /proc/interrupts, the device's interrupt rate and the
 * share handled by CPUs outside its NUMA node (irq_remote_fraction), so the analyzer can tell a
 * device served from the wrong socket.
 */
final class IrqCollector implements Collector {
  private final Counters counters = new Counters();
  /** IRQ number to PCI address. */
  private final Map<Integer, String> owner = new HashMap<>();
  /** The same as a table, made on the first scrape after each discovery. */
  private String[] ownerByIrq;
  private final FileBytes interrupts = new FileBytes();

  @Override
  public String area() {
    return "irq";
  }

  @Override
  public void discover(HostContext ctx) throws IOException {
    owner.clear();
    ownerByIrq = null;
    Topology topo = ctx.topology;
    for (PciDevice d : topo.pci.values()) {
      List<Integer> irqs = irqsOf(d);
      if (irqs.isEmpty()) {
        continue;
      }
      TreeSet<Integer> cpus = new TreeSet<>();
      for (int irq : irqs) {
        owner.put(irq, d.address());
        String list = SysFiles.optional(ctx.proc("irq/" + irq + "/effective_affinity_list"));
        if (list == null || list.isEmpty()) {
          list = SysFiles.optional(ctx.proc("irq/" + irq + "/smp_affinity_list"));
        }
        cpus.addAll(CpuList.list(list));
      }
      annotate(ctx, d, irqs.size(), cpus);
    }
  }

  private static List<Integer> irqsOf(PciDevice d) throws IOException {
    List<Integer> out = new ArrayList<>();
    Path msi = d.dir().resolve("msi_irqs");
    if (Files.isDirectory(msi)) {
      try (DirectoryStream<Path> ds = Files.newDirectoryStream(msi)) {
        for (Path p : ds) {
          out.add(Integer.parseInt(p.getFileName().toString()));
        }
      }
    }
    if (out.isEmpty()) {
      Long legacy = SysFiles.optionalLong(d.dir().resolve("irq"));
      if (legacy != null && legacy > 0 && Files.isDirectory(d.dir().resolve("driver"))) {
        out.add(legacy.intValue());
      }
    }
    out.sort(null);
    return out;
  }

  /** Rewrites the device's entity with the IRQ attributes added (entities are immutable). */
  private static void annotate(HostContext ctx, PciDevice d, int count, TreeSet<Integer> cpus) {
    String id = PcieCollector.linkId(ctx.host, d.address());
    Entity old = ctx.topology.entities.get(id);
    if (old == null) {
      return;
    }
    Map<String, Object> attrs = new LinkedHashMap<>(old.attrs());
    attrs.put("irq_count", count);
    attrs.put("irq_cpus", CpuList.format(new ArrayList<>(cpus)));
    TreeSet<Integer> nodes = new TreeSet<>();
    for (int cpu : cpus) {
      Integer n = ctx.topology.cpuNode.get(cpu);
      if (n != null) {
        nodes.add(n);
      }
    }
    attrs.put("irq_numa_nodes", new ArrayList<>(nodes));
    ctx.topology.entity(new Entity(id, old.kind(), old.name(), attrs, old.capacity()));
    // Every completion crossing the inter-socket link is NUMA misplacement a person can fix.
    if (d.numaNode() != null && !nodes.isEmpty() && !nodes.contains(d.numaNode())) {
      ctx.topology.degraded.add(id + ": interrupts served only by CPUs " + CpuList.format(new ArrayList<>(cpus))
          + " (node " + join(nodes) + "), device on node " + d.numaNode());
    }
  }

  private static String join(TreeSet<Integer> nodes) {
    StringBuilder sb = new StringBuilder();
    for (int n : nodes) {
      sb.append(sb.length() == 0 ? "" : ",").append(n);
    }
    return sb.toString();
  }

  @Override
  public void collect(HostContext ctx) {
    counters.begin();
    if (owner.isEmpty()) {
      return;
    }
    if (!ctx.files.required(ctx.proc("interrupts"), interrupts)) {
      return;
    }
    Map<String, long[]> perDevice = sum(ctx);
    for (Map.Entry<String, long[]> e : perDevice.entrySet()) {
      Counters.Delta d = counters.delta(e.getKey(), ctx.scrape.ts(), e.getValue());
      if (d == null) {
        continue;
      }
      String id = PcieCollector.linkId(ctx.host, e.getKey());
      ctx.sample(id, HostMetrics.IRQ_RATE, d.rate(0));
      if (e.getValue()[2] == 1) {
        ctx.sample(id, HostMetrics.IRQ_REMOTE, d.ratio(1, 0));
      }
    }
  }

  /** Index = IRQ number, value = the PCI address owning it (null: not a device's), for the scan. */
  private String[] ownerTable() {
    if (ownerByIrq == null) {
      int max = owner.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1);
      ownerByIrq = new String[max + 1];
      owner.forEach((irq, address) -> ownerByIrq[irq] = address);
    }
    return ownerByIrq;
  }

  /**
   * Per device {interrupts, interrupts on CPUs of another node, 1 when the device's node is
   * known}. Only lines of IRQs we own are parsed past their number: on a 128-CPU host this file
   * is the largest we read (1.2 MB), so it is scanned as bytes, never made into Strings.
   */
  private Map<String, long[]> sum(HostContext ctx) {
    Map<String, long[]> out = new HashMap<>();
    int nl = interrupts.lineEnd(0);
    if (nl == interrupts.length()) {
      return out;
    }
    int[] columnCpu = header(interrupts, nl);
    // The node of each column, looked up once: the loop below runs once per IRQ per CPU.
    int[] columnNode = new int[columnCpu.length];
    for (int i = 0; i < columnCpu.length; i++) {
      columnNode[i] = ctx.topology.cpuNode.getOrDefault(columnCpu[i], -1);
    }
    String[] owners = ownerTable();
    int pos = nl + 1;
    while (pos < interrupts.length()) {
      int end = interrupts.lineEnd(pos);
      line(ctx, pos, end, owners, columnNode, out);
      pos = end + 1;
    }
    return out;
  }

  private void line(HostContext ctx, int start, int end, String[] owners, int[] columnNode, Map<String, long[]> out) {
    FileBytes f = interrupts;
    int s = f.skipBlanks(start, end);
    int colon = f.digitsEnd(s, end);
    // NMI, LOC, ... are not device interrupts; nor is a number we do not own
    if (colon == s || colon == end || f.at(colon) != ':') {
      return;
    }
    long irq = f.parseLong(s, colon);
    String address = irq < owners.length ? owners[(int) irq] : null;
    if (address == null) {
      return;
    }
    PciDevice dev = ctx.topology.pci.get(address);
    int node = dev == null || dev.numaNode() == null ? -1 : dev.numaNode();
    long[] acc = out.computeIfAbsent(address, a -> new long[] {0, 0, node < 0 ? 0 : 1});
    int pos = colon + 1;
    for (int col = 0; col < columnNode.length; col++) {
      pos = f.skipBlanks(pos, end);
      int numEnd = f.digitsEnd(pos, end);
      if (numEnd == pos) {
        break;
      }
      long n = f.parseLong(pos, numEnd);
      acc[0] += n;
      if (node >= 0 && columnNode[col] >= 0 && columnNode[col] != node) {
        acc[1] += n;
      }
      pos = numEnd;
    }
  }

  /** The header line "           CPU0       CPU1 ..." (up to {@code end}) to the CPU of each column. */
  static int[] header(FileBytes f, int end) {
    int columns = 0;
    for (int pos = f.skipBlanks(0, end); pos < end; pos = f.skipBlanks(tokenEnd(f, pos, end), end)) {
      columns++;
    }
    int[] out = new int[columns];
    int i = 0;
    for (int pos = f.skipBlanks(0, end); pos < end; pos = f.skipBlanks(tokenEnd(f, pos, end), end)) {
      out[i++] = (int) f.parseLong(pos + 3, tokenEnd(f, pos, end)); // "CPU" then the number
    }
    return out;
  }

  private static int tokenEnd(FileBytes f, int from, int end) {
    int i = from;
    while (i < end && f.at(i) != ' ' && f.at(i) != '\t') {
      i++;
    }
    return i;
  }
}
