package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NumaRuleTest {
  /**
   * Study S4 untuned: fio pinned to socket 0, two NVMe drives, one on each socket. The caller
   * decides the utilisations and the remote-access ratio.
   */
  private static Bed r760(double socket0, double socket1, double remote) {
    return new Bed()
        .workload("w1", 16, 32, 3_400_000, 0.0001)
        .entity("h1/cpu", "host_cpu")
        .entity("h1/cpu/socket0", "cpu_socket")
        .entity("h1/cpu/socket1", "cpu_socket")
        .entity("h1/pcie/nvme0", "pcie_link", Map.of(), Bed.bytes(7.88e9))
        .entity("h1/pcie/nvme1", "pcie_link", Map.of(), Bed.bytes(7.88e9))
        .entity("h1/disk/nvme0n1", "disk")
        .entity("h1/disk/nvme1n1", "disk")
        .rel("w1", "runs_on", "h1/cpu/socket0")
        .rel("w1", "targets", "h1/disk/nvme0n1")
        .rel("w1", "targets", "h1/disk/nvme1n1")
        .rel("h1/disk/nvme0n1", "behind", "h1/pcie/nvme0")
        .rel("h1/disk/nvme1n1", "behind", "h1/pcie/nvme1")
        .rel("h1/pcie/nvme0", "on", "h1/cpu/socket0")
        .rel("h1/pcie/nvme1", "on", "h1/cpu/socket1")
        .rel("h1/cpu/socket0", "on", "h1/cpu")
        .rel("h1/cpu/socket1", "on", "h1/cpu")
        .constant("h1/cpu/socket0", "util", socket0)
        .constant("h1/cpu/socket1", "util", socket1)
        .constant("h1/cpu/socket0", "remote_access_ratio", remote)
        .constant("h1/cpu", "util", (socket0 + socket1) / 2);
  }

  @Test
  void workloadOnTheOtherSocketWithRemoteAccessIsNuma() {
    Finding f = new NumaRule().evaluate(r760(0.88, 0.22, 0.46).ctx()).orElseThrow();
    assertEquals(Bottleneck.NUMA, f.bottleneck());
    assertEquals("h1/cpu/socket0", f.entity());
    assertEquals(List.of(
        "h1/cpu/socket0 remote_access_ratio mean 0.46 (costly from 0.30)",
        "workload pinned to h1/cpu/socket0; 1 of 2 devices on the path on another socket (h1/pcie/nvme1)",
        "socket util p95: h1/cpu/socket0 0.88, h1/cpu/socket1 0.22 (gap 0.66)"), f.evidence());
    // 0.55 + 0.25 * min(1, 0.46 / 0.6) + 0.1 misplaced + 0.05 imbalanced
    assertEquals(0.55 + 0.25 * 0.46 / 0.6 + 0.15, f.confidence(), 1e-9);
  }

  @Test
  void misplacementWithoutRemoteAccessIsNotNuma() {
    assertTrue(new NumaRule().evaluate(r760(0.88, 0.22, 0.05).ctx()).isEmpty());
  }

  @Test
  void numaExplainsTheFullSocketItCauses() {
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(r760(0.97, 0.20, 0.46).ctx());
    assertEquals(Bottleneck.NUMA, d.bottleneck());
    assertEquals("h1/cpu/socket0", d.entity());
  }

  @Test
  void fullLocalSocketIsHostCpuNotNuma() {
    // Nothing is fetched remotely: the pinned socket is simply full.
    Bed bed = r760(0.97, 0.20, 0.04);
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(bed.ctx());
    assertEquals(Bottleneck.HOST_CPU, d.bottleneck());
    assertEquals("h1/cpu/socket0", d.entity());
  }
}
