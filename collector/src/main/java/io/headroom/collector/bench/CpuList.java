package io.headroom.collector.bench;

import java.util.BitSet;

/** The kernel's and fio's CPU list syntax: "0-3,8,10-11" (fio also allows a ":stride" suffix, ignored). */
final class CpuList {
  private CpuList() {}

  /** @throws IllegalArgumentException when the text is not a CPU list */
  static BitSet parse(String text) {
    BitSet out = new BitSet();
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
}
