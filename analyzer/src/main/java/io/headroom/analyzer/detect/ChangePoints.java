package io.headroom.analyzer.detect;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Where a series changes level: binary segmentation with the CUSUM statistic (docs/detection.md,
 * "Onsets"). In a segment x[lo..hi) the split k maximises |S_k - (k/n) S_n|, S_k the sum of its
 * first k values: the point where the mean before and the mean after differ most, weighted by how
 * many readings each side has. A split whose two means differ by less than {@code minShift} is no
 * change; otherwise both halves are searched again, up to {@code maxPoints} changes. Every level
 * after a change holds at least {@code minAfter} readings, so a change is seen as soon as that
 * many readings of the new level are in; the first level may be one reading long (a phase whose
 * limit began at its second reading).
 */
final class ChangePoints {
  private ChangePoints() {}

  /** Indices at which a new level starts, ascending. */
  static List<Integer> of(double[] x, double minShift, int minAfter, int maxPoints) {
    TreeSet<Integer> found = new TreeSet<>();
    split(x, 0, x.length, minShift, Math.max(1, minAfter), maxPoints, found);
    return new ArrayList<>(found);
  }

  private static void split(double[] x, int lo, int hi, double minShift, int minAfter, int maxPoints,
      TreeSet<Integer> found) {
    int minRight = minAfter;
    int minLeft = lo == 0 ? 1 : minAfter;
    int n = hi - lo;
    if (found.size() >= maxPoints || n < minLeft + minRight) {
      return;
    }
    double total = 0;
    for (int i = lo; i < hi; i++) {
      total += x[i];
    }
    double sum = 0;
    int best = -1;
    double bestStat = -1;
    for (int k = 1; k < n; k++) {
      sum += x[lo + k - 1];
      if (k < minLeft || n - k < minRight) {
        continue;
      }
      double stat = Math.abs(sum - (double) k / n * total);
      if (stat > bestStat) {
        bestStat = stat;
        best = k;
      }
    }
    if (best < 0) {
      return;
    }
    double before = mean(x, lo, lo + best);
    double after = mean(x, lo + best, hi);
    if (Math.abs(after - before) < minShift) {
      return;
    }
    found.add(lo + best);
    split(x, lo, lo + best, minShift, minAfter, maxPoints, found);
    split(x, lo + best, hi, minShift, minAfter, maxPoints, found);
  }

  static double mean(double[] x, int from, int to) {
    double s = 0;
    for (int i = from; i < to; i++) {
      s += x[i];
    }
    return to > from ? s / (to - from) : Double.NaN;
  }
}
