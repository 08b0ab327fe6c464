package io.headroom.analyzer.scenario;

import java.util.List;
import java.util.Locale;

/**
 * The confidence calibration table of docs/detection.md: judged phases by confidence bucket, how
 * many were right and that share. A confidence means something when the phases judged at 0.9 or
 * more are right at least 90% of the time.
 */
final class Calibration {
  /** Bucket lower bounds; the last bucket is [0.9, 1.0]. */
  static final double[] FROM = {0.0, 0.5, 0.7, 0.8, 0.9};

  private Calibration() {}

  /** Rows of {confidence, 1 when right else 0} as a Markdown table. */
  static String table(List<double[]> judged) {
    StringBuilder out = new StringBuilder("| confidence | phases | right | share |\n|---|---|---|---|\n");
    for (int b = 0; b < FROM.length; b++) {
      double lo = FROM[b];
      double hi = b + 1 < FROM.length ? FROM[b + 1] : Double.POSITIVE_INFINITY;
      long phases = judged.stream().filter(j -> j[0] >= lo && j[0] < hi).count();
      long right = judged.stream().filter(j -> j[0] >= lo && j[0] < hi && j[1] == 1).count();
      String range = hi == Double.POSITIVE_INFINITY ? String.format(Locale.ROOT, ">= %.1f", lo)
          : String.format(Locale.ROOT, "%.1f to %.1f", lo, hi);
      out.append(String.format(Locale.ROOT, "| %s | %d | %d | %s |%n", range, phases, right,
          phases == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * right / phases)));
    }
    return out.toString();
  }

  /** The share right among phases at or above the confidence; NaN when there are none. */
  static double shareRightFrom(List<double[]> judged, double confidence) {
    long n = judged.stream().filter(j -> j[0] >= confidence).count();
    long right = judged.stream().filter(j -> j[0] >= confidence && j[1] == 1).count();
    return n == 0 ? Double.NaN : (double) right / n;
  }
}
