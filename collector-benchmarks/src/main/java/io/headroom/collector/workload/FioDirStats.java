package io.headroom.collector.workload;

import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One direction (read, write or trim) of one fio job, as fio prints it: every counter is
 * cumulative since the job started (or since its ramp ended).
 *
 * @param clatSumNs completion latency mean times its count, so interval means can be taken from
 *     differences
 * @param bins json+ clat histogram (bin value in ns to count), null in plain json output
 * @param p99Ns fio's own clat 99th percentile since job start, null when fio printed none
 */
record FioDirStats(
    long ioBytes, long totalIos, long runtimeMs, double clatSumNs, long clatN,
    NavigableMap<Long, Long> bins, Double p99Ns) {
  static final FioDirStats ZERO = new FioDirStats(0, 0, 0, 0, 0, new TreeMap<>(), null);

  boolean hasBins() {
    return bins != null;
  }
}
