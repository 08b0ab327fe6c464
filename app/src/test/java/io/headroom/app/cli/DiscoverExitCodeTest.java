package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One exit-code contract for `discover`, whatever the source type: a device that does not answer
 * is one warning line on stderr (and one in the listing), the other sources are printed whole,
 * and the exit code is 3. Before, an unreachable BMC exited 0 with its problems in the listing,
 * while an unanswering SNMP agent exited 3.
 */
class DiscoverExitCodeTest {
  @TempDir Path dir;

  /** A section per type for a device on a loopback port where nothing answers. */
  private String section(String type, int tcp, int udp) {
    String http = "    url: http://127.0.0.1:" + tcp + "\n    plaintext: true\n    retries: 0\n";
    return switch (type) {
      case "redfish" -> "  - type: redfish\n    host: bmc1\n" + http + "    username: root\n    password_file: pw\n"
          + "    telemetry: poll\n";
      case "powerstore", "ontap" -> "  - type: " + type + "\n    host: arr1\n" + http
          + "    username: monitor\n    password_file: pw\n";
      case "flashblade" -> "  - type: flashblade\n    host: arr1\n" + http + "    password_file: pw\n";
      case "snmp" -> "  - type: snmp\n    host: sw1\n    agent: 127.0.0.1:" + udp + "\n    community: public\n"
          + "    timeout: 200ms\n    retries: 0\n";
      default -> throw new IllegalArgumentException(type);
    };
  }

  @org.junit.jupiter.api.Test
  void aSlowDeviceIsSaidToBeReadEveryFiveSeconds() throws Exception {
    try (io.headroom.standin.StandinServer bmc = io.headroom.standin.StandinServer.builder().start()) {
      bmc.handle("/redfish/v1", r -> io.headroom.standin.StandinReply.json("{\"Systems\":{\"@odata.id\":\"/redfish/v1/Systems\"}}"));
      bmc.handle("/redfish/v1/Systems", r -> io.headroom.standin.StandinReply.json("{\"Members\":[]}"));
      bmc.latency("/redfish/v1/Systems", java.time.Duration.ofSeconds(6)); // the walk's second request: 6 s
      Files.writeString(dir.resolve("pw"), "secret-password\n");
      Path testbed = dir.resolve("t.yaml");
      Files.writeString(testbed, "testbed: fixture\nsources:\n  - type: redfish\n    host: bmc1\n    url: "
          + bmc.baseUri() + "\n    plaintext: true\n    telemetry: poll\n");
      Cli cli = new Cli();
      cli.run("discover", "--testbed", testbed.toString());
      List<String> err = Arrays.asList(cli.err().split("\n"));
      assertEquals("headroom discover: redfish bmc1: still reading after 5 s", err.get(0), cli.err());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"redfish", "snmp", "powerstore", "ontap", "flashblade"})
  void aDeviceThatDoesNotAnswerIsAWarningAndExitCode3(String type) throws Exception {
    int tcp;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      tcp = s.getLocalPort(); // nothing listens there once closed
    }
    try (DatagramSocket silent = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      // an agent's port that takes every request and answers none
      Files.writeString(dir.resolve("pw"), "secret-password\n");
      Path testbed = dir.resolve("t.yaml");
      Files.writeString(testbed, "testbed: fixture\nsources:\n" + section(type, tcp, silent.getLocalPort())
          + "  - type: host\n    host: h1\n    proc_root: " + DiscoverCommandTest.FIXTURE.resolve("proc")
          + "\n    sys_root: " + DiscoverCommandTest.FIXTURE.resolve("sys") + "\n");
      Cli cli = new Cli();
      assertEquals(3, cli.run("discover", "--testbed", testbed.toString()), cli.err() + cli.out());
      List<String> err = Arrays.asList(cli.err().split("\n"));
      String host = type.equals("snmp") ? "sw1" : type.equals("redfish") ? "bmc1" : "arr1";
      assertEquals(1, err.size(), cli.err());
      assertTrue(err.get(0).startsWith("headroom discover: warning: " + type + " " + host + ": not discovered: "),
          cli.err());
      List<String> lines = Arrays.asList(cli.out().split("\n"));
      assertTrue(lines.get(0).startsWith(type + " " + host + ": not discovered: "), cli.out());
      assertTrue(lines.stream().anyMatch(l -> l.startsWith("host h1: ")), "the host after it is listed: " + cli.out());
    }
  }
}
