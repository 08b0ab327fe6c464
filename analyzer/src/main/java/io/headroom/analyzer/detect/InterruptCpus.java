package io.headroom.analyzer.detect;

import io.headroom.model.Rel;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The CPUs that serve the interrupts of the data path's devices, as the host source reports them:
 * a {@code pcie_link}'s {@code irq_cpus} (the kernel's CPU list, "0-3,8", from
 * /proc/irq/N/effective_affinity_list) names CPUs that are {@code HOST/cpu/N} entities of the host
 * whose id starts the link's ({@code h1/pcie/...} is served by {@code h1/cpu/7}). Such a CPU is
 * on the path through that role even where the benchmark's threads never run on it: every
 * completion of the path's I/O passes through it (docs/detection.md, Granularity).
 */
final class InterruptCpus {
  static final String ATTR = "irq_cpus";
  static final String PCIE = "/pcie/";

  private InterruptCpus() {}

  /** Each existing {@code cpu} entity serving a link among {@code members}, to those links in id order. */
  static Map<String, List<String>> of(RunData data, Set<String> members) {
    Map<String, List<String>> served = new TreeMap<>();
    for (String link : members) {
      Entity e = data.entity(link);
      Object list = e.attrs().get(ATTR);
      int at = link.indexOf(PCIE);
      if (!EntityKind.PCIE_LINK.equals(e.kind()) || list == null || at < 0) {
        continue;
      }
      String host = link.substring(0, at);
      BitSet cpus = parse(list.toString());
      for (int n = cpus.nextSetBit(0); n >= 0; n = cpus.nextSetBit(n + 1)) {
        String cpu = host + "/cpu/" + n;
        if (data.entities().containsKey(cpu) && "cpu".equals(data.entity(cpu).kind())) {
          served.computeIfAbsent(cpu, k -> new ArrayList<>()).add(link);
        }
      }
    }
    return served;
  }

  /**
   * The highest CPU number a kernel can have (NR_CPUS is at most 8192, x86-64's MAXSMP). A list
   * beyond it is no CPU list: 0-2147483647 overflowed the range's end (issue 43) and 0-2000000000
   * would look up two billion CPUs.
   */
  static final int LAST_CPU = 8191;

  /**
   * The CPU list syntax; empty for text that is not one (a link whose irq_cpus cannot be read
   * gives its CPUs no role, rather than failing the whole analysis).
   */
  static BitSet parse(String text) {
    BitSet out = new BitSet();
    for (String part : text.trim().split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      int dash = p.indexOf('-');
      try {
        int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash).trim());
        int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1).trim());
        if (from < 0 || to < from || to > LAST_CPU) {
          return new BitSet();
        }
        out.set(from, to + 1);
      } catch (NumberFormatException e) {
        return new BitSet();
      }
    }
    return out;
  }

  /**
   * "serves every interrupt of h1/net/ens1f0" when the CPU is the only one the device's
   * interrupts go to, else "serves interrupts of h1/net/ens1f0 (irq_cpus 6-7)". The device is
   * named by what sits behind the link on the path (the NIC's port, the disk), else by the link.
   */
  static String role(Context ctx, List<String> links) {
    List<String> parts = new ArrayList<>();
    boolean every = true;
    for (String link : links) {
      String list = ctx.attr(link, ATTR);
      boolean only = parse(list).cardinality() == 1;
      every &= only;
      parts.add(deviceOf(ctx, link) + (only ? "" : " (irq_cpus " + list + ")"));
    }
    return "serves " + (every ? "every interrupt" : "interrupts") + " of " + String.join(", ", parts);
  }

  private static String deviceOf(Context ctx, String link) {
    List<String> behind = new ArrayList<>();
    for (Relation r : ctx.data().relations()) {
      if (r.rel().equals(Rel.BEHIND.wire()) && r.to().equals(link) && ctx.path().contains(r.from())
          && !EntityKind.PCIE_LINK.equals(ctx.entity(r.from()).kind())) {
        behind.add(r.from());
      }
    }
    behind.sort(null);
    return behind.isEmpty() ? link : String.join(", ", behind);
  }
}
