package io.headroom.analyzer.oracle;

import io.headroom.analyzer.oracle.Mva.Solution;
import io.headroom.analyzer.oracle.Mva.Station;
import java.util.List;

/**
 * The exact solution of the same closed network as Mva, from its product form (Buzen's
 * convolution, with the load-dependent stations' marginals as in Bolch et al. section 8.1.2),
 * computed in logarithms so that it stays exact where load-dependent MVA is not.
 *
 * <p>Why not MVA alone: MVA's multi-server step gets P(0) by subtraction, and the error is
 * multiplied by X D / j on every step of p(j|n) = X D / min(j,c) p(j-1|n-1): at N = 2,048 with
 * c = 128 at the knee its throughput came out at 671/s where the exact one is 1,263/s (MvaTest
 * keeps the case). Here every quantity is a sum of positive terms:
 * <pre>
 *   G(n) = sum over the states of prod_k f_k(n_k),  f_k(j) = D_k^j / prod_{i<=j} a_k(i)
 *          a_k(i) = 1 (a queue), min(i, c_k) (c servers), i (a delay)
 *   X(n) = G(n-1) / G(n)
 *   queue:     Q_k(n) = sum_{j=1..n} D_k^j G(n-j) / G(n)
 *   c servers: p_k(j|n) = f_k(j) G_-k(n-j) / G(n), G_-k the network without station k
 *   R_k = Q_k / X, U_k = X D_k / c_k, P_k(0) = p_k(0|n) (1 - U_k for a queue)
 * </pre>
 * G(n) spans thousands of decades at n = 2,048 (and the partial networks of the convolution drift
 * further still: a first attempt that kept G scaled by an approximate throughput underflowed
 * there with eight 128-server drives), so each G is kept as its logarithm and every sum is
 * taken as a log-sum-exp. Convolving a queue costs O(N), a c-server station O(N c) (its states
 * from c on form a geometric tail, summed by one recursion), so a network up to N costs
 * O(N (K + sum of c)) per vector, and one vector more per distinct multi-server station
 * (identical stations, such as an array's equal nodes, share theirs).
 */
final class ProductForm {
  private final List<Station> stations;
  private final int max;
  /** log G(0..max) of the network. */
  private final double[] full;
  /** log G(0..max) without station k, for each multi-server station k (null for the others). */
  private final double[][] without;

  ProductForm(List<Station> stations, int maxPopulation) {
    this.stations = List.copyOf(stations);
    this.max = maxPopulation;
    this.full = convolve(-1);
    this.without = new double[stations.size()][];
    for (int k = 0; k < stations.size(); k++) {
      Station s = stations.get(k);
      if (s.servers() > 1) {
        for (int e = 0; e < k && without[k] == null; e++) {
          Station o = stations.get(e);
          if (without[e] != null && o.demand() == s.demand() && o.servers() == s.servers()) {
            without[k] = without[e];
          }
        }
        if (without[k] == null) {
          without[k] = convolve(k);
        }
      }
    }
  }

  /** The network at population n (1..maxPopulation). */
  Solution at(int n) {
    if (n < 1 || n > max) {
      throw new IllegalArgumentException("population " + n + " outside 1.." + max);
    }
    double xn = Math.exp(full[n - 1] - full[n]);
    int k = stations.size();
    double[] r = new double[k];
    double[] q = new double[k];
    double[] u = new double[k];
    double[] p0 = new double[k];
    for (int i = 0; i < k; i++) {
      Station s = stations.get(i);
      if (s.delay()) {
        q[i] = xn * s.demand();
        u[i] = q[i];
        p0[i] = Double.NaN;
      } else if (s.servers() == 1) {
        double logD = Math.log(s.demand());
        double sum = 0;
        for (int j = 1; j <= n; j++) {
          sum += Math.exp(j * logD + full[n - j] - full[n]);
        }
        q[i] = sum;
        u[i] = xn * s.demand();
        p0[i] = Math.max(0, 1 - u[i]);
      } else {
        double[] p = distribution(i, n);
        double mean = 0;
        for (int j = 1; j <= n; j++) {
          mean += j * p[j];
        }
        q[i] = mean;
        u[i] = xn * s.demand() / s.servers();
        p0[i] = p[0];
      }
      r[i] = q[i] / xn;
    }
    return new Solution(n, xn, r, q, u, p0);
  }

  /** p(j|n), j = 0..n, of a multi-server station. */
  double[] distribution(int station, int n) {
    Station s = stations.get(station);
    double[] w = without[station];
    if (w == null) {
      throw new IllegalArgumentException(s.name() + " is not a multi-server station");
    }
    double[] p = new double[n + 1];
    double logF = 0;
    double logD = Math.log(s.demand());
    for (int j = 0; j <= n; j++) {
      if (j > 0) {
        logF += logD - Math.log(Math.min(j, s.servers()));
      }
      p[j] = Math.exp(logF + w[n - j] - full[n]);
    }
    return p;
  }

  /** log G(0..max) of the network, leaving out station `skip` (-1: none). */
  private double[] convolve(int skip) {
    double[] g = new double[max + 1];
    java.util.Arrays.fill(g, Double.NEGATIVE_INFINITY);
    g[0] = 0;
    // delays first: together they are one delay of the summed demand, and convolving it into the
    // empty network leaves only its own term, f(n) = Z^n / n!
    double z = 0;
    for (int k = 0; k < stations.size(); k++) {
      if (k != skip && stations.get(k).delay()) {
        z += stations.get(k).demand();
      }
    }
    if (z > 0) {
      for (int n = 1; n <= max; n++) {
        g[n] = g[n - 1] + Math.log(z / n);
      }
    }
    for (int k = 0; k < stations.size(); k++) {
      Station s = stations.get(k);
      if (k != skip && !s.delay() && s.demand() > 0) {
        g = s.servers() == 1 ? queue(g, s.demand()) : multiServer(g, s.demand(), s.servers());
      }
    }
    return g;
  }

  /** G'(n) = G(n) + D G'(n-1). */
  private double[] queue(double[] g, double d) {
    double logD = Math.log(d);
    double[] out = new double[max + 1];
    out[0] = g[0];
    for (int n = 1; n <= max; n++) {
      out[n] = plus(g[n], logD + out[n - 1]);
    }
    return out;
  }

  /**
   * G'(n) = sum_j f(j) G(n-j) with f(j) = D^j / prod min(i, c): the states below c term by term,
   * the rest by H(n) = D/c (f(c-1) G(n-c) + H(n-1)), since f(j) = f(c-1) (D/c)^(j-c+1) from c on.
   */
  private double[] multiServer(double[] g, double d, int c) {
    double logD = Math.log(d);
    double[] logF = new double[c];
    for (int j = 1; j < c; j++) {
      logF[j] = logF[j - 1] + logD - Math.log(j);
    }
    double logDc = logD - Math.log(c);
    double[] out = new double[max + 1];
    double tail = Double.NEGATIVE_INFINITY;
    double[] terms = new double[c];
    for (int n = 0; n <= max; n++) {
      int top = Math.min(n, c - 1);
      double most = Double.NEGATIVE_INFINITY;
      for (int j = 0; j <= top; j++) {
        terms[j] = logF[j] + g[n - j];
        most = Math.max(most, terms[j]);
      }
      if (n >= c) {
        tail = logDc + plus(logF[c - 1] + g[n - c], tail);
        most = Math.max(most, tail);
      }
      if (most == Double.NEGATIVE_INFINITY) {
        out[n] = most;
        continue;
      }
      double sum = n >= c ? Math.exp(tail - most) : 0;
      for (int j = 0; j <= top; j++) {
        sum += Math.exp(terms[j] - most);
      }
      out[n] = most + Math.log(sum);
    }
    return out;
  }

  /** log(e^a + e^b). */
  private static double plus(double a, double b) {
    double hi = Math.max(a, b);
    if (hi == Double.NEGATIVE_INFINITY) {
      return hi;
    }
    return hi + Math.log1p(Math.exp(Math.min(a, b) - hi));
  }
}
