package io.headroom.analyzer.compare;

import io.headroom.analyzer.data.Stats;

/**
 * The test across runs when a side has several: each run's mean is one observation, as benchstat
 * counts a benchmark run. Welch's t-test on the run means rather than benchstat's Mann-Whitney:
 * with three runs a side the smallest two-sided Mann-Whitney p is 2 / C(6, 3) = 0.1, so it could
 * never call a change at 0.05, while the t-test can, taking run means to scatter normally (a mean
 * of many seconds does, by the central limit theorem).
 */
public final class AcrossRuns {
  /** z for a two-sided 5% test plus z for 80% power: 1.96 + 0.84. */
  static final double Z_SUM = 1.959964 + 0.841621;

  private AcrossRuns() {}

  /** The sample standard deviation (n - 1); NaN with fewer than two. */
  public static double sd(double[] v) {
    if (v.length < 2) {
      return Double.NaN;
    }
    double m = Stats.mean(v);
    double ss = 0;
    for (double x : v) {
      ss += (x - m) * (x - m);
    }
    return Math.sqrt(ss / (v.length - 1));
  }

  /**
   * Welch's two-sided p for the means of a and b; NaN with fewer than two a side. Both sides
   * without spread: 1 when the means are equal, else 0 (every run said the same).
   */
  public static double welchP(double[] a, double[] b) {
    if (a.length < 2 || b.length < 2) {
      return Double.NaN;
    }
    double va = sq(sd(a)) / a.length;
    double vb = sq(sd(b)) / b.length;
    double diff = Stats.mean(b) - Stats.mean(a);
    if (va + vb == 0) {
      return diff == 0 ? 1.0 : 0.0;
    }
    double t = diff / Math.sqrt(va + vb);
    // Welch-Satterthwaite degrees of freedom
    double df = sq(va + vb) / (sq(va) / (a.length - 1) + sq(vb) / (b.length - 1));
    return studentP(t, df);
  }

  /** Two-sided p of Student's t with df degrees of freedom: I_{df / (df + t^2)}(df / 2, 1 / 2). */
  static double studentP(double t, double df) {
    return Math.min(1.0, regularizedBeta(df / (df + t * t), df / 2, 0.5));
  }

  /**
   * Runs a side for a two-sided 5% test to find a change of {@code delta} with 80% power when
   * run means scatter with standard deviation {@code sd}: 2 (z_0.975 + z_0.8)^2 sd^2 / delta^2,
   * rounded up, at least 2. Null when there is no change to find.
   */
  public static Integer runsNeeded(double sd, double delta) {
    if (!(Math.abs(delta) > 0) || Double.isNaN(sd)) {
      return null;
    }
    double n = 2 * sq(Z_SUM) * sq(sd) / sq(delta);
    return (int) Math.max(2, Math.ceil(n - 1e-9));
  }

  /** The regularized incomplete beta function I_x(a, b), by the continued fraction of Numerical Recipes (betai). */
  static double regularizedBeta(double x, double a, double b) {
    if (x <= 0) {
      return 0;
    }
    if (x >= 1) {
      return 1;
    }
    double front = Math.exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * Math.log(x) + b * Math.log(1 - x));
    if (x < (a + 1) / (a + b + 2)) {
      return front * betaFraction(x, a, b) / a;
    }
    return 1 - front * betaFraction(1 - x, b, a) / b;
  }

  private static double betaFraction(double x, double a, double b) {
    double tiny = 1e-300;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 300; m++) {
      int m2 = 2 * m;
      double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 + aa * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + aa / c;
      c = Math.abs(c) < tiny ? tiny : c;
      h *= d * c;
      aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 + aa * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + aa / c;
      c = Math.abs(c) < tiny ? tiny : c;
      double del = d * c;
      h *= del;
      if (Math.abs(del - 1) < 1e-15) {
        break;
      }
    }
    return h;
  }

  /** ln Gamma by the Lanczos approximation (g = 7, 9 terms): 15 significant digits for x > 0. */
  static double lgamma(double x) {
    double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7};
    if (x < 0.5) {
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lgamma(1 - x);
    }
    x -= 1;
    double s = c[0];
    for (int i = 1; i < 9; i++) {
      s += c[i] / (x + i);
    }
    double t = x + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(s);
  }

  private static double sq(double x) {
    return x * x;
  }
}
