package io.headroom.analyzer.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.oracle.Mva.Solution;
import io.headroom.analyzer.oracle.Mva.Station;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Mva against results a reader can check by hand, and against the exact product-form solution. */
class MvaTest {
  private static final double EXACT = 1e-12;

  @Test
  void oneQueueWithoutThinkTimeRunsAtItsServiceRate() {
    // every customer is at the one station: X = 1 / D = 1 / 0.01 = 100/s whatever N, R = N D, Q = N
    for (int n : new int[] {1, 5, 64}) {
      for (Solution s : both(List.of(new Station("disk", 0.01, 1)), n)) {
      assertEquals(100, s.x(), EXACT * 100, "X at N=" + n);
      assertEquals(n * 0.01, s.r()[0], EXACT, "R at N=" + n);
      assertEquals(n, s.q()[0], EXACT * n, "Q at N=" + n);
      assertEquals(0, s.p0()[0], EXACT, "never empty at N=" + n);
      }
    }
  }

  @Test
  void machineRepairmanWithTwoCustomers() {
    // D = 1, Z = 2. N=1: R = 1, X = 1/(1+2) = 1/3, Q = 1/3.
    // N=2: R = 1 x (1 + 1/3) = 4/3, X = 2 / (4/3 + 2) = 0.6, Q = 0.6 x 4/3 = 0.8, U = 0.6, P(0) = 0.4.
    // The birth-death chain agrees: P(j) ~ 2!/(2-j)! (D/Z)^j = 1, 1, 0.5; / 2.5 = 0.4, 0.4, 0.2,
    // so U = 0.6 and Q = 0.4 + 2 x 0.2 = 0.8.
    List<Station> net = List.of(new Station("cpu", 1, 1), new Station("think", 2, Station.DELAY));
    for (Solution one : both(net, 1)) {
      assertEquals(1.0 / 3, one.x(), EXACT);
      assertEquals(1.0 / 3, one.q()[0], EXACT);
    }
    for (Solution two : both(net, 2)) {
      assertEquals(0.6, two.x(), EXACT);
      assertEquals(4.0 / 3, two.r()[0], EXACT);
      assertEquals(0.8, two.q()[0], EXACT);
      assertEquals(0.6, two.u()[0], EXACT);
      assertEquals(0.4, two.p0()[0], EXACT);
    }
  }

  @Test
  void twoQueuesInSeries() {
    // D1 = 1, D2 = 2. N=1: R = (1, 2), X = 1/3, Q = (1/3, 2/3).
    // N=2: R1 = 1 x 4/3, R2 = 2 x 5/3 = 10/3, X = 2 / (14/3) = 3/7, Q = (4/7, 10/7).
    // Product form: states (2,0), (1,1), (0,2) weigh 1, 2, 4 (D1^j D2^(2-j)), G = 7:
    // Q1 = (2 x 1 + 1 x 2) / 7 = 4/7, X = G(1)/G(2) = 3/7.
    for (Solution s : both(List.of(new Station("a", 1, 1), new Station("b", 2, 1)), 2)) {
    assertEquals(3.0 / 7, s.x(), EXACT);
    assertEquals(4.0 / 3, s.r()[0], EXACT);
    assertEquals(10.0 / 3, s.r()[1], EXACT);
    assertEquals(4.0 / 7, s.q()[0], EXACT);
    assertEquals(10.0 / 7, s.q()[1], EXACT);
    assertEquals(1 - 3.0 / 7, s.p0()[0], EXACT, "P(0) = 1 - U = 1 - X D1");
    }
  }

  @Test
  void aMultiServerStationWithAServerForEveryCustomerHasNoQueue() {
    // c = 8 >= N = 8: nobody waits, R = D = 4 ms; X = N / (D + Z) = 8 / 0.005 = 1,600/s
    List<Station> net = List.of(new Station("ssd", 0.004, 8), new Station("wire", 0.001, Station.DELAY));
    for (Solution s : both(net, 8)) {
      assertEquals(0.004, s.r()[0], EXACT);
      assertEquals(1600, s.x(), 1600 * EXACT);
      assertEquals(0.8, s.u()[0], EXACT, "U = X D / c = 1600 x 0.004 / 8");
    }
  }

  @Test
  void throughputStaysUnderTheAsymptoticBounds() {
    // X <= min(c/D over stations, N / (sum of D + Z)); and it reaches 99% of c/D once N is large
    List<Station> net = List.of(new Station("cpu", 20e-6, 16), new Station("port", 8e-6, 1),
        new Station("ssd", 400e-6, 32), new Station("wire", 50e-6, Station.DELAY));
    double dmax = Math.min(16 / 20e-6, Math.min(1 / 8e-6, 32 / 400e-6)); // 80,000/s, the SSD
    double total = 20e-6 + 8e-6 + 400e-6 + 50e-6;
    ProductForm exact = new ProductForm(net, 1024);
    Solution[] all = new Solution[1024];
    for (int n = 1; n <= 1024; n++) {
      all[n - 1] = exact.at(n);
    }
    for (Solution s : all) {
      double bound = Math.min(dmax, s.n() / total);
      assertTrue(s.x() <= bound * (1 + 1e-12), "N=" + s.n() + ": X " + s.x() + " above " + bound);
    }
    assertEquals(1 / total, all[0].x(), EXACT / total, "one customer: X = 1 / (sum of D)");
    assertTrue(all[1023].x() > 0.99 * dmax, "N=1024: X " + all[1023].x());
  }

  @Test
  void multiServerMatchesTheExactBirthDeathSolutionAtLargePopulations() {
    // M/M/c//N with think time: P(j) ~ D^j / prod_{i<=j} min(i,c) x Z^(N-j) / (N-j)!, summed in logs.
    // N = 2,048, c = 128 at the knee (c/D = 1,280/s = N/(D+Z)), saturated, and lightly loaded.
    double[][] cases = {{0.1, 1.5}, {0.1, 0.1}, {0.1, 20}};
    for (double[] dz : cases) {
      int n = 2048;
      int c = 128;
      List<Station> net = List.of(new Station("ssd", dz[0], c), new Station("think", dz[1], Station.DELAY));
      ProductForm exact = new ProductForm(net, n);
      Solution s = exact.at(n);
      double[] bd = birthDeath(dz[0], dz[1], c, n);
      double x = 0;
      double q = 0;
      for (int j = 0; j <= n; j++) {
        x += bd[j] * Math.min(j, c) / dz[0];
        q += j * bd[j];
      }
      String at = "D=" + dz[0] + " Z=" + dz[1];
      assertEquals(x, s.x(), x * 1e-9, at + ": X");
      assertEquals(q, s.q()[0], q * 1e-9, at + ": Q");
      assertEquals(bd[0], s.p0()[0], 1e-12, at + ": P(0)");
      double[] p = exact.distribution(0, n);
      double sum = 0;
      for (int j = 0; j <= n; j++) {
        sum += p[j];
        assertEquals(bd[j], p[j], 1e-9, at + ": P(" + j + ")");
      }
      assertEquals(1, sum, 1e-9, at + ": probabilities sum to 1");
      // Little's law at each station: Q = X R, and the whole population is somewhere
      assertEquals(s.q()[0], s.x() * s.r()[0], s.q()[0] * 1e-12, at + ": Little at the SSD");
      assertEquals(n, s.q()[0] + s.q()[1], n * 1e-9, at + ": N = sum of Q");
    }
  }

  @Test
  void loadDependentMvaIsUnstableThereWhichIsWhyTheOracleUsesTheProductForm() {
    // the knee case above: MVA's P(0) by subtraction, amplified by X D / j on every step
    List<Station> net = List.of(new Station("ssd", 0.1, 128), new Station("think", 1.5, Station.DELAY));
    double mva = Mva.at(net, 2048).x();
    double exact = new ProductForm(net, 2048).at(2048).x();
    assertTrue(Math.abs(mva / exact - 1) > 0.1, "MVA " + mva + " vs exact " + exact);
  }

  @Test
  void aMixedNetworkMatchesTheConvolutionAlgorithm() {
    // three kinds of station together, against normalising constants by plain convolution
    // (N = 40: small enough that G(n) stays within a double unscaled); MVA agrees to 1e-6 there
    List<Station> net = List.of(new Station("cpu", 0.02, 4), new Station("port", 0.01, 1),
        new Station("ssd", 0.09, 8), new Station("wire", 0.03, Station.DELAY));
    int n = 40;
    ProductForm exact = new ProductForm(net, n);
    Solution s = exact.at(n);
    Solution mva = Mva.at(net, n);
    double[] g = convolution(net, n, -1);
    assertEquals(g[n - 1] / g[n], s.x(), s.x() * 1e-12, "X = G(N-1) / G(N)");
    assertEquals(s.x(), mva.x(), s.x() * 1e-6, "MVA's X");
    double customers = 0;
    for (int k = 0; k < net.size(); k++) {
      customers += s.q()[k];
      assertEquals(s.q()[k], mva.q()[k], 1e-6, net.get(k).name() + ": MVA's Q");
      if (!net.get(k).delay()) {
        // P_k(0 | N) = G without station k, at N, over G(N)
        double p0 = convolution(net, n, k)[n] / g[n];
        assertEquals(p0, s.p0()[k], 1e-12, net.get(k).name() + ": P(0)");
      }
    }
    assertEquals(n, customers, 1e-9, "every customer is somewhere");
    double[] p = exact.distribution(2, n);
    assertEquals(1, java.util.Arrays.stream(p).sum(), 1e-12, "the SSD's probabilities sum to 1");
  }

  @Test
  void eightDrivesOfOneHundredTwentyEightServersMatchTheDirectConvolution() {
    // a local testbed's shape (8 NVMe drives of c = 128, each taking 1/8 of the I/O, a host CPU of
    // 32 cores, a delay) at N = 1,400: beyond the 1,024 drive servers, where an earlier, scaled
    // form of ProductForm underflowed; against every state summed directly in logarithms
    List<Station> net = new java.util.ArrayList<>(List.of(new Station("cpu", 2.54e-6, 32), new Station("wire", 8.8e-6, Station.DELAY)));
    for (int d = 0; d < 8; d++) {
      net.add(new Station("nvme" + d, 4.871e-5, 128));
    }
    int n = 1400;
    ProductForm exact = new ProductForm(net, n);
    double[] lg = logConvolution(net, n, -1);
    double[] lgWithoutCpu = logConvolution(net, n, 0);
    for (int m : new int[] {100, 1024, 1200, 1300, 1400}) {
      Solution s = exact.at(m);
      double x = Math.exp(lg[m - 1] - lg[m]);
      assertEquals(x, s.x(), x * 1e-9, "X at " + m);
      assertEquals(Math.exp(lgWithoutCpu[m] - lg[m]), s.p0()[0], 1e-9, "the CPU's P(0) at " + m);
      assertEquals(s.p0()[2], s.p0()[9], 1e-12, "equal drives, equal P(0) at " + m);
      double customers = 0;
      for (double q : s.q()) {
        customers += q;
      }
      assertEquals(m, customers, m * 1e-9, "every customer somewhere at " + m);
    }
  }

  /** log G(0..N) with station `without` left out (-1: none), each state summed: O(K N^2). */
  private static double[] logConvolution(List<Station> net, int n, int without) {
    double[] g = new double[n + 1];
    java.util.Arrays.fill(g, Double.NEGATIVE_INFINITY);
    g[0] = 0;
    for (int k = 0; k < net.size(); k++) {
      if (k == without) {
        continue;
      }
      Station s = net.get(k);
      double[] lf = new double[n + 1];
      for (int j = 1; j <= n; j++) {
        lf[j] = lf[j - 1] + Math.log(s.demand()) - Math.log(s.delay() ? j : Math.min(j, s.servers()));
      }
      double[] out = new double[n + 1];
      for (int m = 0; m <= n; m++) {
        double most = Double.NEGATIVE_INFINITY;
        for (int j = 0; j <= m; j++) {
          most = Math.max(most, lf[j] + g[m - j]);
        }
        double sum = 0;
        for (int j = 0; j <= m; j++) {
          sum += Math.exp(lf[j] + g[m - j] - most);
        }
        out[m] = most + Math.log(sum);
      }
      g = out;
    }
    return g;
  }

  /** The same network solved by each: MVA and the product form. */
  private static List<Solution> both(List<Station> net, int n) {
    return List.of(Mva.at(net, n), new ProductForm(net, n).at(n));
  }

  /** The exact stationary distribution of M/M/c//N with think time Z, computed in logs. */
  private static double[] birthDeath(double d, double z, int c, int n) {
    double[] log = new double[n + 1];
    double rates = 0;
    double max = Double.NEGATIVE_INFINITY;
    for (int j = 0; j <= n; j++) {
      if (j > 0) {
        rates += Math.log(Math.min(j, c));
      }
      log[j] = j * Math.log(d) - rates + (n - j) * Math.log(z) - logFactorial(n - j);
      max = Math.max(max, log[j]);
    }
    double sum = 0;
    double[] p = new double[n + 1];
    for (int j = 0; j <= n; j++) {
      p[j] = Math.exp(log[j] - max);
      sum += p[j];
    }
    for (int j = 0; j <= n; j++) {
      p[j] /= sum;
    }
    return p;
  }

  private static double logFactorial(int m) {
    double s = 0;
    for (int i = 2; i <= m; i++) {
      s += Math.log(i);
    }
    return s;
  }

  /** G(0..N) of the network, leaving station `without` out (-1: none). */
  private static double[] convolution(List<Station> net, int n, int without) {
    double[] g = new double[n + 1];
    g[0] = 1;
    for (int k = 0; k < net.size(); k++) {
      if (k == without) {
        continue;
      }
      Station s = net.get(k);
      double[] f = new double[n + 1];
      f[0] = 1;
      for (int j = 1; j <= n; j++) {
        double rate = s.delay() ? j : Math.min(j, s.servers());
        f[j] = f[j - 1] * s.demand() / rate;
      }
      double[] next = new double[n + 1];
      for (int m = 0; m <= n; m++) {
        for (int j = 0; j <= m; j++) {
          next[m] += f[j] * g[m - j];
        }
      }
      g = next;
    }
    return g;
  }
}
