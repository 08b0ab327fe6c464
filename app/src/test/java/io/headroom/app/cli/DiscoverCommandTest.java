package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `headroom discover` over the hand-built two-socket host fixture of the host source's tests. */
class DiscoverCommandTest {
  static final Path FIXTURE = Path.of("../collector-host/src/test/resources/host/two-socket/scrape1").toAbsolutePath();

  @TempDir Path dir;

  @Test
  void printsCeilingsRelationsAndEveryDegradedLink() throws Exception {
    Path testbed = dir.resolve("t.yaml");
    Files.writeString(testbed, "testbed: fixture\nsources:\n  - type: host\n    host: h1\n"
        + "    proc_root: " + FIXTURE.resolve("proc") + "\n    sys_root: " + FIXTURE.resolve("sys") + "\n");
    Cli cli = new Cli();
    assertEquals(0, cli.run("discover", "--testbed", testbed.toString()));
    StringWriter out = cli.out;
    List<String> lines = Arrays.asList(out.toString().split("\n"));
    int degraded = lines.indexOf("degraded:");
    assertEquals(List.of(
        "  h1/pcie/0000:3b:00.0: trained Gen4 x8, device capable of Gen4 x16",
        "  h1/pcie/0000:5e:00.0: no NUMA node (numa_node -1)",
        "  h1/pcie/0000:81:00.0: trained Gen3 x4, device capable of Gen4 x4; slot 0000:80:01.0 capable of Gen3 x16",
        "  h1/pcie/0000:d8:00.0: trained Gen3 x16, device capable of Gen4 x16"),
        lines.subList(degraded + 1, degraded + 5));
    // Gen4 x8 trained: 8 lanes x 1.969 GB/s
    assertTrue(lines.stream().anyMatch(l -> l.matches("\\s+pcie_link\\s+h1/pcie/0000:3b:00\\.0\\s+ceiling bytes_per_s 15\\.752 GB/s")),
        out.toString());
    assertTrue(lines.contains("  h1/disk/nvme0n1 behind h1/pcie/0000:01:00.0"), out.toString());
  }

  @Test
  void anUnreachableSourceIsAWarningAndTheOthersArePrintedWithExitCode3() throws Exception {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort(); // nothing listens there once closed
    }
    Files.writeString(dir.resolve("ps.pw"), "secret\n");
    Path testbed = dir.resolve("t.yaml");
    Files.writeString(testbed, "testbed: fixture\nsources:\n"
        + "  - type: powerstore\n    host: ps1\n    url: http://127.0.0.1:" + closed + "\n    plaintext: true\n"
        + "    username: monitor\n    password_file: ps.pw\n    retries: 0\n"
        + "  - type: host\n    host: h1\n"
        + "    proc_root: " + FIXTURE.resolve("proc") + "\n    sys_root: " + FIXTURE.resolve("sys") + "\n");
    Cli cli = new Cli();
    assertEquals(3, cli.run("discover", "--testbed", testbed.toString()));
    List<String> err = Arrays.asList(cli.err().split("\n"));
    assertEquals(1, err.size(), cli.err());
    assertTrue(err.get(0).startsWith("headroom discover: warning: powerstore ps1: not discovered: GET http://127.0.0.1:"
        + closed + "/api/rest/login_session"), cli.err());
    List<String> lines = Arrays.asList(cli.out().split("\n"));
    assertTrue(lines.get(0).startsWith("powerstore ps1: not discovered: "), cli.out());
    // the host after it is listed whole, as when it is alone
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("host h1: ")), cli.out());
    assertTrue(lines.contains("  h1/pcie/0000:5e:00.0: no NUMA node (numa_node -1)"), cli.out());
  }
}
