package io.headroom.analyzer.compare;

import java.util.Arrays;

/**
 * The Mann-Whitney U test (Wilcoxon rank-sum), two-sided, as benchstat uses it to tell a change
 * from run-to-run noise: it asks only whether one side's readings tend to be larger than the
 * other's, so a few outliers or a skewed distribution do not fake a change. Small samples without
 * ties get the exact distribution of U; larger ones or ties the normal approximation with tie
 * and continuity correction.
 */
public final class MannWhitney {
  /** The significance level: a p-value below it is a change, at or above it noise ("~"). */
  public static final double ALPHA = 0.05;
  /** Up to this many readings in all (and no ties) p is exact: the counting table stays small. */
  static final int EXACT_MAX = 50;

  private MannWhitney() {}

  /**
   * @param u the U of the first sample: pairs (a, b) with a above b, ties counting one half
   * @param pValue two-sided; NaN when a side has no readings
   * @param exact true when p comes from the exact distribution of U
   */
  public record Result(double u, double pValue, boolean exact) {
    public boolean significant() {
      return MannWhitney.significant(pValue, ALPHA);
    }
  }

  /** True when p is below alpha; NaN (nothing to test) never is. */
  public static boolean significant(double p, double alpha) {
    return p < alpha;
  }

  public static Result test(double[] a, double[] b) {
    int n1 = a.length;
    int n2 = b.length;
    if (n1 == 0 || n2 == 0) {
      return new Result(Double.NaN, Double.NaN, false);
    }
    Ranks r = Ranks.of(a, b);
    double u = r.sumOfFirst - n1 * (n1 + 1) / 2.0;
    if (r.tieTerm == 0 && n1 + n2 <= EXACT_MAX) {
      return new Result(u, exactP(n1, n2, u), true);
    }
    return new Result(u, normalP(n1, n2, u, r.tieTerm), false);
  }

  /** Two-sided: twice the tail beyond the observed U, from the count of orderings giving each U. */
  static double exactP(int n1, int n2, double u) {
    double tail = Math.min(u, (double) n1 * n2 - u);
    double[] counts = uCounts(n1, n2);
    double total = 0;
    double below = 0;
    for (int k = 0; k < counts.length; k++) {
      total += counts[k];
      if (k <= tail) {
        below += counts[k];
      }
    }
    return Math.min(1.0, 2 * below / total);
  }

  /**
   * How many of the C(n1+n2, n1) orderings give each U = 0..n1*n2: the largest value overall is
   * either from the first sample (each of its others' n2 below it adds n2 to U) or from the
   * second, so f(i, j) = f(i-1, j) shifted by j, plus f(i, j-1).
   */
  static double[] uCounts(int n1, int n2) {
    int max = n1 * n2;
    double[][] row = new double[n2 + 1][];
    for (int j = 0; j <= n2; j++) {
      row[j] = new double[max + 1];
      row[j][0] = 1;
    }
    for (int i = 1; i <= n1; i++) {
      double[][] next = new double[n2 + 1][max + 1];
      next[0][0] = 1;
      for (int j = 1; j <= n2; j++) {
        for (int k = 0; k <= max; k++) {
          double fromFirst = k >= j ? row[j][k - j] : 0;
          next[j][k] = fromFirst + next[j - 1][k];
        }
      }
      row = next;
    }
    return row[n2];
  }

  /**
   * Normal approximation: U has mean n1 n2 / 2 and variance n1 n2 / 12 x ((N + 1) - T / (N (N - 1)))
   * with T the sum of t^3 - t over groups of t tied readings; half a unit of continuity correction
   * toward the mean. All readings equal (no variance): nothing differs, p = 1.
   */
  static double normalP(int n1, int n2, double u, double tieTerm) {
    double n = n1 + n2;
    double mean = n1 * (double) n2 / 2;
    double variance = n1 * (double) n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)));
    if (variance <= 0) {
      return 1.0;
    }
    double diff = u - mean;
    double corrected = Math.max(0, Math.abs(diff) - 0.5);
    double z = corrected / Math.sqrt(variance);
    return Math.min(1.0, erfc(z / Math.sqrt(2)));
  }

  /**
   * The complementary error function, by the Chebyshev fit of Numerical Recipes (erfcc):
   * fractional error below 1.2e-7 everywhere, ample for a p-value compared with 0.05.
   * Two-sided normal p for |z| is erfc(|z| / sqrt 2).
   */
  static double erfc(double x) {
    double z = Math.abs(x);
    double t = 1 / (1 + 0.5 * z);
    double ans = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
        + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
        + t * (-0.82215223 + t * 0.17087277)))))))));
    return x >= 0 ? ans : 2 - ans;
  }

  /** Mid-ranks of the pooled readings: the first sample's rank sum and the tie term T. */
  private record Ranks(double sumOfFirst, double tieTerm) {
    static Ranks of(double[] a, double[] b) {
      int n = a.length + b.length;
      double[] values = new double[n];
      boolean[] first = new boolean[n];
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        values[i] = i < a.length ? a[i] : b[i - a.length];
        first[i] = i < a.length;
        order[i] = i;
      }
      Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
      double sum = 0;
      double tieTerm = 0;
      int i = 0;
      while (i < n) {
        int j = i;
        while (j + 1 < n && values[order[j + 1]] == values[order[i]]) {
          j++;
        }
        double midRank = (i + j) / 2.0 + 1;
        for (int k = i; k <= j; k++) {
          if (first[order[k]]) {
            sum += midRank;
          }
        }
        double t = j - i + 1;
        tieTerm += t * t * t - t;
        i = j + 1;
      }
      return new Ranks(sum, tieTerm);
    }
  }
}
