package io.headroom.collector.workload;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/** fio's json+ completion-latency bins (bin value in ns to count): differences and percentiles. */
final class ClatHistogram {
  private ClatHistogram() {}

  /** {@code now - before}, bin by bin: the I/Os completed in between (json+ bins are cumulative). */
  static NavigableMap<Long, Long> delta(NavigableMap<Long, Long> now, NavigableMap<Long, Long> before) {
    NavigableMap<Long, Long> out = new TreeMap<>();
    now.forEach((bin, count) -> {
      long d = count - (before == null ? 0 : before.getOrDefault(bin, 0L));
      if (d > 0) {
        out.put(bin, d);
      }
    });
    return out;
  }

  static NavigableMap<Long, Long> sum(NavigableMap<Long, Long> a, NavigableMap<Long, Long> b) {
    NavigableMap<Long, Long> out = new TreeMap<>(a);
    b.forEach((bin, count) -> out.merge(bin, count, Long::sum));
    return out;
  }

  /**
   * The value of the first bin at which the running count reaches {@code pct}% of the total: the
   * rule fio itself uses (stat.c, calc_clat_percentiles), so a whole-job histogram gives fio's own
   * "99.000000" number. Null for an empty histogram.
   */
  static Long percentile(NavigableMap<Long, Long> bins, double pct) {
    long total = bins.values().stream().mapToLong(Long::longValue).sum();
    if (total == 0) {
      return null;
    }
    double threshold = pct / 100.0 * total;
    long running = 0;
    for (Map.Entry<Long, Long> e : bins.entrySet()) {
      running += e.getValue();
      if (running >= threshold) {
        return e.getKey();
      }
    }
    return bins.lastKey();
  }
}
