package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A link or port recorded with its speed but no capacity gets the ceiling its speed gives. */
class CeilingsFromAttrsTest {
  private static Bed bed() {
    return new Bed()
        .entity("h1/pcie/raid", "pcie_link", Map.of("gen", 4, "width", 8), Map.of())
        .entity("h1/fc/host0", "net_port", Map.of("fabric", "fc", "speed_bps", 3.2e10), Map.of())
        .entity("h1/net/eth0", "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11), Map.of())
        .entity("h1/net/eth1", "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11),
            Map.of("bytes_per_s", 1.0e10))
        .entity("h1/net/eth2", "net_port", Map.of("fabric", "ethernet"), Map.of());
  }

  @Test
  void speedAttributesGiveTheCeiling() {
    Context ctx = bed().ctx();
    // Gen4: 1969 MB/s per lane x 8 lanes
    assertEquals(1969e6 * 8, ctx.capacity("h1/pcie/raid", "bytes_per_s"));
    // FC 32G: 3.2 GB/s of payload (speed / 10)
    assertEquals(3.2e9, ctx.capacity("h1/fc/host0", "bytes_per_s"));
    // 100 GbE: 100e9 / 8
    assertEquals(1.25e10, ctx.capacity("h1/net/eth0", "bytes_per_s"));
    // a declared capacity wins over the speed
    assertEquals(1.0e10, ctx.capacity("h1/net/eth1", "bytes_per_s"));
    assertTrue(Double.isNaN(ctx.capacity("h1/net/eth2", "bytes_per_s")));
    assertTrue(Double.isNaN(ctx.capacity("h1/pcie/raid", "iops")));
  }

  @Test
  void aLinkWithoutCapacityIsJudgedByItsGenAndWidth() {
    // 13.6 GB/s host-to-device on Gen4 x8: 13.6 / 15.752 = 0.863 of line rate, / 0.87 = 0.992
    Bed bed = bed().workload("w1", 8, 32, 975_000, 0.0003).entity("h1/disk/raid5", "disk")
        .rel("w1", "targets", "h1/disk/raid5").rel("h1/disk/raid5", "behind", "h1/pcie/raid")
        .constant("h1/pcie/raid", "write_bytes_per_s", 13.6e9);
    Finding f = new PcieRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals(Bottleneck.PCIE, f.bottleneck());
    assertEquals(13.6e9 / 15.752e9 / 0.87, f.pressure(), 1e-9);
  }
}
