package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PcieRuleTest {
  /** A RAID card in a Gen4 x8 slot, built for x16, with writes crossing it (study S1). */
  private static Bed raidCard(double hostToDevice) {
    return new Bed()
        .workload("w1", 8, 32, 975_000, 0.0003)
        .entity("h1/disk/raid5", "disk")
        .entity("h1/pcie/gpu", "pcie_link",
            Map.of("gen", 4, "width", 8, "max_gen", 4, "max_width", 16), Bed.bytes(1.575e10))
        .rel("w1", "targets", "h1/disk/raid5")
        .rel("h1/disk/raid5", "behind", "h1/pcie/gpu")
        .constant("h1/pcie/gpu", "write_bytes_per_s", hostToDevice)
        .constant("h1/pcie/gpu", "read_bytes_per_s", 1.0e9);
  }

  @Test
  void linkAtItsPracticalCeilingIsTheLimitAndNamedDegraded() {
    Finding f = new PcieRule().evaluate(raidCard(13.6e9).ctx()).orElseThrow();
    assertEquals(Bottleneck.PCIE, f.bottleneck());
    assertEquals("h1/pcie/gpu", f.entity());
    // 13.6 / 15.75 = 0.8635 of line rate; / 0.87 practical = 0.9925
    assertEquals(0.9925, f.pressure(), 1e-4);
    assertEquals(List.of(
        "h1/pcie/gpu host-to-device p95 13.6 GB/s = 86% of 15.75 GB/s (99% of the practical 87% of line rate)",
        "h1/pcie/gpu trained Gen4 x8, capable of Gen4 x16"), f.evidence());
    // one link alone is no group
    assertEquals(null, f.group());
    assertEquals(0.9238, f.confidence(), 1e-4);
  }

  @Test
  void linkWellBelowItsCeilingIsNotALimit() {
    assertTrue(new PcieRule().evaluate(raidCard(10.0e9).ctx()).isEmpty());
  }

  @Test
  void fullLinkOffTheDataPathIsNotALimit() {
    Bed bed = raidCard(1.0e9)
        .entity("h1/pcie/other", "pcie_link", Map.of(), Bed.bytes(1.575e10))
        .constant("h1/pcie/other", "read_bytes_per_s", 1.5e10);
    assertTrue(new PcieRule().evaluate(bed.ctx()).isEmpty());
  }
}
