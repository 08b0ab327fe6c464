package io.headroom.collector.linux;

import java.util.BitSet;
import java.util.List;

/**
 * The kernel's CPU list syntax ("0-3,8,10-11"), as sysfs, cgroups and fio's cpus_allowed write it.
 * One parser for the host source (NUMA nodes, IRQ affinity, cpusets) and the benchmark source
 * (fio's CPU and NUMA placement). A ":stride" suffix, which fio and newer kernels allow, is ignored.
 */
public final class CpuList {
  private CpuList() {}

  /**
   * The CPUs named; empty for null or blank text.
   *
   * @throws IllegalArgumentException when the text is not a CPU list (the message quotes it)
   */
  public static BitSet parse(String text) {
    BitSet out = new BitSet();
    if (text == null) {
      return out;
    }
    for (String part : text.trim().split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      int colon = p.indexOf(':');
      if (colon >= 0) {
        p = p.substring(0, colon);
      }
      int dash = p.indexOf('-');
      try {
        int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash).trim());
        int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1).trim());
        if (from < 0 || to < from) {
          throw new IllegalArgumentException("not a CPU list: " + text);
        }
        out.set(from, to + 1);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("not a CPU list: " + text, e);
      }
    }
    return out;
  }

  /** {@link #parse} as an ascending list. */
  public static List<Integer> list(String text) {
    return parse(text).stream().boxed().toList();
  }

  /** The compact form back: [0,1,2,3,8] is "0-3,8". */
  public static String format(List<Integer> cpus) {
    StringBuilder sb = new StringBuilder();
    int i = 0;
    while (i < cpus.size()) {
      int j = i;
      while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
        j++;
      }
      if (sb.length() > 0) {
        sb.append(',');
      }
      sb.append(cpus.get(i));
      if (j > i) {
        sb.append('-').append(cpus.get(j));
      }
      i = j + 1;
    }
    return sb.toString();
  }
}
