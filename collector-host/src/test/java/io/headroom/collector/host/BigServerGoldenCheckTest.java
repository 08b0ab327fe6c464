package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The 128-CPU fixture's discover golden (expected/discover.txt) checked against the fixture's own
 * files, read here without the host source: the golden is written by the code under test, so
 * this is what says its figures are right and not merely unchanged.
 */
class BigServerGoldenCheckTest {
  private static final Path FIXTURE = FixtureHost.RESOURCES.resolve("big-128cpu-24nvme");
  private static final Path SYS = FIXTURE.resolve("scrape1/sys");
  /** Per-lane payload rate after 128b/130b coding, MB/s, by generation (docs/detection.md): Gen3 985, Gen4 1969, Gen5 3938. */
  private static final Map<String, Integer> LANE_MB_BY_GTS = Map.of("8.0", 985, "16.0", 1969, "32.0", 3938);
  private static final Map<String, Integer> GEN_BY_GTS = Map.of("8.0", 3, "16.0", 4, "32.0", 5);

  private final List<String> golden = lines(FIXTURE.resolve("expected/discover.txt"));

  @Test
  void everyCpuWithItsNodeAndTheHostsCounts() throws IOException {
    Map<Integer, Integer> nodeOfCpu = new HashMap<>();
    List<Path> nodes = list(SYS.resolve("devices/system/node"), "node");
    for (Path node : nodes) {
      int n = Integer.parseInt(node.getFileName().toString().substring(4));
      for (int cpu : cpuList(Files.readString(node.resolve("cpulist")).trim())) {
        nodeOfCpu.put(cpu, n);
      }
    }
    List<Path> cpus = list(SYS.resolve("devices/system/cpu"), "cpu");
    assertEquals(cpus.size(), nodeOfCpu.size(), "every cpuN directory is in one node's cpulist");
    // cpu_count: the cpuN directories (128); numa_nodes: the nodeN directories (2)
    assertLine("h1/cpu host_cpu capacity={util=1.0} attrs={cpu_count=" + cpus.size() + ", numa_nodes=" + nodes.size() + "}");
    for (Path cpu : cpus) {
      int n = Integer.parseInt(cpu.getFileName().toString().substring(3));
      assertLine("h1/cpu/" + n + " cpu capacity={util=1.0} attrs={numa_node=" + nodeOfCpu.get(n) + "}");
    }
    assertEquals(cpus.size(), golden.stream().filter(l -> l.matches("h1/cpu/\\d+ cpu .*")).count());
  }

  @Test
  void everyNvmeDriveWithItsSizeNodeAndLink() throws IOException {
    List<Path> drives = list(SYS.resolve("block"), "nvme");
    assertEquals(24, drives.size()); // the NOTE: 24 NVMe drives, 12 per socket
    assertEquals(drives.size(), golden.stream().filter(l -> l.matches("h1/disk/nvme\\d+n1 disk .*")).count());
    for (Path link : drives) {
      String name = link.getFileName().toString();
      Path dev = link.toRealPath(); // .../0000:01:00.0/nvme/nvme0/nvme0n1
      Path pci = dev.getParent().getParent().getParent();
      String address = pci.getFileName().toString();
      String node = read(pci, "numa_node");
      // size is in 512-byte sectors
      long bytes = Long.parseLong(read(dev, "size")) * 512;
      String disk = lineOf("h1/disk/" + name + " disk ");
      assertTrue(disk.contains("numa_node=" + node + ",") && disk.contains("pci=" + address + ",")
          && disk.contains("size_bytes=" + bytes + ","), disk);
      // the link: speed and width from sysfs, ceiling = lanes x per-lane rate
      String gts = read(pci, "current_link_speed").split(" ")[0];
      int width = Integer.parseInt(read(pci, "current_link_width"));
      double ceiling = width * LANE_MB_BY_GTS.get(gts) * 1e6; // Gen4 x4: 4 x 1969 MB/s = 7.876 GB/s
      String pcie = lineOf("h1/pcie/" + address + " pcie_link ");
      assertTrue(pcie.contains("capacity={bytes_per_s=" + ceiling + "}"), ceiling + " in " + pcie);
      assertTrue(pcie.contains(" gen=" + GEN_BY_GTS.get(gts) + ",") && pcie.contains(" width=" + width + "}")
          && pcie.contains(" max_width=" + read(pci, "max_link_width") + ",") && pcie.contains(" numa_node=" + node + ","),
          pcie);
    }
  }

  @Test
  void everyPortWithItsSpeedAndCeiling() throws IOException {
    // Ethernet: speed in Mb/s; ceiling speed / 8. Interfaces under devices/virtual (lo) are no port.
    for (Path port : list(SYS.resolve("class/net"), "")) {
      if (port.toRealPath().toString().contains("/devices/virtual/")) {
        continue;
      }
      double bps = Long.parseLong(read(port.toRealPath(), "speed")) * 1e6;
      String line = lineOf("h1/net/" + port.getFileName() + " net_port ");
      assertTrue(line.contains("capacity={bytes_per_s=" + bps / 8 + "}") && line.contains("speed_bps=" + bps + "}"), line);
    }
    // FC: "32 Gbit"; ceiling speed / 10 (8b/10b-era framing: 32G carries 3.2 GB/s of payload)
    for (Path host : list(SYS.resolve("class/fc_host"), "host")) {
      double bps = Long.parseLong(read(host, "speed").split(" ")[0]) * 1e9;
      String line = lineOf("h1/fc/" + host.getFileName() + " net_port ");
      assertTrue(line.contains("capacity={bytes_per_s=" + bps / 10 + "}") && line.contains("speed_bps=" + bps + "}"), line);
    }
    // InfiniBand: "200 Gb/sec (4X HDR)"; ceiling speed / 8
    for (Path hca : list(SYS.resolve("class/infiniband"), "")) {
      for (Path port : list(hca.resolve("ports"), "")) {
        String rate = read(port, "rate");
        double bps = Long.parseLong(rate.split(" ")[0]) * 1e9;
        String line = lineOf("h1/ib/" + hca.getFileName() + "/" + port.getFileName() + " net_port ");
        assertTrue(line.contains("capacity={bytes_per_s=" + bps / 8 + "}") && line.contains("rate=" + rate + ",")
            && line.contains("speed_bps=" + bps + ","), line);
      }
    }
    // 4 Ethernet + 2 FC + 1 IB port, the NOTE's two dual-port 100 GbE cards, dual-port HBA, one HCA
    assertEquals(4 + 2 + 1, golden.stream().filter(l -> l.contains(" net_port ")).count());
  }

  private void assertLine(String expected) {
    assertTrue(golden.contains(expected), "missing in discover.txt: " + expected);
  }

  private String lineOf(String prefix) {
    List<String> found = golden.stream().filter(l -> l.startsWith(prefix)).toList();
    assertEquals(1, found.size(), prefix + ": " + found);
    return found.get(0);
  }

  /** "0-63" or "0-3,8,10-11" as CPU numbers. */
  private static List<Integer> cpuList(String list) {
    return Stream.of(list.split(",")).flatMap(part -> {
      String[] r = part.split("-");
      int from = Integer.parseInt(r[0]);
      int to = Integer.parseInt(r[r.length - 1]);
      return Stream.iterate(from, i -> i <= to, i -> i + 1);
    }).toList();
  }

  /** Entries of a directory whose names start with the prefix and go on with a digit (or any, for ""). */
  private static List<Path> list(Path dir, String prefix) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> {
        String n = p.getFileName().toString();
        return prefix.isEmpty() || n.startsWith(prefix) && n.length() > prefix.length()
            && Character.isDigit(n.charAt(prefix.length()));
      }).sorted().toList();
    }
  }

  private static String read(Path dir, String file) throws IOException {
    return Files.readString(dir.resolve(file)).trim();
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
