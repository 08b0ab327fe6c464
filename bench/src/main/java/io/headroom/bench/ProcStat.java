package io.headroom.bench;

/**
 * One line of /proc/PID/stat or /proc/PID/task/TID/stat (proc(5)): the CPU time it reports. The
 * name in parentheses may hold spaces and parentheses itself, so fields are counted from the
 * last ')'.
 */
final class ProcStat {
  /** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
  static final double TICKS_PER_S = 100.0;

  private ProcStat() {}

  /** utime + stime (fields 14 and 15), in clock ticks. */
  static long cpuTicks(String stat) {
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  /** The thread's or process's name, as Linux keeps it (15 characters at most). */
  static String name(String stat) {
    return stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  }
}
