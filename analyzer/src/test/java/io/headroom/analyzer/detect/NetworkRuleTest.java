package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.LimitGroup;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NetworkRuleTest {
  private static Bed fc(double p1Tx, double p2Tx) {
    return new Bed()
        .workload("w1", 8, 32, 25_000, 0.01)
        .entity("s1/fc/p1", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .entity("s1/fc/p2", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .rel("w1", "via", "s1/fc/p1")
        .rel("w1", "via", "s1/fc/p2")
        .constant("s1/fc/p1", "tx_bytes_per_s", p1Tx)
        .constant("s1/fc/p2", "tx_bytes_per_s", p2Tx);
  }

  @Test
  void portAtLineRateInTheDataDirectionIsTheLimit() {
    Finding f = new NetworkRule().evaluate(fc(3.2e9, 1.0e9).ctx()).orElseThrow();
    assertEquals(Bottleneck.NETWORK, f.bottleneck());
    assertEquals("s1/fc/p1", f.entity());
    assertEquals(1 / 0.98, f.pressure(), 1e-9);
    assertEquals(List.of(
        "s1/fc/p1 tx p95 3.2 GB/s = 100% of 3.2 GB/s (102% of the practical 98% of line rate, fc)",
        "1 of 2 fc ports on the path at their ceiling"), f.evidence());
    // a partial group: the port, not the fabric, is the limit
    assertEquals(new LimitGroup("fc ports on the path", 1, List.of("s1/fc/p1", "s1/fc/p2")), f.group());
  }

  @Test
  void portsWithHeadroomAreNotALimit() {
    assertTrue(new NetworkRule().evaluate(fc(2.0e9, 1.0e9).ctx()).isEmpty());
  }

  @Test
  void pauseFramesBelowLineRateAreALimit() {
    Bed bed = fc(2.0e9, 1.0e9).constant("s1/fc/p2", "pause_per_s", 500);
    Finding f = new NetworkRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals("s1/fc/p2", f.entity());
    assertEquals(0.90, f.pressure(), 1e-9);
    assertEquals(List.of("s1/fc/p2 pause_per_s p95 500 (pushback from 100/s)"), f.evidence());
  }

  @Test
  void fcCreditStarvationBelowLineRateIsALimitFromItsThreshold() {
    // p2 sends 1.0 GB/s of 3.2 (31%): no ceiling; at zero credit 10% of the time: pushback
    Finding f = new NetworkRule().evaluate(fc(2.0e9, 1.0e9).constant("s1/fc/p2", "tx_credit_zero_fraction", 0.10).ctx())
        .orElseThrow();
    assertEquals("s1/fc/p2", f.entity());
    assertEquals(0.90, f.pressure(), 1e-9);
    assertEquals(List.of("s1/fc/p2 tx_credit_zero_fraction p95 10% of the time at zero FC credit (pushback from 10%)"),
        f.evidence());
    // just under the 10% threshold it is not
    assertTrue(new NetworkRule().evaluate(fc(2.0e9, 1.0e9).constant("s1/fc/p2", "tx_credit_zero_fraction", 0.0999).ctx())
        .isEmpty());
  }

  @Test
  void busyPortOffThePathIsNotALimit() {
    Bed bed = fc(1.0e9, 1.0e9)
        .entity("lab/sw9/port/7", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .constant("lab/sw9/port/7", "tx_bytes_per_s", 1.2e10);
    assertTrue(new NetworkRule().evaluate(bed.ctx()).isEmpty());
  }

  @Test
  void ethernetPracticalCeilingIsNinetyFivePercent() {
    Bed bed = new Bed()
        .workload("w1", 1, 1, 1, 0.001)
        .entity("sw1/port/1-1", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .rel("w1", "via", "sw1/port/1-1")
        .constant("sw1/port/1-1", "rx_bytes_per_s", 1.07e10);
    // 10.7 / 12.5 = 0.856 of line rate, / 0.95 = 0.901: just at the ceiling
    Finding f = new NetworkRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals(0.856 / 0.95, f.pressure(), 1e-9);
    assertEquals("sw1/port/1-1 rx p95 10.7 GB/s = 86% of 12.5 GB/s (90% of the practical 95% of"
        + " line rate, ethernet)", f.evidence().get(0));
  }

  @Test
  void everyPortOfTheFabricFullNamesTheFabric() {
    // both ports at 3.2 GB/s = 100% of 32G: p1 (first by id on equal pressure) stays the entity
    Finding f = new NetworkRule().evaluate(fc(3.2e9, 3.2e9).ctx()).orElseThrow();
    assertEquals("s1/fc/p1", f.entity());
    assertEquals("2 of 2 fc ports on the path at their ceiling, the least loaded at 100% of line rate: the fabric"
        + " is the limit, not one port", f.evidence().get(1));
    assertEquals(new LimitGroup("fc ports on the path", 2, List.of("s1/fc/p1", "s1/fc/p2")), f.group());
  }

  /** Two host ports and two array ports, each at 3.2 GB/s of 32G FC; the workload moving {@code moved} bytes/s. */
  private static Bed twoTiers(double moved) {
    Bed bed = new Bed().workload("w1", 8, 32, 6_100, 0.042).constant("w1", "read_bytes_per_s", moved);
    for (String port : List.of("h1/fc/p1", "h1/fc/p2", "a1/fc/p1", "a1/fc/p2")) {
      bed.entity(port, "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
          .rel("w1", "via", port)
          .constant(port, "tx_bytes_per_s", 3.2e9);
    }
    return bed;
  }

  @Test
  void aWholeFabricIsQuotedWithTheCeilingOfOneTier() {
    // 4 ports x 3.2 GB/s carried = 12.8 GB/s; / 6.4 GB/s moved = 2 tiers of 4 / 2 = 2 ports;
    // 2 x 3.2 GB/s = 6.4 GB/s a tier
    Finding f = new NetworkRule().evaluate(twoTiers(6.4e9).ctx()).orElseThrow();
    assertEquals("4 of 4 fc ports on the path at their ceiling, the least loaded at 100% of line rate: the fabric"
        + " is the limit, not one port; the data crosses 2 tiers of 2 ports: 2 x 3.2 GB/s = 6.4 GB/s a tier;"
        + " the workload moved 6.4 GB/s", f.evidence().get(1));
  }

  @Test
  void tiersThatDoNotDivideThePortsAreNotQuoted() {
    // 12.8 / 5.13 = 2.495, rounded 2 tiers: quoted; 12.8 / 5.12 = 2.5, rounded 3: 4 ports do not split in 3
    assertTrue(new NetworkRule().evaluate(twoTiers(5.13e9).ctx()).orElseThrow().evidence().get(1)
        .endsWith("the data crosses 2 tiers of 2 ports: 2 x 3.2 GB/s = 6.4 GB/s a tier; the workload moved 5.13 GB/s"));
    assertTrue(new NetworkRule().evaluate(twoTiers(5.12e9).ctx()).orElseThrow().evidence().get(1)
        .endsWith("the fabric is the limit, not one port"));
  }
}
