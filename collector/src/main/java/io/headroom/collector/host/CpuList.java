package io.headroom.collector.host;

import java.util.ArrayList;
import java.util.List;

/** The kernel's CPU list format ("0-3,8,10-11"). */
final class CpuList {
  private CpuList() {}

  static List<Integer> parse(String text) {
    List<Integer> out = new ArrayList<>();
    if (text == null || text.isBlank()) {
      return out;
    }
    for (String part : text.trim().split(",")) {
      int dash = part.indexOf('-');
      if (dash < 0) {
        out.add(Integer.parseInt(part.trim()));
      } else {
        int from = Integer.parseInt(part.substring(0, dash).trim());
        int to = Integer.parseInt(part.substring(dash + 1).trim());
        for (int c = from; c <= to; c++) {
          out.add(c);
        }
      }
    }
    return out;
  }

  /** The compact form back: [0,1,2,3,8] is "0-3,8". */
  static String format(List<Integer> cpus) {
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
