package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.data.Window;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DataPathTest {
  private static Bed bed() {
    return new Bed()
        .workload("w1", 1, 1, 100, 0.001)
        .entity("w2", "workload")
        .entity("h1/cpu", "host_cpu")
        .entity("h1/cpu/socket0", "cpu_socket")
        .entity("h1/cpu/socket1", "cpu_socket")
        .entity("h1/port/p1", "net_port")
        .entity("sw1/port/1", "net_port")
        .entity("sw1/port/9", "net_port")
        .entity("a/vol", "disk")
        .entity("a/node-a", "array_cpu")
        .entity("a/node-b", "array_cpu")
        .entity("h1/pcie/spare", "pcie_link")
        .rel("w1", "runs_on", "h1/cpu/socket0")
        .rel("w1", "via", "h1/port/p1")
        .rel("w1", "via", "sw1/port/1")
        .rel("w1", "targets", "a/vol")
        .rel("a/vol", "served_by", "a/node-a")
        .rel("h1/port/p1", "cabled_to", "sw1/port/9")
        .rel("h1/cpu/socket0", "on", "h1/cpu")
        .rel("h1/cpu/socket1", "on", "h1/cpu")
        .rel("h1/pcie/spare", "on", "h1/cpu/socket1")
        .rel("w2", "via", "sw1/port/9");
  }

  @Test
  void pathFollowsTheWorkloadsRelationsOutwards() {
    DataPath path = DataPath.of(bed().data, Bed.WINDOW);
    assertEquals(Set.of("w1"), path.workloads());
    assertEquals(List.of("h1/port/p1", "sw1/port/1"), path.ofKind("net_port"));
    assertEquals(List.of("a/node-a"), path.ofKind("array_cpu"));
    assertEquals(List.of("h1/cpu"), path.ofKind("host_cpu"));
    assertTrue(path.contains("a/vol"));
  }

  @Test
  void idleNodesSparesAndOtherWorkloadsPortsAreOffThePath() {
    DataPath path = DataPath.of(bed().data, Bed.WINDOW);
    assertFalse(path.contains("a/node-b"));
    // on points from the link to the socket: reaching the socket does not bring the link in
    assertFalse(path.contains("h1/pcie/spare"));
    assertFalse(path.contains("h1/cpu/socket1"));
    // w2 has no samples in the window, and cabled_to is not followed
    assertFalse(path.contains("sw1/port/9"));
  }

  @Test
  void withoutActiveWorkloadsEveryDeclaredOneCounts() {
    DataPath path = DataPath.of(bed().data, new Window("later", 100, 200));
    assertEquals(Set.of("w1", "w2"), path.workloads());
    assertTrue(path.contains("sw1/port/9"));
  }

  @Test
  void socketsOfTheWorkloadAndOfDevices() {
    DataPath path = DataPath.of(bed().data, Bed.WINDOW);
    assertEquals(Set.of("h1/cpu/socket0"), path.workloadSockets());
    assertEquals("h1/cpu/socket1", path.socketOf("h1/pcie/spare"));
    assertEquals(List.of("h1/cpu/socket0", "h1/cpu/socket1"), path.socketsOfHost("h1/cpu"));
  }

  /** The demo's host: one socket, two CPUs, a NIC on the socket. */
  private static Bed host(String runsOn) {
    return new Bed()
        .workload("w1", 2, 1, 100, 0.001)
        .entity("vm/cpu", "host_cpu")
        .entity("vm/socket/0", "cpu_socket")
        .entity("vm/socket/1", "cpu_socket")
        .entity("vm/cpu/0", "cpu")
        .entity("vm/cpu/1", "cpu")
        .entity("vm/cpu/2", "cpu")
        .entity("vm/net/eth0", "net_port")
        .rel("vm/socket/0", "on", "vm/cpu")
        .rel("vm/socket/1", "on", "vm/cpu")
        .rel("vm/cpu/0", "on", "vm/socket/0")
        .rel("vm/cpu/1", "on", "vm/socket/0")
        .rel("vm/cpu/2", "on", "vm/socket/1")
        .rel("vm/net/eth0", "on", "vm/socket/0")
        .rel("w1", "runs_on", runsOn);
  }

  @Test
  void anUnpinnedWorkloadRunsOnEverySocketAndCpuOfItsHost() {
    DataPath path = host("vm/cpu").ctx().path();
    for (String cpu : List.of("vm/cpu", "vm/socket/0", "vm/socket/1", "vm/cpu/0", "vm/cpu/1", "vm/cpu/2")) {
      assertTrue(path.contains(cpu) && path.onClientSide(cpu), cpu);
    }
    // a device on the socket is not where the threads run
    assertFalse(path.contains("vm/net/eth0"));
  }

  @Test
  void aPinnedWorkloadRunsOnItsSocketsCpusOnly() {
    DataPath path = host("vm/socket/0").ctx().path();
    assertTrue(path.contains("vm/cpu/0") && path.contains("vm/cpu/1"));
    // socket 0 is on the host, but the host's other socket and its CPU are not where it runs
    assertFalse(path.contains("vm/socket/1"));
    assertFalse(path.contains("vm/cpu/2"));
  }
}
