package io.headroom.analyzer.data;

import java.util.Arrays;

/** Order statistics over a window of readings. */
public final class Stats {
  private Stats() {}

  /**
   * The p-th percentile (0..1) by linear interpolation between closest ranks, as
   * PostgreSQL's percentile_cont does, so the database and the file give the same figure.
   * NaN for no values.
   */
  public static double percentile(double[] values, double p) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    double rank = p * (sorted.length - 1);
    int lo = (int) Math.floor(rank);
    int hi = (int) Math.ceil(rank);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
  }

  public static double mean(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }
}
