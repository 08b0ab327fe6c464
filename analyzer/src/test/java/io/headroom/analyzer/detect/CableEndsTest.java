package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import io.headroom.model.NextLimit;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Series and parallel: the two ends of one cable are one resource. An ISL between two switches
 * full at both ends (sw1/p49 and sw2/p49, cabled_to each other, both on the path and both reading
 * the same bytes) is the limit; lifting it lifts both ends, so the next limit is the next
 * resource, the host port, never the ISL's far end at 1.0x.
 */
class CableEndsTest {
  @Test
  void theFarEndOfTheLimitsCableIsNotItsNextLimit() {
    // 3.0 GB/s over ISL ends of 3.125 GB/s each and a host port of 12.5 GB/s, Ethernet's practical 0.95
    Bed b = new Bed()
        .workload("w1", 8, 32, 45_776, 0.0056).constant("w1", "read_bytes_per_s", 3.0e9)
        .entity("sw1/p49", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(3.125e9))
        .entity("sw2/p49", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(3.125e9))
        .entity("h1/p1", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .rel("w1", "via", "h1/p1").rel("w1", "via", "sw1/p49").rel("w1", "via", "sw2/p49")
        .rel("sw1/p49", "cabled_to", "sw2/p49")
        .constant("sw1/p49", "tx_bytes_per_s", 3.0e9)
        .constant("sw2/p49", "rx_bytes_per_s", 3.0e9)
        .constant("h1/p1", "rx_bytes_per_s", 3.0e9);
    Context ctx = b.ctx();
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(ctx);
    assertEquals(Bottleneck.NETWORK, d.bottleneck(), d.evidence().toString());
    NextLimit n = NextLimits.of(ctx, d, Loads.rows(ctx)).limit();
    assertEquals("h1/p1", n.entity(), n.evidence().toString());
    // ISL: 3.0 / (3.125 x 0.95) = 101.05% of practical; host port: 3.0 / (12.5 x 0.95) = 25.26%;
    // gain 1.0105 / 0.2526 = 4.0 (the ratio of the two ceilings, 12.5 / 3.125)
    assertEquals(4.0, n.gain(), 1e-9);
  }
}
