package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.Stats;
import java.util.Arrays;

/** Shape of a series within a window: flat, rising. */
final class Trend {
  private Trend() {}

  /** Mean of the last third over mean of the first third; NaN with fewer than 6 readings. */
  static double lastOverFirst(double[] values) {
    if (values.length < 6) {
      return Double.NaN;
    }
    int third = values.length / 3;
    double first = Stats.mean(Arrays.copyOfRange(values, 0, third));
    double last = Stats.mean(Arrays.copyOfRange(values, values.length - third, values.length));
    return first > 0 ? last / first : Double.NaN;
  }

  /**
   * Coefficient of variation (stddev / mean) after dropping the first 10% of readings, which
   * hold the ramp-up; NaN with fewer than 5 readings or a zero mean.
   */
  static double cv(double[] values) {
    if (values.length < 5) {
      return Double.NaN;
    }
    double[] steady = Arrays.copyOfRange(values, values.length / 10, values.length);
    double mean = Stats.mean(steady);
    if (!(mean > 0)) {
      return Double.NaN;
    }
    double sq = 0;
    for (double v : steady) {
      sq += (v - mean) * (v - mean);
    }
    return Math.sqrt(sq / steady.length) / mean;
  }
}
