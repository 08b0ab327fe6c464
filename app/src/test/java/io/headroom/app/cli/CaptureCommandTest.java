package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.standin.StandinServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `headroom capture redfish` of the hand-built R760 tree of the Redfish golden tests, and `discover` of what it wrote. */
class CaptureCommandTest {
  static final Path R760 = Path.of("../collector-redfish/src/test/resources/golden/redfish/r760-client/input").toAbsolutePath();

  @TempDir Path dir;

  private Path testbed(String name, StandinServer server, String... hosts) throws Exception {
    StringBuilder t = new StringBuilder("testbed: capture\nsources:\n");
    for (String h : hosts) {
      t.append("  - type: redfish\n    host: ").append(h).append("\n    url: ").append(server.baseUri())
          .append("\n    plaintext: true\n    role: client\n");
    }
    Path file = dir.resolve(name);
    Files.writeString(file, t.toString());
    return file;
  }

  private String discover(Path testbed, StandinServer server) throws Exception {
    Cli cli = new Cli();
    assertEquals(0, cli.run("discover", "--testbed", testbed.toString()), cli.err());
    return cli.out.toString().replace(server.baseUri().toString().replaceAll("/$", ""), "URL");
  }

  @Test
  void theCaptureDiscoversAsTheDeviceDid() throws Exception {
    Path out = dir.resolve("cap");
    String device;
    try (StandinServer bmc = StandinServer.builder().root(R760).start()) {
      Path t = testbed("t.yaml", bmc, "r760");
      device = discover(t, bmc);
      Cli cli = new Cli();
      assertEquals(0, cli.run("capture", "redfish", "--testbed", t.toString(), "--out", out.toString()), cli.err());
      assertTrue(cli.out.toString().startsWith("captured redfish r760 into " + out + ": "), cli.out.toString());
    }
    assertTrue(Files.readString(out.resolve("README.md")).startsWith("# headroom capture: redfish source of r760"));
    try (StandinServer replay = StandinServer.builder().root(out).start()) {
      assertEquals(device, discover(testbed("replay.yaml", replay, "r760"), replay));
    }
    assertTrue(device.contains("r760/"), device);
  }

  @Test
  void aFolderWithFilesInItIsRefusedBeforeTheDeviceIsAsked() throws Exception {
    Path out = Files.createDirectories(dir.resolve("used"));
    Files.writeString(out.resolve("README.md"), "an earlier capture\n");
    try (StandinServer bmc = StandinServer.builder().root(R760).start()) {
      Cli cli = new Cli();
      assertEquals(ExitCodes.USAGE, cli.run("capture", "redfish", "--testbed", testbed("t.yaml", bmc, "r760").toString(),
          "--out", out.toString()));
      assertEquals("headroom capture: --out " + out + ": not empty; name a new folder (a capture never mixes with another)",
          cli.err().strip());
      assertEquals(0, bmc.requests().size(), "the BMC was not asked");
    }
  }

  @Test
  void twoSourcesOfTheTypeNeedHost() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(R760).start()) {
      Path t = testbed("t.yaml", bmc, "a", "b");
      Cli cli = new Cli();
      assertEquals(ExitCodes.USAGE, cli.run("capture", "redfish", "--testbed", t.toString(), "--out", dir.resolve("c").toString()));
      assertEquals("headroom capture: " + t + ": 2 redfish sources (hosts a, b); name one with --host", cli.err().strip());
    }
  }
}
