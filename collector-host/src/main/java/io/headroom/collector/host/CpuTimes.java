package io.headroom.collector.host;

/**
 * A "cpu" line of /proc/stat: user nice system idle iowait irq softirq steal (guest and
 * guest_nice follow but are already inside user and nice, so they are not added again), in
 * USER_HZ ticks.
 */
final class CpuTimes {
  static final int USER = 0;
  static final int NICE = 1;
  static final int SYSTEM = 2;
  static final int IDLE = 3;
  static final int IOWAIT = 4;
  static final int IRQ = 5;
  static final int SOFTIRQ = 6;
  static final int STEAL = 7;
  static final int FIELDS = 8;

  private CpuTimes() {}

  /**
   * The ticks of the "cpuN ..." line in {@code [start, end)} of {@code f}; fields the kernel lacks
   * (old kernels) stay 0.
   */
  static long[] parseLine(FileBytes f, int start, int end) {
    long[] out = new long[FIELDS];
    int pos = f.indexOf((byte) ' ', start, end);
    for (int i = 0; i < FIELDS; i++) {
      pos = f.skipBlanks(pos, end);
      int fieldEnd = f.indexOf((byte) ' ', pos, end);
      if (fieldEnd == pos) {
        break;
      }
      out[i] = f.parseLong(pos, fieldEnd);
      pos = fieldEnd;
    }
    return out;
  }

  /** Emits util and its breakdown for one entity from tick deltas; nothing when no time passed. */
  static void emit(HostContext ctx, String id, long[] d) {
    long total = 0;
    for (int i = 0; i < FIELDS; i++) {
      total += d[i];
    }
    if (total <= 0) {
      return;
    }
    double t = total;
    // iowait is idle time with I/O outstanding, not work: util leaves it out, as the design says.
    ctx.sample(id, HostMetrics.UTIL, (total - d[IDLE] - d[IOWAIT]) / t);
    ctx.sample(id, HostMetrics.UTIL_USER, (d[USER] + d[NICE]) / t);
    ctx.sample(id, HostMetrics.UTIL_SYSTEM, d[SYSTEM] / t);
    ctx.sample(id, HostMetrics.UTIL_IRQ, d[IRQ] / t);
    ctx.sample(id, HostMetrics.UTIL_SOFTIRQ, d[SOFTIRQ] / t);
    ctx.sample(id, HostMetrics.UTIL_IOWAIT, d[IOWAIT] / t);
    ctx.sample(id, HostMetrics.UTIL_STEAL, d[STEAL] / t);
  }
}
