package io.headroom.collector.source;

import java.util.HashMap;
import java.util.Map;

/**
 * The previous reading of each group of counters (one device's fields), so a scrape can turn
 * counters into rates. Sources do this, not the store, because only here are widths, wraps and
 * resets known. Each reading keeps its own time: a collector that failed last scrape compares
 * against its last good reading, not against a scrape it missed.
 *
 * <p>A group whose counter went backwards was reset (driver reload, device replaced): that scrape
 * has no rate for it, the next one does. Groups not read in a scrape are forgotten, so a device
 * that comes back is treated as new rather than rated across its absence.
 */
public final class Counters {
  private Map<String, Reading> previous = new HashMap<>();
  private Map<String, Reading> current = new HashMap<>();

  private record Reading(double ts, long[] values) {}

  /** Start a scrape: readings not stored since the last call are dropped. */
  public void begin() {
    Map<String, Reading> swap = previous;
    previous = current;
    // Carry over the readings made last scrape; the rest were of devices no longer seen.
    swap.clear();
    current = swap;
  }

  /**
   * Stores {@code now} taken at {@code ts} under {@code key} and returns what changed since the
   * previous reading, or null on the first reading, after a reset, or when no time passed.
   */
  public Delta delta(String key, double ts, long[] now) {
    Reading before = previous.get(key);
    current.put(key, new Reading(ts, now));
    if (before == null || before.values.length != now.length || !(ts - before.ts > 0)) {
      return null;
    }
    long[] d = new long[now.length];
    for (int i = 0; i < now.length; i++) {
      d[i] = now[i] - before.values[i];
      if (d[i] < 0) {
        return null;
      }
    }
    return new Delta(ts - before.ts, d);
  }

  /** Counter increases over {@code seconds}. */
  public record Delta(double seconds, long[] d) {
    public double rate(int i) {
      return d[i] / seconds;
    }

    /** d[num]/d[den], NaN when the denominator did not move (no I/O: no latency to report). */
    public double ratio(int num, int den) {
      return d[den] == 0 ? Double.NaN : (double) d[num] / d[den];
    }
  }
}
