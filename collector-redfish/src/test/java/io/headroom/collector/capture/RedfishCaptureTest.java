package io.headroom.collector.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.collector.redfish.RedfishSourceFactory;
import io.headroom.standin.Captures;
import io.headroom.standin.StandinServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A capture of a real BMC (the R750 iDRAC9 7.10.30 recording, served by the stand-in) reads back as the BMC. */
class RedfishCaptureTest {
  private static final String R750 = "redfish/dell-r750-multidpu-idrac9-7.10.30";
  private static final CaptureRoundTrip CLIENT = CaptureRoundTrip.of(s -> s.put("role", "client"));

  private static Path r750() {
    Path p = Captures.find(R750);
    assumeTrue(p != null, "skipped: shared/fixtures/" + R750 + " is not on this machine");
    return p;
  }

  @Test
  void keptSerialsCaptureServesTheSameEntitiesAndReadings(@TempDir Path out) throws Exception {
    RedfishSourceFactory factory = new RedfishSourceFactory();
    String device;
    try (StandinServer bmc = StandinServer.builder().root(r750()).start()) {
      device = CLIENT.render(factory, bmc);
      CLIENT.capture(factory, bmc, out, true);
    }
    try (StandinServer replay = StandinServer.builder().root(out).start()) {
      assertEquals(device, CLIENT.render(factory, replay));
    }
    assertTrue(device.contains("nic"), "the R750 has NICs to compare: " + device);
  }

  @Test
  void redactedCaptureHasNoSerialYetReadsTheSameWithPlaceholders(@TempDir Path out) throws Exception {
    RedfishSourceFactory factory = new RedfishSourceFactory();
    String device;
    Capture.Result result;
    try (StandinServer bmc = StandinServer.builder().root(r750()).start()) {
      device = CLIENT.render(factory, bmc);
      result = CLIENT.capture(factory, bmc, out, false);
    }
    // the recorded chassis's service tag, as the fixture's Chassis/System.Embedded.1 has it
    String serial = CaptureWriter.JSON.readTree(r750().resolve("redfish/v1/Chassis/System.Embedded.1/index.json").toFile())
        .path("SerialNumber").asText();
    assertFalse(serial.isBlank(), "the fixture's chassis has a SerialNumber");
    String all = allText(out);
    assertFalse(all.contains(serial), "serial " + serial + " left in the capture");
    assertTrue(all.contains("SERIAL"), "placeholders written");
    // the service root's RedfishVersion and the system's BiosVersion, as the fixture has them
    assertEquals("Redfish 1.18.0, vendor Dell; PowerEdge R750 BIOS " + bios(), result.firmware());
    assertTrue(Files.readString(out.resolve("README.md")).contains(result.firmware()));
    try (StandinServer replay = StandinServer.builder().root(out).start()) {
      String replayed = CLIENT.render(factory, replay);
      assertEquals(device.lines().count(), replayed.lines().count(), "as many entities and readings");
      assertFalse(replayed.contains(serial));
    }
  }

  private static String bios() throws Exception {
    return CaptureWriter.JSON.readTree(r750().resolve("redfish/v1/Systems/System.Embedded.1/index.json").toFile())
        .path("BiosVersion").asText();
  }

  private static String allText(Path root) throws Exception {
    StringBuilder b = new StringBuilder();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        b.append(f).append('\n').append(Files.readString(f));
      }
    }
    return b.toString();
  }
}
