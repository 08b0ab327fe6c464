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
}
