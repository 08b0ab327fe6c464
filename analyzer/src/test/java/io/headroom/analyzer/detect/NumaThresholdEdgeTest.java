package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link NumaRule} at remoteAccess and socketImbalance, with thresholds set to values exact in
 * binary (0.25 and 0.5) so that a constant reading equals the threshold exactly: at it is costly,
 * just below it is not. An unpinned benchmark on a two-socket host; the sockets' remote-access
 * ratios and utilisations are the inputs.
 */
class NumaThresholdEdgeTest {
  /** Defaults, but remoteAccess 0.25 and socketImbalance 0.5. */
  private static final Thresholds T = new Thresholds(0.87, 0.95, 0.98, 0.90, 0.95, 0.90, 0.90, 0.90, 2.0, 2.0, 100.0,
      0.25, 0.5, 0.80, 0.05, 0.05, 0.50, 0.10, 1.20, 1.05, 5);

  private static Bed host(double util0, double util1, double remote0, double remote1) {
    return new Bed()
        .workload("w1", 4, 8, 10_000, 0.001)
        .entity("h1/cpu", "host_cpu")
        .entity("h1/cpu/socket0", "cpu_socket")
        .entity("h1/cpu/socket1", "cpu_socket")
        .rel("w1", "runs_on", "h1/cpu")
        .rel("h1/cpu/socket0", "on", "h1/cpu")
        .rel("h1/cpu/socket1", "on", "h1/cpu")
        .constant("h1/cpu/socket0", "util", util0)
        .constant("h1/cpu/socket1", "util", util1)
        .constant("h1/cpu/socket0", "remote_access_ratio", remote0)
        .constant("h1/cpu/socket1", "remote_access_ratio", remote1);
  }

  private static Optional<Finding> numa(Bed bed) {
    return new NumaRule().evaluate(Context.of(bed.data, null, Bed.WINDOW, T));
  }

  @Test
  void remoteAccessAtItsThresholdIsCostlyAndJustBelowIsNot() {
    // util gap 0.75 - 0.25 = 0.5: imbalanced, at the threshold
    Finding f = numa(host(0.75, 0.25, 0.25, 0.0)).orElseThrow();
    assertEquals(Bottleneck.NUMA, f.bottleneck());
    assertEquals("h1/cpu/socket0", f.entity());
    assertEquals("h1/cpu/socket0 remote_access_ratio mean 0.25 (costly from 0.25)", f.evidence().get(0));
    assertEquals("socket util p95: h1/cpu/socket0 0.75, h1/cpu/socket1 0.25 (gap 0.50)", f.evidence().get(1));
    // 0.55 + 0.25 x min(1, 0.25 / 0.5) + 0 (nothing misplaced) + 0.05 (imbalanced) = 0.725
    assertEquals(0.725, f.confidence(), 1e-12);
    // 0.2490234375 < 0.25
    assertTrue(numa(host(0.75, 0.25, 0.2490234375, 0.0)).isEmpty());
  }

  @Test
  void socketsApartByTheImbalanceThresholdAreImbalancedAndJustLessAreNot() {
    assertTrue(numa(host(0.75, 0.25, 0.5, 0.0)).isPresent(), "gap 0.5 = socketImbalance");
    assertTrue(numa(host(0.75, 0.2578125, 0.5, 0.0)).isEmpty(), "gap 0.4921875: remote access alone is no NUMA limit");
  }

  @Test
  void theSocketFetchingMostRemotelyIsNamedAndATieKeepsTheFirst() {
    assertEquals("h1/cpu/socket1", numa(host(0.75, 0.25, 0.25, 0.5)).orElseThrow().entity());
    assertEquals("h1/cpu/socket0", numa(host(0.75, 0.25, 0.5, 0.25)).orElseThrow().entity());
    assertEquals("h1/cpu/socket0", numa(host(0.75, 0.25, 0.5, 0.5)).orElseThrow().entity(), "sockets in name order");
  }
}
