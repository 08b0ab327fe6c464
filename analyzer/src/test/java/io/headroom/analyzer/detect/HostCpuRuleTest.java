package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostCpuRuleTest {
  /** Study S4 near 10M IOPS: the host's sockets full, each RAID card local to its socket. */
  private static Bed host(double util, double readLatency) {
    return new Bed()
        .workload("w1", 64, 32, 10_000_000, readLatency)
        .entity("h1/cpu", "host_cpu")
        .entity("h1/cpu/socket0", "cpu_socket")
        .entity("h1/pcie/perc0", "pcie_link", Map.of(), Bed.bytes(3.15e10))
        .entity("h1/disk/vd0", "disk")
        .rel("w1", "runs_on", "h1/cpu")
        .rel("w1", "targets", "h1/disk/vd0")
        .rel("h1/disk/vd0", "behind", "h1/pcie/perc0")
        .rel("h1/pcie/perc0", "on", "h1/cpu/socket0")
        .rel("h1/cpu/socket0", "on", "h1/cpu")
        .constant("h1/cpu", "util", util)
        .constant("h1/cpu/socket0", "util", util)
        .constant("h1/pcie/perc0", "read_bytes_per_s", 1.45e10);
  }

  @Test
  void fullHostCpusAreTheLimit() {
    // 10M IOPS x 150 us = 1,500 in flight of 2,048 asked: the host could not keep queues full
    Finding f = new HostCpuRule().evaluate(host(0.96, 0.00015).ctx()).orElseThrow();
    assertEquals(Bottleneck.HOST_CPU, f.bottleneck());
    assertEquals("h1/cpu", f.entity());
    assertEquals(List.of(
        "h1/cpu util p95 0.96 (full from 0.90)",
        "tightest device h1/pcie/perc0 device-to-host p95 14.5 GB/s = 46% of 31.5 GB/s (53% of practical)"),
        f.evidence());
    // 0.6 + 0.35 * 0.6 = 0.81, + 0.05 for Little's law showing the submission side short
    assertEquals(0.86, f.confidence(), 1e-9);
  }

  @Test
  void theKernelsOwnWaitingFiguresJoinTheEvidence() {
    Bed bed = host(0.96, 0.00015)
        .entity("h1/cpu", "host_cpu", Map.of("cpu_count", 64), Map.of())
        .constant("h1/cpu", "psi_cpu_some", 0.42)
        .constant("h1/cpu", "procs_running", 97);
    Finding f = new HostCpuRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals("h1/cpu psi_cpu_some p95 0.42 (share of time some task waited for a CPU); run queue p95 97 on 64 CPUs",
        f.evidence().get(2));
  }

  @Test
  void queuesKeptFullGiveNoLittleBonus() {
    Finding f = new HostCpuRule().evaluate(host(0.96, 0.0002048).ctx()).orElseThrow();
    assertEquals(0.81, f.confidence(), 1e-9);
  }

  @Test
  void pinnedSocketFullIsTheLimitWhenTheHostIsNot() {
    Bed bed = host(0.55, 0.00015)
        .rel("w1", "runs_on", "h1/cpu/socket0")
        .constant("h1/cpu/socket0", "util", 0.97);
    Finding f = new HostCpuRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals("h1/cpu/socket0", f.entity());
    assertEquals("h1/cpu/socket0 util p95 0.97 (full from 0.90)", f.evidence().get(0));
  }

  @Test
  void hostWithHeadroomIsNotALimit() {
    assertTrue(new HostCpuRule().evaluate(host(0.70, 0.00015).ctx()).isEmpty());
  }

  /**
   * The lab (docs/lab.md): the array is a cgroup on a Linux machine, reached as volume served_by
   * array_cpu on host_cpu. That machine full (other tenants) is not the client's CPU.
   */
  @Test
  void aStorageNodesMachineIsNotTheClientHost() {
    Bed bed = new Bed()
        .workload("w1", 1, 32, 5_000, 0.006)
        .entity("client/cpu", "host_cpu")
        .entity("lab/vol/export", "disk")
        .entity("array/cgroup/svc", "array_cpu")
        .entity("array/cpu", "host_cpu")
        .rel("w1", "runs_on", "client/cpu")
        .rel("w1", "targets", "lab/vol/export")
        .rel("lab/vol/export", "served_by", "array/cgroup/svc")
        .rel("array/cgroup/svc", "on", "array/cpu")
        .constant("client/cpu", "util", 0.30)
        .constant("array/cgroup/svc", "util", 0.50)
        .constant("array/cpu", "util", 0.99);
    assertTrue(new HostCpuRule().evaluate(bed.ctx()).isEmpty());
    Finding f = new HostCpuRule().evaluate(bed.constant("client/cpu", "util", 0.97).ctx()).orElseThrow();
    assertEquals("client/cpu", f.entity());
    assertEquals("client/cpu util p95 0.97 (full from 0.90)", f.evidence().get(0));
  }
}
