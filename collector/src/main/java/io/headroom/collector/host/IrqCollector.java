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

  @Override
  public String area() {
    return "irq";
  }

  @Override
  public void discover(HostContext ctx) throws IOException {
    owner.clear();
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
    Path file = ctx.proc("interrupts");
    String text = ctx.files.required(file);
    if (text == null) {
      return;
    }
    Map<String, long[]> perDevice = sum(ctx, text);
    for (Map.Entry<String, long[]> e : perDevice.entrySet()) {
      Counters.Delta d = counters.delta(e.getKey(), ctx.scrape.ts(), e.getValue());
      if (d == null) {
        continue;
      }
      String id = PcieCollector.linkId(ctx.host, e.getKey());
      ctx.sample(id, "irq_per_s", d.rate(0));
      if (e.getValue()[2] == 1) {
        ctx.sample(id, "irq_remote_fraction", d.ratio(1, 0));
      }
    }
  }

  /**
   * Per device {interrupts, interrupts on CPUs of another node, 1 when the device's node is
   * known}. Only lines of IRQs we own are parsed past their number: on a 128-CPU host this file
   * is the largest we read.
   */
  private Map<String, long[]> sum(HostContext ctx, String text) {
    Map<String, long[]> out = new HashMap<>();
    int nl = text.indexOf('\n');
    if (nl < 0) {
      return out;
    }
    int[] columnCpu = header(text.substring(0, nl));
    // The node of each column, looked up once: the loop below runs once per IRQ per CPU.
    int[] columnNode = new int[columnCpu.length];
    for (int i = 0; i < columnCpu.length; i++) {
      columnNode[i] = ctx.topology.cpuNode.getOrDefault(columnCpu[i], -1);
    }
    int pos = nl + 1;
    while (pos < text.length()) {
      int end = text.indexOf('\n', pos);
      if (end < 0) {
        end = text.length();
      }
      line(ctx, text, pos, end, columnNode, out);
      pos = end + 1;
    }
    return out;
  }

  private void line(HostContext ctx, String text, int start, int end, int[] columnNode, Map<String, long[]> out) {
    int colon = text.indexOf(':', start);
    if (colon < 0 || colon > end) {
      return;
    }
    Integer irq = parseIrq(text, start, colon);
    String address = irq == null ? null : owner.get(irq);
    if (address == null) {
      return;
    }
    PciDevice dev = ctx.topology.pci.get(address);
    int node = dev == null || dev.numaNode() == null ? -1 : dev.numaNode();
    long[] acc = out.computeIfAbsent(address, a -> new long[] {0, 0, node < 0 ? 0 : 1});
    int pos = colon + 1;
    for (int col = 0; col < columnNode.length; col++) {
      while (pos < end && text.charAt(pos) == ' ') {
        pos++;
      }
      int numEnd = pos;
      while (numEnd < end && Character.isDigit(text.charAt(numEnd))) {
        numEnd++;
      }
      if (numEnd == pos) {
        break;
      }
      long n = Long.parseLong(text, pos, numEnd, 10);
      acc[0] += n;
      if (node >= 0 && columnNode[col] >= 0 && columnNode[col] != node) {
        acc[1] += n;
      }
      pos = numEnd;
    }
  }

  private static Integer parseIrq(String text, int start, int colon) {
    int s = start;
    while (s < colon && text.charAt(s) == ' ') {
      s++;
    }
    for (int i = s; i < colon; i++) {
      if (!Character.isDigit(text.charAt(i))) {
        return null; // NMI, LOC, ... are not device interrupts
      }
    }
    return s == colon ? null : Integer.parseInt(text, s, colon, 10);
  }

  /** "           CPU0       CPU1 ..." to the CPU number of each column (offline CPUs are absent). */
  static int[] header(String line) {
    String[] f = line.trim().split("\\s+");
    int[] out = new int[f.length];
    for (int i = 0; i < f.length; i++) {
      out[i] = Integer.parseInt(f[i].substring(3));
    }
    return out;
  }
}
