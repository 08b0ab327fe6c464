package io.headroom.collector.declared;

/**
 * The previous reading of one group of counters and the rates since. A counter that went
 * backwards (device re-created, cgroup recreated) gives no rates that scrape.
 */
final class Rates {
  private double lastTs = Double.NaN;
  private long[] last;

  /** Per-second differences since the previous reading, or null on the first, after a reset, or when no time passed. */
  double[] next(double ts, long[] now) {
    double[] out = null;
    if (last != null && last.length == now.length && ts > lastTs) {
      out = new double[now.length];
      for (int i = 0; i < now.length; i++) {
        long d = now[i] - last[i];
        if (d < 0) {
          out = null;
          break;
        }
        out[i] = d / (ts - lastTs);
      }
    }
    last = now;
    lastTs = ts;
    return out;
  }

  /** {@code part / whole}, NaN when nothing happened (so an idle interval gives no latency). */
  static double ratio(double part, double whole) {
    return whole > 0 ? part / whole : Double.NaN;
  }
}
