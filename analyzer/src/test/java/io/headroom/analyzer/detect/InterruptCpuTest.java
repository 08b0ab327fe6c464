package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A CPU on the path through its role: it serves the interrupts of the NIC the workload's data
 * crosses (the pcie_link's irq_cpus, as the host source writes it). h1 has CPUs 0-3 on one socket;
 * the NIC's interrupts go to the CPUs in {@code irqCpus}.
 */
class InterruptCpuTest {
  private static Bed bed(String irqCpus, double cpu2, double host) {
    Bed bed = new Bed()
        .workload("w1", 4, 32, 21_930, 0.00584)
        .entity("h1/cpu", "host_cpu")
        .entity("h1/socket/0", "cpu_socket")
        .entity("h1/pcie/0000:17:00.0", "pcie_link", Map.of("irq_cpus", irqCpus), Bed.bytes(3.15e10))
        .entity("h1/net/ens1f0", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .rel("w1", "runs_on", "h1/cpu")
        .rel("w1", "via", "h1/net/ens1f0")
        .rel("h1/net/ens1f0", "behind", "h1/pcie/0000:17:00.0")
        .rel("h1/socket/0", "on", "h1/cpu")
        .constant("h1/cpu", "util", host)
        .constant("h1/socket/0", "util", host)
        .constant("h1/net/ens1f0", "rx_bytes_per_s", 2.875e9);
    for (int n = 0; n < 4; n++) {
      bed.entity("h1/cpu/" + n, "cpu").rel("h1/cpu/" + n, "on", "h1/socket/0")
          .constant("h1/cpu/" + n, "util", n == 2 ? cpu2 : 0.1);
    }
    return bed.constant("h1/cpu/2", "util_softirq", 0.83).constant("h1/cpu/2", "util_irq", 0.07);
  }

  @Test
  void theCpuServingEveryInterruptIsTheLimitFromNinetyPercent() {
    // host average (0.90 + 3 x 0.1) / 4 = 0.30: the host is far from full, CPU 2 is at cpuBusy 0.90
    Finding f = new HostCpuRule().evaluate(bed("2", 0.90, 0.30).ctx()).orElseThrow();
    assertEquals(Bottleneck.HOST_CPU, f.bottleneck());
    assertEquals("h1/cpu/2", f.entity());
    assertEquals("h1/cpu/2 util p95 0.90 (full from 0.90), softirq mean 0.83, irq mean 0.07,"
        + " while h1/cpu averages 0.30: it serves every interrupt of h1/net/ens1f0", f.evidence().get(0));
    // pressure 0.90 / (0.90 / 0.90) = 0.90 = atCeiling: confidence 0.6
    assertEquals(0.6, f.confidence(), 1e-9);
    assertTrue(new HostCpuRule().evaluate(bed("2", 0.899, 0.30).ctx()).isEmpty(), "below cpuBusy");
  }

  @Test
  void aCpuSharingTheInterruptsSaysWithWhich() {
    Finding f = new HostCpuRule().evaluate(bed("2-3", 1.0, 0.33).ctx()).orElseThrow();
    assertEquals("h1/cpu/2", f.entity());
    assertTrue(f.evidence().get(0).endsWith(
        ": it serves interrupts of h1/net/ens1f0 (irq_cpus 2-3)"), f.evidence().get(0));
  }

  @Test
  void aFullCpuWithoutARoleOnThePathIsNoLimit() {
    // CPU 2 full, but the NIC's interrupts go to CPU 0: one busy thread of something else
    assertTrue(new HostCpuRule().evaluate(bed("0", 1.0, 0.33).ctx()).isEmpty());
  }

  @Test
  void aFullHostIsThePlainerStatement() {
    // every CPU full: the host is the limit, not the one that also serves interrupts
    Finding f = new HostCpuRule().evaluate(bed("2", 1.0, 0.96).ctx()).orElseThrow();
    assertEquals("h1/cpu", f.entity());
  }

  @Test
  void aCpuListIsTheKernelsSyntaxAndAnythingElseGivesNoRole() {
    BitSet expected = new BitSet();
    expected.set(0, 4);
    expected.set(8);
    assertEquals(expected, InterruptCpus.parse("0-3,8"));
    assertTrue(InterruptCpus.parse("3-1").isEmpty());
    assertTrue(InterruptCpus.parse("x").isEmpty());
    Context ctx = bed("two", 1.0, 0.33).ctx();
    assertEquals(List.of(), ctx.path().interruptsServedBy("h1/cpu/2"));
  }

  @Test
  void theInterruptCpuIsOnThePathEvenWhereTheWorkloadIsPinnedElsewhere() {
    // pinned to socket 1 (CPUs 4-7, none declared here): CPU 2 of socket 0 still serves its NIC
    Bed bed = bed("2", 1.0, 0.33).entity("h1/socket/1", "cpu_socket").rel("h1/socket/1", "on", "h1/cpu");
    bed.data.accept(new io.headroom.model.Relation("w1", "runs_on", "h1/socket/1"));
    Context ctx = bed.ctx();
    assertTrue(ctx.path().contains("h1/cpu/2") && ctx.path().onClientSide("h1/cpu/2"));
    assertEquals(List.of("h1/pcie/0000:17:00.0"), ctx.path().interruptsServedBy("h1/cpu/2"));
  }
}
