package io.headroom.collector.devices;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.headroom.collector.redfish.BmcProfile;
import io.headroom.collector.snmp.AgentProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/devices.md's tables of vendor and firmware profiles are the profiles themselves
 * ({@link BmcProfile#ALL}, {@link AgentProfile#ALL}), rendered here: the section between its
 * markers must read exactly so ({@code -Dheadroom.golden.update=true} rewrites it, and fails, so the
 * diff is reviewed). Every profile names at least one golden case, and each case it names exists.
 */
class DeviceProfilesDocsTest {
  private static final Path DOC = Path.of("../docs/devices.md");
  // each family's golden cases, in its own module (the profiles span two families, so this test is app's)
  private static final Path REDFISH_CASES = Path.of("../collector-redfish/src/test/resources/golden/redfish");
  private static final Path SNMP_CASES = Path.of("../collector-snmp/src/test/resources/golden/snmp");
  static final String BEGIN = "<!-- profiles: generated from redfish.BmcProfile.ALL and snmp.AgentProfile.ALL; "
      + "DeviceProfilesDocsTest checks it -->";
  static final String END = "<!-- /profiles -->";

  static String render() {
    StringBuilder s = new StringBuilder(BEGIN).append("\n\nRedfish (`redfish.BmcProfile`, matched by the service root's "
        + "`Vendor`, else an `Oem` key; the last matches every service):\n\n"
        + "| family | matched by | ports live | counters | OEM objects read | usage sensors | no session slot free (MessageId) "
        + "| quirks | proof (golden/redfish/) |\n"
        + "|---|---|---|---|---|---|---|---|---|\n");
    for (BmcProfile p : BmcProfile.ALL) {
      String match = (p.vendors().isEmpty() ? "" : "Vendor " + String.join(" or ", p.vendors()))
          + (p.oemKey() == null ? "" : (p.vendors().isEmpty() ? "" : "; ") + "Oem." + p.oemKey());
      BmcProfile.Oem oem = p.oem();
      String oemRead = oem.key() == null ? "none" : "Oem." + oem.key() + " of a function: " + String.join(", ", oem.functionPortMetrics())
          + " (port metrics, decoded as " + oem.functionPortMetricsFormat() + "), " + String.join(", ", oem.functionObjects())
          + " (FQDDs); Links.Oem." + oem.key() + ".CPUAffinity"
          + (oem.uniquePortIds() == null ? "" : "; port Ids `" + oem.uniquePortIds().pattern() + "` unique in the server")
          + (oem.adapterSlot() == null ? "" : "; adapter Ids `" + oem.adapterSlot().pattern() + "` name their PCIe slot");
      String ports = p.portsLive() + (p.systemPorts() == null ? "" : " (read: where no chassis lists an adapter, the system's `"
          + p.systemPorts() + "`)");
      s.append(row(p.family(), match.isEmpty() ? "any service" : match, ports,
          p.counterUnits() + " | " + oemRead + " | " + sensors(p.sensors()) + " | " + sessionLimit(p.sessionLimit()), p.quirks(),
          p.proof()));
    }
    s.append("\nSNMP (`snmp.AgentProfile`, matched by sysObjectID, `.*` for an arc; the last matches every agent):\n\n"
        + "| family | sysObjectID | ports live | connUnitPortStatCountBBCreditZero | quirks | proof (golden/snmp/) |\n"
        + "|---|---|---|---|---|---|\n");
    for (AgentProfile p : AgentProfile.ALL) {
      s.append(row(p.family(), p.sysObjectIds().isEmpty() ? "any" : String.join(", ", p.sysObjectIds()), p.portsLive(),
          p.creditZero() == AgentProfile.CreditZero.TICKS_2_5US ? "2.5 us ticks at zero credit" : "transitions, two per event",
          p.quirks(), p.proof()));
    }
    return s.append("\n").append(END).toString();
  }

  /** Where the profile's usage sensors are and how they are read, as {@link BmcProfile.Sensors} says. */
  private static String sensors(BmcProfile.Sensors s) {
    if (s.equals(BmcProfile.Sensors.DMTF)) {
      return "DMTF Sensor: `Reading`, percent as `%` or `Percent`";
    }
    List<String> parts = new ArrayList<>();
    parts.add("reading at " + code(s.readings()));
    if (!s.states().isEmpty()) {
      parts.add("state at " + code(s.states()) + " (Unknown: no reading)");
    }
    parts.add("percent as " + String.join(" or ", s.percentUnits().stream().map(v -> "`" + v + "`").toList()));
    if (s.underSystem() != null) {
      parts.add("without the chassis sensor, `<system>" + s.underSystem() + "<sensor>`");
    }
    if (s.perCore() != null) {
      parts.add("without a CPU usage sensor, the mean of per-core sensors `" + s.perCore().pattern() + "`");
    }
    if (!s.noReading().isEmpty()) {
      parts.add("a reading of " + String.join(" or ", s.noReading().stream().map(v -> "`" + (long) (double) v + "`").toList())
          + " is none");
    }
    return String.join("; ", parts);
  }

  /** The MessageIds a profile names as "no session slot free", with the version a firmware writes left open. */
  private static String sessionLimit(List<String> ids) {
    return ids.isEmpty() ? "the last profile's (every service)" : String.join(", ", ids.stream()
        .map(id -> "`" + id.substring(0, id.indexOf('.')) + ".<version>" + id.substring(id.indexOf('.')) + "`").toList());
  }

  private static String code(List<String> values) {
    return String.join(", else ", values.stream().map(v -> "`" + v + "`").toList());
  }

  private static String row(String family, String match, String ports, String counters, List<String> quirks, List<String> proof) {
    return "| " + String.join(" | ", family, match, ports, counters, quirks.isEmpty() ? "none" : String.join("; ", quirks),
        String.join(", ", proof.stream().map(c -> "`" + c + "`").toList())) + " |\n";
  }

  @Test
  void theDocsTableIsTheProfiles() throws Exception {
    String doc = Files.readString(DOC);
    int from = doc.indexOf(BEGIN);
    int to = doc.indexOf(END);
    String expected = render();
    if (Boolean.getBoolean("headroom.golden.update")) {
      String updated = from < 0 ? doc + "\n## Vendor and firmware profiles\n\n" + expected + "\n"
          : doc.substring(0, from) + expected + doc.substring(to + END.length());
      Files.writeString(DOC, updated);
      fail("docs/devices.md's profile tables rewritten; review the diff and run again without -Dheadroom.golden.update");
    }
    assertTrue(from >= 0 && to > from, "docs/devices.md has no profile tables between " + BEGIN + " and " + END);
    assertEquals(expected, doc.substring(from, to + END.length()));
  }

  @Test
  void everyProfileIsProvedByGoldenCasesThatExist() {
    for (BmcProfile p : BmcProfile.ALL) {
      assertTrue(!p.proof().isEmpty(), p.family() + " names no capture");
      p.proof().forEach(c -> assertTrue(Files.isDirectory(REDFISH_CASES.resolve(c)), p.family() + ": no case " + c));
    }
    for (AgentProfile p : AgentProfile.ALL) {
      assertTrue(!p.proof().isEmpty(), p.family() + " names no capture");
      p.proof().forEach(c -> assertTrue(Files.isDirectory(SNMP_CASES.resolve(c)), p.family() + ": no case " + c));
    }
  }
}
