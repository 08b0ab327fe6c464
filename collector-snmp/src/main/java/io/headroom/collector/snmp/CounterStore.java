package io.headroom.collector.snmp;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The previous reading of each counter of one agent, so a scrape can turn counters into rates
 * that are never negative and never a spike:
 *
 * <ul>
 *   <li>a Counter32 lower than before wrapped once (the scrape interval must be shorter than its
 *       wrap time; discover warns where it is not);
 *   <li>a 64-bit counter lower than before was reset: no rate this time;
 *   <li>after an agent restart ({@link #begin(boolean)} with true) or a port's counter
 *       discontinuity, the reading is kept and the rate given only next time.
 * </ul>
 *
 * Counters not read in a scrape are forgotten, so a port that comes back is treated as new.
 */
final class CounterStore {
  private static final double TWO_TO_32 = 4294967296.0;
  private static final double TWO_TO_64 = 18446744073709551616.0;

  private record Last(long nanos, long value) {}

  private Map<String, Last> previous = new HashMap<>();
  private Map<String, Last> current = new HashMap<>();

  /** Starts a scrape; {@code forget} drops every previous reading (the agent restarted). */
  void begin(boolean forget) {
    previous = forget ? new HashMap<>() : current;
    current = new HashMap<>();
  }

  /**
   * Stores {@code now} read at {@code nanos} under {@code key}; returns the rate per second in the
   * count's unit, or empty on the first reading, after a reset or across a discontinuity.
   */
  OptionalDouble rate(String key, long nanos, Count now, boolean discontinuous) {
    Last before = previous.get(key);
    current.put(key, new Last(nanos, now.value()));
    if (before == null || discontinuous || nanos <= before.nanos) {
      return OptionalDouble.empty();
    }
    double increase = increase(before.value, now);
    if (increase < 0) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(increase * now.scale() / ((nanos - before.nanos) / 1e9));
  }

  /** How much the counter went up, or -1 when it went down without being able to wrap (a reset). */
  static double increase(long before, Count now) {
    if (now.bits() == 32) {
      long b = before & 0xffffffffL;
      long n = now.value() & 0xffffffffL;
      return n >= b ? n - b : n + TWO_TO_32 - b;
    }
    if (Long.compareUnsigned(now.value(), before) < 0) {
      return -1;
    }
    return unsigned(now.value()) - unsigned(before);
  }

  private static double unsigned(long v) {
    return v >= 0 ? v : v + TWO_TO_64;
  }
}
