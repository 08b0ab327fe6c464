package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArrayCpuRuleTest {
  /** Study S5's shape: two array nodes, one host, one 100 GbE port. */
  private static Bed array(double nodeA, double nodeB) {
    return new Bed()
        .workload("w1", 8, 32, 150_000, 0.0017)
        .entity("h1/cpu", "host_cpu")
        .entity("array/ps1/node-a", "array_cpu")
        .entity("array/ps1/node-b", "array_cpu")
        .entity("array/ps1/vol1", "disk")
        .entity("sw1/port/1-1", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .rel("w1", "runs_on", "h1/cpu")
        .rel("w1", "targets", "array/ps1/vol1")
        .rel("w1", "via", "sw1/port/1-1")
        .rel("array/ps1/vol1", "served_by", "array/ps1/node-a")
        .rel("array/ps1/vol1", "served_by", "array/ps1/node-b")
        .constant("array/ps1/node-a", "util", nodeA)
        .constant("array/ps1/node-b", "util", nodeB)
        .constant("h1/cpu", "util", 0.58)
        .constant("sw1/port/1-1", "tx_bytes_per_s", 5.125e9);
  }

  @Test
  void fullArrayNodesWithHostsAndNetworkIdleAreTheLimit() {
    Finding f = new ArrayCpuRule().evaluate(array(0.94, 0.92).ctx()).orElseThrow();
    assertEquals(Bottleneck.ARRAY_CPU, f.bottleneck());
    assertEquals("array/ps1/node-a", f.entity());
    assertEquals(List.of(
        "array/ps1/node-a util p95 0.94, array/ps1/node-b util p95 0.92 (full from 0.90); hosts"
            + " util p95 0.58; tightest port sw1/port/1-1 tx p95 5.13 GB/s = 41% of 12.5 GB/s",
        "2 of 2 array nodes on the path at their ceiling, the least loaded at util p95 0.92: the array is"
            + " the limit, not one node"), f.evidence());
    // util 0.94 against cpuBusy 0.90: pressure 0.94, confidence 0.6 + 0.35 * 0.4
    assertEquals(0.74, f.confidence(), 1e-9);
  }

  @Test
  void oneFullNodeOfTwoIsStillTheLimit() {
    Finding f = new ArrayCpuRule().evaluate(array(0.70, 0.97).ctx()).orElseThrow();
    assertEquals("array/ps1/node-b", f.entity());
    assertEquals("1 of 2 array nodes on the path at their ceiling", f.evidence().get(1));
  }

  @Test
  void arrayNodesBelowBusyAreNotALimit() {
    assertTrue(new ArrayCpuRule().evaluate(array(0.85, 0.80).ctx()).isEmpty());
  }

  @Test
  void fullArrayNodeServingOtherVolumesIsNotALimit() {
    Bed bed = array(0.30, 0.30)
        .entity("array/other/node-a", "array_cpu")
        .constant("array/other/node-a", "util", 0.99);
    assertTrue(new ArrayCpuRule().evaluate(bed.ctx()).isEmpty());
  }

  /** The lab's array: a cgroup on a busy machine; "hosts" are the client's, not that machine. */
  @Test
  void hostsInTheEvidenceAreTheClientsNotTheArrayNodesMachine() {
    Bed bed = array(0.94, 0.92)
        .entity("array/cpu", "host_cpu")
        .rel("array/ps1/node-a", "on", "array/cpu")
        .constant("array/cpu", "util", 0.99);
    Finding f = new ArrayCpuRule().evaluate(bed.ctx()).orElseThrow();
    assertTrue(f.evidence().get(0).contains("; hosts util p95 0.58; "), f.evidence().get(0));
  }
}
