package io.headroom.analyzer.compare;

import java.util.Arrays;

/**
 * The Mann-Whitney U test (Wilcoxon rank-sum), two-sided, as benchstat uses it to tell a change
 * from run-to-run noise: it asks only whether one side's readings tend to be larger than the
 * other's, so a few outliers or a skewed distribution do not fake a change. Small samples (ties
 * included) get the exact distribution of the rank sum; larger ones the normal approximation with
 * tie and continuity correction.
 */
public final class MannWhitney {
  /** The significance level: a p-value below it is a change, at or above it noise ("~"). */
  public static final double ALPHA = 0.05;
  /** Up to this many readings in all p is exact: the counting table stays small (51 x 2,551). */
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
    double u = r.doubledSumOfFirst / 2.0 - n1 * (n1 + 1) / 2.0;
    if (n1 + n2 <= EXACT_MAX) {
      return new Result(u, exactP(r.doubled, n1, r.doubledSumOfFirst), true);
    }
    return new Result(u, normalP(n1, n2, u, r.tieTerm), false);
  }

  /**
   * Two-sided: of the C(N, n1) equally likely ways to draw the first sample's n1 mid-ranks from
   * the pooled ones, twice the share whose sum lies as far out as the observed sum or further on
   * its side. Ties are counted as they are (their mid-ranks), so p stays exact with them.
   */
  static double exactP(int[] doubledRanks, int n1, int observed) {
    double[] counts = sumCounts(doubledRanks, n1);
    double total = 0;
    double below = 0;
    double above = 0;
    for (int sum = 0; sum < counts.length; sum++) {
      total += counts[sum];
      below += sum <= observed ? counts[sum] : 0;
      above += sum >= observed ? counts[sum] : 0;
    }
    return Math.min(1.0, 2 * Math.min(below, above) / total);
  }

  /**
   * How many ways there are to choose k of the pooled readings for each sum of their doubled
   * mid-ranks (doubled, so a tie's half rank is an integer): the subset-sum count, one reading
   * at a time, each either left out or taken as one of the k.
   */
  static double[] sumCounts(int[] doubledRanks, int k) {
    int max = 0;
    for (int r : doubledRanks) {
      max += r;
    }
    double[][] ways = new double[k + 1][max + 1];
    ways[0][0] = 1;
    int reach = 0;
    for (int r : doubledRanks) {
      reach += r;
      for (int taken = k; taken >= 1; taken--) {
        for (int sum = reach; sum >= r; sum--) {
          ways[taken][sum] += ways[taken - 1][sum - r];
        }
      }
    }
    return ways[k];
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

  /**
   * Mid-ranks of the pooled readings, doubled so they are integers (a reading tied over ranks
   * i..j gets i + j): each reading's, the first sample's sum, and the tie term T.
   */
  private record Ranks(int[] doubled, int doubledSumOfFirst, double tieTerm) {
    static Ranks of(double[] a, double[] b) {
      int n = a.length + b.length;
      double[] values = new double[n];
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        values[i] = i < a.length ? a[i] : b[i - a.length];
        order[i] = i;
      }
      Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
      int[] doubled = new int[n];
      int sum = 0;
      double tieTerm = 0;
      int i = 0;
      while (i < n) {
        int j = i;
        while (j + 1 < n && values[order[j + 1]] == values[order[i]]) {
          j++;
        }
        // ranks i+1 .. j+1 shared: the mid-rank (i + j) / 2 + 1, doubled
        int midRank2 = i + j + 2;
        for (int k = i; k <= j; k++) {
          doubled[order[k]] = midRank2;
          if (order[k] < a.length) {
            sum += midRank2;
          }
        }
        double t = j - i + 1;
        tieTerm += t * t * t - t;
        i = j + 1;
      }
      return new Ranks(doubled, sum, tieTerm);
    }
  }
}
