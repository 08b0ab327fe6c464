package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import io.headroom.model.LimitGroup;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An LACP bond h1/net/bond0 of two 50 GbE members (6.25 GB/s each, the bond 12.5 GB/s), as the
 * host source relates them: the bond behind each member. The workload's data crosses the bond.
 */
class BondMembersTest {
  private static Bed bed(double rx0, double rx1) {
    return new Bed()
        .workload("w1", 4, 32, 40_000, 0.003)
        .entity("h1/net/bond0", "net_port", Map.of("fabric", "ethernet", "bond_mode", "802.3ad"), Bed.bytes(1.25e10))
        .entity("h1/net/ens1f0", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(6.25e9))
        .entity("h1/net/ens1f1", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(6.25e9))
        .rel("w1", "via", "h1/net/bond0")
        .rel("h1/net/bond0", "behind", "h1/net/ens1f0")
        .rel("h1/net/bond0", "behind", "h1/net/ens1f1")
        .constant("h1/net/bond0", "rx_bytes_per_s", rx0 + rx1)
        .constant("h1/net/ens1f0", "rx_bytes_per_s", rx0)
        .constant("h1/net/ens1f1", "rx_bytes_per_s", rx1);
  }

  @Test
  void oneFullMemberIsTheLimitWhileTheBondShowsHalf() {
    // one flow hashed onto ens1f0: 6.25 GB/s = 100% of its line rate, the bond 6.25 / 12.5 = 50%
    Finding f = new NetworkRule().evaluate(bed(6.25e9, 1.0e8).ctx()).orElseThrow();
    assertEquals(Bottleneck.NETWORK, f.bottleneck());
    assertEquals("h1/net/ens1f0", f.entity());
    // the bond is not a port of the group: it carries its members' bytes again
    assertEquals(new LimitGroup("ethernet ports on the path", 1, List.of("h1/net/ens1f0", "h1/net/ens1f1")), f.group());
    // bond: (6.25 + 0.1) / 12.5 = 50.8%, printed 51%
    assertEquals("h1/net/bond0 (802.3ad) rx p95 6.35 GB/s = 51% of 12.5 GB/s, through its member h1/net/ens1f0",
        f.evidence().get(f.evidence().size() - 1));
  }

  @Test
  void aFullBondIsNamedByItsTightestMember() {
    // both members at 6.2 and 6.25 GB/s: the bond at 12.45 / 12.5 = 99.6% is full through them
    Finding f = new NetworkRule().evaluate(bed(6.2e9, 6.25e9).ctx()).orElseThrow();
    assertEquals("h1/net/ens1f1", f.entity());
    assertEquals(new LimitGroup("ethernet ports on the path", 2, List.of("h1/net/ens1f1", "h1/net/ens1f0")), f.group());
    assertEquals("h1/net/bond0 (802.3ad) rx p95 12.45 GB/s = 100% of 12.5 GB/s, through its member h1/net/ens1f1",
        f.evidence().get(f.evidence().size() - 1));
  }
}
