package io.headroom.collector.host;

import io.headroom.standin.MachineTest;
import static io.headroom.collector.host.FixtureHost.assertValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.collector.source.Scrape;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The source against this machine's real /proc and /sys while the test pushes known traffic: a
 * loop device over a tmpfs file written with O_DIRECT from inside a v1 cgroup, and UDP frames out
 * of a veth. Needs root, losetup, ip and cgroup v1 blkio; skipped elsewhere. The test (not the
 * source) runs commands. Rates are exact because the scrapes carry the times we give them.
 */
@MachineTest("creates a loop device, a blkio cgroup and a veth pair")
class LiveHostTest {
  private final long id = ProcessHandle.current().pid();
  private final String cgroup = "headroom-test-" + id;
  private final String veth = "hrt" + (id % 100000);
  private final Path image = Path.of("/dev/shm/headroom-test-" + id + ".img");
  private final List<String[]> cleanup = new ArrayList<>();

  @AfterEach
  void tearDown() throws Exception {
    for (int i = cleanup.size() - 1; i >= 0; i--) {
      new ProcessBuilder(cleanup.get(i)).redirectErrorStream(true).start().waitFor();
    }
    Files.deleteIfExists(image);
  }

  @Test
  void loopDeviceCgroupAndVethTrafficAreMeasuredExactly() throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")),
        "skipped: needs root for loop devices, cgroups and veth pairs; running as " + System.getProperty("user.name"));
    assumeTrue(Files.exists(Path.of("/dev/loop-control")),
        "skipped: no /dev/loop-control on this machine (loop driver not loaded, or a container without it)");
    assumeTrue(Files.isDirectory(Path.of("/sys/fs/cgroup/blkio")), "skipped: no cgroup v1 blkio hierarchy at"
        + " /sys/fs/cgroup/blkio (a cgroup v2-only machine); this test measures the v1 blkio and cpuacct files");
    assumeTrue(run("sh", "-c", "command -v losetup && command -v ip && command -v dd") != null,
        "skipped: needs losetup, ip and dd on the PATH");

    try (var f = new java.io.RandomAccessFile(image.toFile(), "rw")) {
      f.setLength(16 << 20);
    }
    String loop = run("losetup", "--find", "--show", image.toString());
    assumeTrue(loop != null, "skipped: losetup could not attach " + image + " to a loop device");
    cleanup.add(new String[] {"losetup", "-d", loop});
    String name = Path.of(loop).getFileName().toString();
    String majmin = Files.readString(Path.of("/sys/block/" + name + "/dev")).trim();
    for (String h : new String[] {"cpu", "cpuacct", "blkio"}) {
      Files.createDirectories(Path.of("/sys/fs/cgroup", h, cgroup));
      cleanup.add(new String[] {"rmdir", "/sys/fs/cgroup/" + h + "/" + cgroup});
    }
    // A limit far above what dd does: it makes blk-throttle account the cgroup's I/O.
    Files.writeString(Path.of("/sys/fs/cgroup/blkio", cgroup, "blkio.throttle.write_bps_device"), majmin + " 1073741824");
    assumeTrue(run("sh", "-c", "ip link add " + veth + "a type veth peer name " + veth + "b"
        + " && sysctl -qw net.ipv6.conf." + veth + "a.disable_ipv6=1 net.ipv6.conf." + veth + "b.disable_ipv6=1"
        + " && ip addr add 10.198.0.1/30 dev " + veth + "a && ip link set " + veth + "a up && ip link set " + veth + "b up"
        + " && ip neigh replace 10.198.0.2 lladdr 02:00:00:00:00:02 dev " + veth + "a nud permanent") != null,
        "skipped: cannot make a veth pair here (no veth module, or no network privileges)");
    cleanup.add(new String[] {"ip", "link", "del", veth + "a"});
    Thread.sleep(1000); // attach-time probes of the new loop device and link-up chatter settle

    HostSource source = new HostSource("live", null, new HostSourceConfig(
        Path.of("/proc"), Path.of("/sys"), List.of(cgroup), List.of(), Duration.ofHours(1)));
    Scrape first = new Scrape(1000);
    source.scrape(first);
    String inCgroup = "for h in cpu cpuacct blkio; do echo $$ > /sys/fs/cgroup/$h/" + cgroup + "/cgroup.procs; done; ";
    assertEquals(0, new ProcessBuilder("sh", "-c", inCgroup + "exec dd if=/dev/zero of=" + loop
        + " bs=64k count=64 oflag=direct").redirectErrorStream(true).start().waitFor());
    try (DatagramSocket out = new DatagramSocket()) {
      byte[] payload = new byte[1000];
      for (int i = 0; i < 100; i++) {
        out.send(new DatagramPacket(payload, payload.length, InetAddress.getByName("10.198.0.2"), 9));
      }
    }
    Scrape second = new Scrape(1002);
    source.scrape(second);

    // 64 writes of 64 KiB = 4 MiB in "2 s"
    assertValue(32, second, "live/disk/" + name, "write_iops");
    assertValue(2097152, second, "live/disk/" + name, "write_bytes_per_s");
    assertValue(2097152, second, "live/cgroup/" + cgroup, "write_bytes_per_s");
    assertValue(32, second, "live/cgroup/" + cgroup, "write_iops");
    // 100 frames of 14 + 20 + 8 + 1000 bytes out of one end, into the other
    assertValue(52100, second, "live/net/" + veth + "a", "tx_bytes_per_s");
    assertValue(50, second, "live/net/" + veth + "b", "rx_packets_per_s");
  }

  /** Runs a command; its trimmed output, or null when it failed. */
  private static String run(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    return p.waitFor() == 0 ? out : null;
  }
}
