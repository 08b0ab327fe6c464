package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.NextLimit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tiers in series, links in parallel. The workload reads 3.0 GB/s through an ISL (sw1/p49 to
 * sw2/p49, 3.125 GB/s each end) and two array links (sw2/p10 to a1/p0, sw2/p11 to a1/p1, 1.5625 GB/s
 * each end, 1.5 GB/s each): both tiers are full at the same throughput, 3.0 / (3.125 x 0.95) =
 * 1.5 / (1.5625 x 0.95) = 101.05% of practical. A host port of 12.5 GB/s carries 3.0 GB/s.
 */
class TiersTest {
  private static Bed tied() {
    Bed b = new Bed()
        .workload("w1", 8, 32, 45_776, 0.0056).constant("w1", "read_bytes_per_s", 3.0e9)
        .entity("h1/p1", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .rel("w1", "via", "h1/p1").constant("h1/p1", "rx_bytes_per_s", 3.0e9);
    link(b, "sw1/p49", "sw2/p49", 3.125e9, 3.0e9);
    link(b, "sw2/p10", "a1/p0", 1.5625e9, 1.5e9);
    link(b, "sw2/p11", "a1/p1", 1.5625e9, 1.5e9);
    return b;
  }

  /** A cable from near to far, reads flowing from far to near at the given bytes/s. */
  private static void link(Bed b, String near, String far, double capacity, double bytes) {
    b.entity(near, "net_port", Map.of("fabric", "ethernet"), Bed.bytes(capacity))
        .entity(far, "net_port", Map.of("fabric", "ethernet"), Bed.bytes(capacity))
        .rel("w1", "via", near).rel("w1", "via", far).rel(near, "cabled_to", far)
        .constant(near, "tx_bytes_per_s", bytes).constant(far, "rx_bytes_per_s", bytes);
  }

  @Test
  void liftingTheIslLeavesTheArrayLinksTiedAtOneX() {
    Context ctx = tied().ctx();
    // the six ports at their ceiling carry 3.0 + 1.5 + 1.5 = 6.0 GB/s of cables, twice the 3.0 moved:
    // two tiers; the ISL carries all 3.0 (at least 0.9 of it): a tier of its own
    assertEquals(List.of("sw1/p49"), Tiers.toLift(ctx, "sw1/p49", List.of("sw1/p49", "sw2/p10", "a1/p0")));
    assertEquals(List.of("sw2/p10", "a1/p0", "sw2/p11"),
        Tiers.toLift(ctx, "sw2/p10", List.of("sw2/p10", "a1/p0", "sw2/p11", "sw1/p49")));
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(ctx);
    assertEquals(Bottleneck.NETWORK, d.bottleneck(), d.evidence().toString());
    NextLimit n = NextLimits.of(ctx, d, Loads.rows(ctx)).limit();
    // whichever tier the verdict names, the other binds at the same throughput: 1.0105 / 1.0105 = 1.0
    boolean islNamed = d.entity().endsWith("p49");
    assertTrue(islNamed ? n.entity().matches("sw2/p1[01]|a1/p[01]") : n.entity().endsWith("p49"), n.evidence().toString());
    assertEquals(1.0, n.gain(), 1e-9);
  }

  @Test
  void parallelLinksOfOneTierAreLiftedTogether() {
    // the two array links alone at their ceiling (the ISL at 10 GB/s): 1.5 + 1.5 = 3.0 GB/s, one tier's worth
    Bed b = new Bed()
        .workload("w1", 8, 32, 45_776, 0.0056).constant("w1", "read_bytes_per_s", 3.0e9)
        .entity("h1/p1", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .rel("w1", "via", "h1/p1").constant("h1/p1", "rx_bytes_per_s", 3.0e9);
    link(b, "sw1/p49", "sw2/p49", 1.0e10, 3.0e9);
    link(b, "sw2/p10", "a1/p0", 1.5625e9, 1.5e9);
    link(b, "sw2/p11", "a1/p1", 1.5625e9, 1.5e9);
    Context ctx = b.ctx();
    List<String> full = List.of("sw2/p10", "a1/p0", "sw2/p11", "a1/p1");
    assertEquals(full, Tiers.toLift(ctx, "sw2/p10", full));
    NextLimit n = NextLimits.of(ctx, new Detector(Thresholds.defaults()).decide(ctx), Loads.rows(ctx)).limit();
    // the ISL next: 3.0 / (10 x 0.95) = 31.58% of practical; 1.0105 / 0.3158 = 3.2 (10 / 3.125)
    assertTrue(n.entity().endsWith("p49"), n.evidence().toString());
    assertEquals(3.2, n.gain(), 1e-9);
  }

  @Test
  void withoutCablesTheGroupIsLiftedWhole() {
    Bed b = new Bed()
        .workload("w1", 8, 32, 45_776, 0.0056).constant("w1", "read_bytes_per_s", 3.0e9)
        .entity("p1", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(3.125e9))
        .entity("p2", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(3.125e9))
        .rel("w1", "via", "p1").rel("w1", "via", "p2")
        .constant("p1", "rx_bytes_per_s", 3.0e9).constant("p2", "rx_bytes_per_s", 3.0e9);
    assertEquals(List.of("p1", "p2"), Tiers.toLift(b.ctx(), "p1", List.of("p1", "p2")));
  }
}
