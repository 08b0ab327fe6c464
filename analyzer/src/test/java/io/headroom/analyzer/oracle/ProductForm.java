package io.headroom.analyzer.oracle;

import io.headroom.analyzer.oracle.Mva.Solution;
import io.headroom.analyzer.oracle.Mva.Station;
import java.util.ArrayList;
import java.util.List;

/**
 * The exact solution of the same closed network as Mva, from its product form (Buzen's
 * convolution, with the load-dependent stations' marginals as in Bolch et al. section 8.1.2),
 * in a normalised form that stays stable where load-dependent MVA is not.
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
 * G(n) spans hundreds of decades at n = 2,048, so each G is kept as g(n) = G(n) x_1 ... x_n with
 * x_i close to X(i) (the throughput of the network with each c-server station replaced by a
 * queue of demand D/c and a delay of D (c-1)/c, Seidmann's approximation, solved by Mva without
 * load-dependent stations, where it is stable): g stays within a few tens of decades, and one
 * scale factor per vector (its logarithm kept aside) takes up the rest. Convolving a queue costs
 * O(N), a c-server station O(N c) (the tail beyond c is geometric), so a network up to N costs
 * O(N (K + sum of c)) per vector, and one vector more per multi-server station.
 */
final class ProductForm {
  private static final double RESCALE = 1e200;

  private final List<Station> stations;
  private final int max;
  /** x[i], i = 1..max: the scaling sequence. */
  private final double[] x;
  private final Vector full;
  /** The network without station k, for each multi-server station k (null for the others). */
  private final Vector[] without;

  /** A normalising-constant vector: G(n) = g[n] exp(logScale) / (x_1 ... x_n). */
  private record Vector(double[] g, double logScale) {}

  ProductForm(List<Station> stations, int maxPopulation) {
    this.stations = List.copyOf(stations);
    this.max = maxPopulation;
    this.x = scaling(stations, maxPopulation);
    this.full = convolve(-1);
    this.without = new Vector[stations.size()];
    for (int k = 0; k < stations.size(); k++) {
      if (stations.get(k).servers() > 1) {
        without[k] = convolve(k);
      }
    }
  }

  /** The network at population n (1..maxPopulation). */
  Solution at(int n) {
    if (n < 1 || n > max) {
      throw new IllegalArgumentException("population " + n + " outside 1.." + max);
    }
    double[] g = full.g();
    double xn = g[n - 1] / g[n] * x[n];
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
        // sum_j D^j G(n-j)/G(n) = sum_j (D x_n ... x_{n-j+1}) g(n-j)/g(n)
        double term = 1;
        double sum = 0;
        for (int j = 1; j <= n; j++) {
          term *= s.demand() * x[n - j + 1];
          sum += term * g[n - j];
        }
        q[i] = sum / g[n];
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
    Vector w = without[station];
    if (w == null) {
      throw new IllegalArgumentException(s.name() + " is not a multi-server station");
    }
    double ratio = Math.exp(w.logScale() - full.logScale()) / full.g()[n];
    double[] p = new double[n + 1];
    double t = 1;
    for (int j = 0; j <= n; j++) {
      if (j > 0) {
        t *= s.demand() * x[n - j + 1] / Math.min(j, s.servers());
      }
      p[j] = t * w.g()[n - j] * ratio;
    }
    return p;
  }

  /** The network's g(0..max), leaving out station `skip` (-1: none). */
  private Vector convolve(int skip) {
    double[] g = new double[max + 1];
    g[0] = 1;
    double logScale = 0;
    // delays first: together they are one delay of the summed demand, and convolving it into the
    // empty network leaves only its own term, f(n) x_1..x_n = prod_i (Z x_i / i)
    double z = 0;
    for (int k = 0; k < stations.size(); k++) {
      if (k != skip && stations.get(k).delay()) {
        z += stations.get(k).demand();
      }
    }
    if (z > 0) {
      for (int n = 1; n <= max; n++) {
        g[n] = g[n - 1] * z * x[n] / n;
      }
    } else {
      java.util.Arrays.fill(g, 1, max + 1, 0.0);
    }
    for (int k = 0; k < stations.size(); k++) {
      Station s = stations.get(k);
      if (k == skip || s.delay()) {
        continue;
      }
      g = s.servers() == 1 ? queue(g, s.demand()) : multiServer(g, s.demand(), s.servers());
      double top = 0;
      for (double v : g) {
        top = Math.max(top, v);
      }
      if (top > RESCALE || top < 1 / RESCALE) {
        for (int n = 0; n <= max; n++) {
          g[n] /= top;
        }
        logScale += Math.log(top);
      }
    }
    return new Vector(g, logScale);
  }

  /** G'(n) = G(n) + D G'(n-1), scaled: g'(n) = g(n) + D x_n g'(n-1). */
  private double[] queue(double[] g, double d) {
    double[] out = new double[max + 1];
    out[0] = g[0];
    for (int n = 1; n <= max; n++) {
      out[n] = g[n] + d * x[n] * out[n - 1];
    }
    return out;
  }

  /**
   * G'(n) = sum_j f(j) G(n-j) with f(j) = D^j / prod min(i, c): the states below c term by term,
   * the rest by H(n) = D/c (f(c-1) G(n-c) + H(n-1)), since f(j) = f(c-1) (D/c)^(j-c+1) from c on.
   */
  private double[] multiServer(double[] g, double d, int c) {
    double[] out = new double[max + 1];
    double tail = 0;
    double lastBelowC = 0; // f(c-1) x_{n-1} ... x_{n-c+1}: the head's last term at n - 1
    for (int n = 0; n <= max; n++) {
      double t = 1;
      double head = g[n];
      int top = Math.min(n, c - 1);
      for (int j = 1; j <= top; j++) {
        t *= d * x[n - j + 1] / j;
        head += t * g[n - j];
      }
      if (n >= c) {
        tail = d / c * x[n] * (lastBelowC * g[n - c] + tail);
      }
      if (top == c - 1) {
        lastBelowC = t;
      }
      out[n] = head + tail;
    }
    return out;
  }

  /** x_i: Seidmann's approximation's throughput, from Mva on queues and delays only. */
  private static double[] scaling(List<Station> stations, int max) {
    List<Station> approx = new ArrayList<>();
    for (Station s : stations) {
      if (s.servers() > 1) {
        approx.add(new Station(s.name(), s.demand() / s.servers(), 1));
        approx.add(new Station(s.name() + " (delay)", s.demand() * (s.servers() - 1) / s.servers(), Station.DELAY));
      } else {
        approx.add(s);
      }
    }
    Solution[] all = Mva.solve(approx, max);
    double[] x = new double[max + 1];
    for (int i = 1; i <= max; i++) {
      x[i] = all[i - 1].x();
      if (!(x[i] > 0) || Double.isInfinite(x[i])) {
        throw new IllegalArgumentException("no throughput at " + i + ": every demand zero?");
      }
    }
    return x;
  }
}
