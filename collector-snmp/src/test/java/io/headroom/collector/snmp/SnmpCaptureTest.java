package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.collector.capture.Capture;
import io.headroom.collector.golden.Golden;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.standin.Captures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * headroom capture snmp of the real Dell Z9100 walk (served by snmpsim): the .snmprec it writes,
 * served by snmpsim again, gives the SNMP source the same entities and readings.
 */
class SnmpCaptureTest {
  private static final String Z9100 = "snmp/dnos_z9100-on.snmprec";

  @TempDir Path dir;

  private static Path fixtureDir() {
    Path d = Captures.find("snmp");
    assumeTrue(d != null && Files.exists(d.resolve("dnos_z9100-on.snmprec")), "skipped: shared/fixtures/" + Z9100 + " absent");
    return d;
  }

  private static ObjectNode settings(SnmpSim sim, String community) {
    return new ObjectMapper().createObjectNode().put("agent", sim.agent()).put("community", community);
  }

  private static String render(SnmpSim sim, String community) throws Exception {
    try (Source s = new SnmpSourceFactory().create(new SourceContext("sw1", null, Path.of(".")), settings(sim, community))) {
      String discovered = Golden.render(s.discover());
      s.scrape(new Scrape(1000));
      Scrape second = new Scrape(1005);
      s.scrape(second);
      return discovered + "---\n" + Golden.render(second);
    }
  }

  private String roundTrip(boolean keepSerials, Path out) throws Exception {
    SnmpSim.assumeInstalled();
    try (SnmpSim sim = SnmpSim.start(fixtureDir(), "dnos_z9100-on")) {
      Capture.capture(new SnmpSourceFactory(), new SourceContext("sw1", null, Path.of(".")),
          settings(sim, "dnos_z9100-on"), out, keepSerials, Clock.systemUTC());
      return render(sim, "dnos_z9100-on");
    }
  }

  @Test
  void keptSerialsCaptureServesTheSameEntitiesAndReadings() throws Exception {
    Path out = dir.resolve("cap");
    String device = roundTrip(true, out);
    try (SnmpSim replay = SnmpSim.start(out, "capture")) {
      assertEquals(device, render(replay, "capture"));
    }
    assertTrue(device.contains("sw1/port/"), device);
  }

  @Test
  void redactedCaptureHasNoMacAndAsManyReadings() throws Exception {
    Path out = dir.resolve("cap");
    String device = roundTrip(false, out);
    List<String> lines = Files.readAllLines(out.resolve("capture.snmprec"));
    // ifPhysAddress of every port is the first placeholder or later, never a vendor's OUI
    List<String> macs = lines.stream().filter(l -> l.startsWith("1.3.6.1.2.1.2.2.1.6.") && l.contains("|4x|")).toList();
    assertFalse(macs.isEmpty(), "the Z9100 walk has ifPhysAddress values");
    assertTrue(macs.stream().allMatch(l -> l.contains("|4x|02000000")), macs.toString());
    try (SnmpSim replay = SnmpSim.start(out, "capture")) {
      assertEquals(device.lines().count(), render(replay, "capture").lines().count());
    }
  }
}
