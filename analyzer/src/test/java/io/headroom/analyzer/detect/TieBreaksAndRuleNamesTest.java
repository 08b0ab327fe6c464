package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which of two equal candidates a rule names (the first, in path order), sockets listed in name
 * order whatever order the relations came in, each rule's own class, and which throughput the
 * workload signals judge (bytes when they move, else IOPS).
 */
class TieBreaksAndRuleNamesTest {
  @Test
  void eachRuleSaysItsClass() {
    assertEquals(Bottleneck.NETWORK, new NetworkRule().bottleneck());
    assertEquals(Bottleneck.NUMA, new NumaRule().bottleneck());
    assertEquals(Bottleneck.DISK, new DiskRule().bottleneck());
  }

  @Test
  void twoPortsEquallyStarvedOfCreditNameTheFirst() {
    Bed bed = new Bed()
        .workload("w1", 1, 1, 100, 0.001)
        .entity("fc/p1", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .entity("fc/p2", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .rel("w1", "via", "fc/p1")
        .rel("w1", "via", "fc/p2")
        .constant("fc/p1", "tx_credit_zero_fraction", 0.25)
        .constant("fc/p2", "tx_credit_zero_fraction", 0.25);
    assertEquals("fc/p1", new NetworkRule().evaluate(bed.ctx()).orElseThrow().entity());
  }

  @Test
  void twoDisksEquallyBusyNameTheFirst() {
    Bed bed = new Bed()
        .workload("w1", 1, 1, 100, 0.001)
        .entity("h1/disk/sda", "disk")
        .entity("h1/disk/sdb", "disk")
        .rel("w1", "targets", "h1/disk/sda")
        .rel("w1", "targets", "h1/disk/sdb");
    for (String d : List.of("h1/disk/sda", "h1/disk/sdb")) {
      bed.constant(d, "util", 0.95).constant(d, "queue_depth", 4);
    }
    assertEquals("h1/disk/sda", new DiskRule().evaluate(bed.ctx()).orElseThrow().entity());
  }

  @Test
  void aHostsSocketsAreListedInNameOrder() {
    Bed bed = new Bed()
        .entity("h1/cpu", "host_cpu")
        .entity("h1/cpu/socket1", "cpu_socket")
        .entity("h1/cpu/socket0", "cpu_socket")
        .rel("h1/cpu/socket1", "on", "h1/cpu")
        .rel("h1/cpu/socket0", "on", "h1/cpu");
    assertEquals(List.of("h1/cpu/socket0", "h1/cpu/socket1"), bed.ctx().path().socketsOfHost("h1/cpu"));
  }

  @Test
  void bytesThatMoveAreTheThroughputJudgedAndBytesAtZeroLeaveItToIops() {
    // bytes flat at 2 GB/s (cv 0), IOPS alternating 50 and 150 (cv 0.5): bytes are judged, so flat
    Bed bytes = new Bed().entity("w1", "workload").constant("w1", "read_bytes_per_s", 2e9);
    for (int t = 0; t < 60; t++) {
      bytes.data.addSample(t, "w1", "read_iops", t % 2 == 0 ? 150 : 50);
    }
    assertEquals(List.of("throughput flat (cv 0%)"), WorkloadSignals.holdsAgainstCeiling(bytes.ctx()));
    // bytes all 0 and IOPS flat at 100: IOPS are judged, so flat
    Bed zero = new Bed().entity("w1", "workload").constant("w1", "read_bytes_per_s", 0).constant("w1", "read_iops", 100);
    assertEquals(List.of("throughput flat (cv 0%)"), WorkloadSignals.holdsAgainstCeiling(zero.ctx()));
  }
}
