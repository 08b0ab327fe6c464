package io.headroom.analyzer.live;

import java.util.Arrays;

/**
 * How long after a phase started its first live verdict came: seconds from the phase's start to
 * the end of the live round that first judged it while it was still going, by the analyzer's
 * clock. A histogram (cumulative buckets, as Prometheus keeps them), so the tail shows too.
 */
public final class VerdictLatency {
  /** Upper bounds in seconds: rounds are 0.5 s apart, a limit shows 1-3 s in (docs/lab.md). */
  static final double[] BOUNDS = {1, 2, 3, 5, 10, 30, 60, 300};

  private final long[] counts = new long[BOUNDS.length];
  private long count;
  private double sum;

  /** The counts per upper bound (each counts every observation at or below it), the total and sum. */
  public record Snapshot(double[] bounds, long[] cumulative, long count, double sum) {}

  synchronized void observe(double seconds) {
    for (int i = 0; i < BOUNDS.length; i++) {
      if (seconds <= BOUNDS[i]) {
        counts[i]++;
      }
    }
    count++;
    sum += seconds;
  }

  public synchronized Snapshot snapshot() {
    return new Snapshot(BOUNDS.clone(), Arrays.copyOf(counts, counts.length), count, sum);
  }
}
