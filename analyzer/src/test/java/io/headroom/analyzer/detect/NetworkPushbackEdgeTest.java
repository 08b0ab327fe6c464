package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link NetworkRule} at its edges: a port at exactly atCeiling of its practical ceiling (with
 * atCeiling set to 0.75 and Ethernet's practical share to 1.0, both exact in binary, so 750 MB/s
 * of a 1 GB/s port is exactly at it) and just below; pause frames at exactly pausePerS (100/s)
 * and just below; the port pausing most named; pushback on a full port adding 0.05 of
 * confidence; and a port of another fabric kept out of the full port's group.
 */
class NetworkPushbackEdgeTest {
  /** Defaults, but ethernetPractical 1.0 and atCeiling 0.75. */
  private static final Thresholds T = new Thresholds(0.87, 1.0, 0.98, 0.90, 0.95, 0.75, 0.90, 0.90, 2.0, 2.0, 100.0,
      0.30, 0.30, 0.80, 0.05, 0.05, 0.50, 0.10, 1.20, 1.05, 5);

  private static Bed ports(double p1Tx, double p2Tx) {
    return new Bed()
        .workload("w1", 1, 1, 100, 0.001)
        .entity("sw/p1", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1e9))
        .entity("sw/p2", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1e9))
        .rel("w1", "via", "sw/p1")
        .rel("w1", "via", "sw/p2")
        .constant("sw/p1", "tx_bytes_per_s", p1Tx)
        .constant("sw/p2", "tx_bytes_per_s", p2Tx);
  }

  private static Optional<Finding> rule(Bed bed) {
    return new NetworkRule().evaluate(Context.of(bed.data, null, Bed.WINDOW, T));
  }

  @Test
  void aPortAtExactlyTheAtCeilingShareIsFullAndJustBelowIsNot() {
    Finding f = rule(ports(7.5e8, 1e8)).orElseThrow(); // 7.5e8 / (1e9 x 1.0) = 0.75
    assertEquals("sw/p1", f.entity());
    assertEquals(0.75, f.pressure());
    assertTrue(rule(ports(7.49e8, 1e8)).isEmpty()); // 0.749
  }

  @Test
  void pauseFramesAtTheThresholdArePushbackAndJustBelowAreNot() {
    Finding f = new NetworkRule().evaluate(ports(1e8, 1e8).constant("sw/p2", "pause_per_s", 100).ctx()).orElseThrow();
    assertEquals("sw/p2", f.entity());
    assertEquals(List.of("sw/p2 pause_per_s p95 100 (pushback from 100/s)"), f.evidence());
    assertTrue(new NetworkRule().evaluate(ports(1e8, 1e8).constant("sw/p2", "pause_per_s", 99.5).ctx()).isEmpty());
  }

  @Test
  void thePortPausingMostIsNamedAndATieKeepsTheFirst() {
    Bed more = ports(1e8, 1e8).constant("sw/p1", "pause_per_s", 200).constant("sw/p2", "pause_per_s", 300);
    assertEquals("sw/p2", new NetworkRule().evaluate(more.ctx()).orElseThrow().entity());
    Bed fewer = ports(1e8, 1e8).constant("sw/p1", "pause_per_s", 300).constant("sw/p2", "pause_per_s", 200);
    assertEquals("sw/p1", new NetworkRule().evaluate(fewer.ctx()).orElseThrow().entity());
    Bed tie = ports(1e8, 1e8).constant("sw/p1", "pause_per_s", 300).constant("sw/p2", "pause_per_s", 300);
    assertEquals("sw/p1", new NetworkRule().evaluate(tie.ctx()).orElseThrow().entity());
  }

  @Test
  void pushbackOnAFullPortAddsAFifthOfATenthOfConfidence() {
    Finding full = rule(ports(7.5e8, 1e8)).orElseThrow();
    Finding pushedBack = rule(ports(7.5e8, 1e8).constant("sw/p1", "pause_per_s", 150)).orElseThrow();
    // same pressure (0.75), so the same base confidence; pushback adds 0.05
    assertEquals(full.confidence() + 0.05, pushedBack.confidence(), 1e-12);
    assertEquals(0.6, full.confidence(), 1e-12); // at the ceiling: 0.6 + 0.35 x 0
  }

  @Test
  void aPortOfAnotherFabricIsNotInTheFullPortsGroup() {
    Bed bed = new Bed()
        .workload("w1", 1, 1, 100, 0.001)
        .entity("sw/p1", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1e9))
        .entity("fc/p1", "net_port", Map.of("fabric", "fc"), Bed.bytes(1e9))
        .rel("w1", "via", "sw/p1")
        .rel("w1", "via", "fc/p1")
        .constant("sw/p1", "tx_bytes_per_s", 9e8)
        .constant("fc/p1", "tx_bytes_per_s", 8e8);
    Finding f = rule(bed).orElseThrow();
    // Ethernet 9e8 / (1e9 x 1.0) = 0.90, FC 8e8 / (1e9 x 0.98) = 0.816: both full, Ethernet heavier
    assertEquals("sw/p1", f.entity());
    assertNull(f.group(), "one Ethernet port is no group");
    assertEquals(1, f.evidence().size());
  }
}
