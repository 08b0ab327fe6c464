package io.headroom.analyzer.oracle;

import java.util.List;

/**
 * Exact Mean Value Analysis of a single-class closed queueing network (Reiser and Lavenberg 1980;
 * Bolch et al., "Queueing Networks and Markov Chains", 2nd ed., section 8.1). A station is a
 * queue (one server, load-independent), a multi-server queue (c servers, load-dependent with the
 * rate multiplier min(j, c) when j customers are there) or a delay (infinite servers: the think
 * time Z, a fixed latency). Its demand D is the seconds of service one customer's cycle (one
 * I/O) asks of it, visits included.
 *
 * <p>For n = 1..N, from the solution at n - 1:
 * <pre>
 *   queue:  R(n) = D (1 + Q(n-1))
 *   c servers: R(n) = D/c (1 + Q(n-1) + sum_{j=0}^{c-2} (c-1-j) p(j|n-1))
 *   delay:  R(n) = D
 *   X(n) = n / sum_k R_k(n)                     (Little's law on the whole cycle)
 *   Q_k(n) = X(n) R_k(n)                        (Little's law on the station)
 *   c servers: p(j|n) = X(n) D / min(j,c) p(j-1|n-1), j = 1..n
 *              p(0|n) = 1 - (X(n) D + sum_{j=1}^{c-1} (c-j) p(j|n)) / c
 * </pre>
 * The multi-server R(n) is the load-dependent MVA's sum_j j D/min(j,c) p(j-1|n-1) rewritten with
 * sum_j p = 1 and sum_j j p = Q, so only the states below c are summed. p(0|n) comes from the
 * utilisation, sum_j min(j,c) p(j|n) = X D (clamped at 0).
 *
 * <p>Exact and stable for queues and delays; with multi-server stations that cancellation in p(0)
 * is amplified by X D / j at every step, and at large populations near saturation the result is
 * wrong (MvaTest keeps a case off by half). The oracle therefore solves its networks with
 * ProductForm; this class is the textbook recursion beside it, and MvaTest's hand-checked cases
 * hold for both.
 */
final class Mva {
  /** A station: its demand per cycle (s) and its servers (1 a queue, 0 a delay). */
  record Station(String name, double demand, int servers) {
    static final int DELAY = 0;

    Station {
      if (!(demand >= 0) || servers < 0) {
        throw new IllegalArgumentException(name + ": demand " + demand + ", servers " + servers);
      }
    }

    boolean delay() {
      return servers == DELAY;
    }

    /** The throughput it allows at most: c / D (infinite for a delay or no demand). */
    double bound() {
      return delay() || demand == 0 ? Double.POSITIVE_INFINITY : servers / demand;
    }
  }

  /**
   * The network at one population.
   *
   * @param x throughput (cycles per second)
   * @param r residence time per cycle at each station (s), visits included
   * @param q mean customers at each station
   * @param u utilisation of each station's servers, X D / c (delay: X D, its mean customers)
   * @param p0 probability that the station is empty (for busy time = 1 - p0)
   */
  record Solution(int n, double x, double[] r, double[] q, double[] u, double[] p0) {
    double cycle() {
      double sum = 0;
      for (double v : r) {
        sum += v;
      }
      return sum;
    }
  }

  private final List<Station> stations;
  /** p[k][j] = p_k(j | n) for multi-server stations, the marginal distribution kept in full. */
  private final double[][] p;
  private final double[] q;
  private final double[] p0;
  private int n;

  Mva(List<Station> stations, int maxPopulation) {
    this.stations = List.copyOf(stations);
    int k = stations.size();
    this.p = new double[k][];
    this.q = new double[k];
    this.p0 = new double[k];
    for (int i = 0; i < k; i++) {
      p0[i] = 1;
      if (stations.get(i).servers() > 1) {
        p[i] = new double[maxPopulation + 1];
        p[i][0] = 1;
      }
    }
  }

  /** Solves for every population 1..N and returns each (index n - 1). */
  static Solution[] solve(List<Station> stations, int population) {
    Mva mva = new Mva(stations, population);
    Solution[] all = new Solution[population];
    for (int i = 0; i < population; i++) {
      all[i] = mva.step();
    }
    return all;
  }

  /** The network at one population. */
  static Solution at(List<Station> stations, int population) {
    return solve(stations, population)[population - 1];
  }

  /** One more customer: the solution at n + 1 from that at n. */
  Solution step() {
    int k = stations.size();
    double[] r = new double[k];
    double total = 0;
    for (int i = 0; i < k; i++) {
      Station s = stations.get(i);
      int c = s.servers();
      if (s.delay()) {
        r[i] = s.demand();
      } else if (c == 1) {
        r[i] = s.demand() * (1 + q[i]);
      } else {
        double idle = 0;
        for (int j = 0; j <= Math.min(c - 2, n); j++) {
          idle += (c - 1 - j) * p[i][j];
        }
        r[i] = s.demand() / c * (1 + q[i] + idle);
      }
      total += r[i];
    }
    n++;
    double x = n / total;
    double[] u = new double[k];
    for (int i = 0; i < k; i++) {
      Station s = stations.get(i);
      int c = s.servers();
      q[i] = x * r[i];
      u[i] = s.delay() ? x * s.demand() : x * s.demand() / c;
      if (s.delay()) {
        p0[i] = Double.NaN;
      } else if (c == 1) {
        p0[i] = Math.max(0, 1 - u[i]);
      } else {
        double[] pi = p[i];
        double xd = x * s.demand();
        // downwards, so p(j-1|n-1) is read before it is overwritten with p(j-1|n)
        for (int j = n; j >= 1; j--) {
          pi[j] = xd / Math.min(j, c) * pi[j - 1];
        }
        double short_ = 0;
        for (int j = 1; j <= Math.min(c - 1, n); j++) {
          short_ += (c - j) * pi[j];
        }
        pi[0] = Math.max(0, 1 - (xd + short_) / c);
        p0[i] = pi[0];
      }
    }
    return new Solution(n, x, r, q.clone(), u, p0.clone());
  }
}
