package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Relations of a job from a file made on another machine: only devices directly under /dev are
 * targets (each once), and only numa_cpu_nodes places a job on sockets.
 */
class RecordedFioTopologyTest {
  private final RecordedFioTopology t = new RecordedFioTopology("h1");

  @Test
  void devicesDirectlyUnderDevAreTargetsOnceEach() {
    assertEquals(List.of("h1/disk/nvme0n1", "h1/disk/nvme1n1"),
        t.targets(Map.of("filename", "/dev/nvme0n1:/dev/nvme1n1:/dev/nvme0n1")));
  }

  @Test
  void filesAndDeeperDevicePathsAreNoTarget() {
    // a regular file's disk, and what a by-id link points at, need that machine's sysfs
    assertEquals(List.of(), t.targets(Map.of("filename", "/data/f1")));
    assertEquals(List.of(), t.targets(Map.of("filename", "/dev/disk/by-id/nvme-x")));
    assertEquals(List.of(), t.targets(Map.of()));
  }

  @Test
  void numaNodesAreSockets() {
    assertEquals(List.of("h1/socket/0", "h1/socket/1"), t.runsOn(Map.of("numa_cpu_nodes", "0-1")));
    // cpus_allowed alone says nothing about the node on another machine
    assertEquals(List.of("h1/cpu"), t.runsOn(Map.of("cpus_allowed", "2")));
    assertEquals(List.of("h1/cpu"), t.runsOn(Map.of("numa_cpu_nodes", "all")));
    assertEquals(List.of("h1/cpu"), t.runsOn(Map.of("numa_cpu_nodes", " ")));
  }

  @Test
  void unreadableNodeListIsTheWholeHost() {
    assertEquals(List.of("h1/cpu"), t.runsOn(Map.of("numa_cpu_nodes", "zero")));
  }
}
