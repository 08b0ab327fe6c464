package io.headroom.collector.host;

import java.util.List;

/**
 * The "cpu" line of /proc/stat: user nice system idle iowait irq softirq steal guest guest_nice,
 * in USER_HZ ticks. Guest time is already counted in user and nice, so it is not added again.
 */
final class CpuTimes {
  static final int IDLE = 3;
  static final int IOWAIT = 4;
  static final int FIELDS = 8;

  private CpuTimes() {}

  static long[] parseTotal(List<String> lines, String file) {
    for (String line : lines) {
      if (line.startsWith("cpu ")) {
        String[] f = line.trim().split("\\s+");
        long[] out = new long[FIELDS];
        for (int i = 0; i < FIELDS && i + 1 < f.length; i++) {
          out[i] = Long.parseLong(f[i + 1]);
        }
        return out;
      }
    }
    throw new IllegalArgumentException(file + ": no aggregate \"cpu \" line");
  }

  /** Busy share of the ticks between two readings; NaN when no time passed. */
  static double busyFraction(long[] before, long[] after) {
    long total = 0;
    long idle = 0;
    for (int i = 0; i < FIELDS; i++) {
      long d = after[i] - before[i];
      total += d;
      if (i == IDLE || i == IOWAIT) {
        idle += d;
      }
    }
    return total <= 0 ? Double.NaN : (double) (total - idle) / total;
  }
}
