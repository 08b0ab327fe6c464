package io.headroom.collector.snmp;

/**
 * Tells an agent restart from a sysUpTime wrap. sysUpTime is TimeTicks, hundredths of a second in
 * 32 bits, so it wraps to 0 after 2^32 / 100 s = 497.1 days: a value lower than before is a restart
 * unless the time that passed on this side matches the wrapped difference.
 */
final class UptimeCheck {
  static final double WRAP_TICKS = 4294967296.0;
  /** The agent's clock and ours need not agree to the tick: 2 s or 10% of the interval, whichever is more. */
  private static final double TOLERANCE_S = 2.0;
  private static final double TOLERANCE_SHARE = 0.1;

  private long lastTicks = -1;
  private long lastNanos;

  /** Records this reading; true when the agent restarted since the last one. */
  boolean restarted(long ticks, long nanos) {
    boolean restarted = lastTicks >= 0 && restartedBetween(lastTicks, lastNanos, ticks, nanos);
    lastTicks = ticks;
    lastNanos = nanos;
    return restarted;
  }

  static boolean restartedBetween(long beforeTicks, long beforeNanos, long nowTicks, long nowNanos) {
    if (nowTicks >= beforeTicks) {
      return false;
    }
    double wrappedSeconds = (nowTicks + WRAP_TICKS - beforeTicks) / 100.0;
    double ourSeconds = (nowNanos - beforeNanos) / 1e9;
    return Math.abs(wrappedSeconds - ourSeconds) > Math.max(TOLERANCE_S, TOLERANCE_SHARE * ourSeconds);
  }
}
