package io.headroom.collector.redfish;

import static io.headroom.collector.redfish.MiniBmc.CH;
import static io.headroom.collector.redfish.MiniBmc.CPU1;
import static io.headroom.collector.redfish.MiniBmc.link;
import static io.headroom.collector.redfish.MiniBmc.links;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.standin.StandinReply;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's util from per-core sensors (NVIDIA's OpenBMC on GH200, whose capture
 * RedfishCapturesTest reads whole): which sensors count, and when no util is better than a part.
 * System S1's chassis C1 offers only the IO usage sensor; chassis CPU0 links socket 1 and holds the
 * core sensors.
 */
class CoreUtilWalkTest {
  private static final String CORES = "/redfish/v1/Chassis/CPU0";
  private static final String SENSORS = CORES + "/Sensors";
  private static final String ROOT = "{\"Vendor\":\"NVIDIA\",\"Systems\":" + link("/redfish/v1/Systems")
      + ",\"Chassis\":" + link("/redfish/v1/Chassis") + "}";

  @TempDir Path dir;

  private static String core(Object reading) {
    return "{\"Reading\":" + reading + ",\"ReadingType\":\"Percent\",\"ReadingUnits\":\"%\"}";
  }

  /** C1 with only the IO usage sensor (21 %); CPU0 with these sensors (name to document). */
  private static MiniBmc bmc(String... sensorAndDoc) {
    MiniBmc bmc = MiniBmc.dell("{\"Sensors\":" + link(CH + "/Sensors") + "}")
        .put("/redfish/v1", ROOT)
        .put("/redfish/v1/Chassis", MiniBmc.collection(CH, CORES, "/redfish/v1/Chassis/Broken"))
        .fail("/redfish/v1/Chassis/Broken") // read only to look for cores: skipped without a problem
        .put(CH + "/Sensors/SystemBoardIOUsage", "{\"Reading\":21,\"ReadingUnits\":\"%\"}")
        .put(CORES, "{\"Sensors\":" + link(SENSORS) + ",\"Links\":{\"Processors\":" + links(CPU1) + "}}");
    String[] members = new String[sensorAndDoc.length / 2];
    for (int i = 0; i < sensorAndDoc.length; i += 2) {
      members[i / 2] = SENSORS + "/" + sensorAndDoc[i];
      bmc.put(members[i / 2], sensorAndDoc[i + 1]);
    }
    return bmc.put(SENSORS, MiniBmc.collection(members));
  }

  @Test
  void theCoresAreReadWhereTheUsageSensorsLackOnlyCpu() throws Exception {
    MiniBmc bmc = bmc("CPU_0_CoreUtil_0", core(10), "CPU_0_CoreUtil_1", core(30),
        "CPU_0_Util", core(99), // a percent sensor, not a core's: not in the mean
        "CPU_0_CoreUtil_2", "{\"ReadingType\":\"Temperature\",\"ReadingUnits\":\"Cel\",\"Reading\":55}",
        "CPU_0_CoreUtil_3", "{\"ReadingType\":\"Percent\",\"Reading\":50}", // type alone says percent
        "CPU_0_CoreUtil_4", "{\"ReadingUnits\":\"%\",\"Reading\":70}"); // unit alone says percent
    Scrape s = bmc.scrape(dir, "");
    assertEquals(0.21, Bmc.value(s, "bmc1/cpu", "bmc_io_usage")); // the usage sensor that is there
    assertEquals((10 + 30 + 50 + 70) / 4.0 / 100, Bmc.value(s, "bmc1/cpu", "util"), 1e-12);
    Discovery d = bmc.discover(dir, "");
    assertEquals("mean of 4 per-core CoreUtil sensors (Percent) / 100",
        MiniBmc.entity(d, "bmc1/cpu").attrs().get("util_source"));
    assertEquals(List.of(), d.problems());
  }

  @Test
  void theCoresAreReadOnlyWhereTheProfileNamesThem() throws Exception {
    // the same service without a Vendor: the DMTF profile names no per-core sensors, none is read
    MiniBmc bmc = bmc("CPU_0_CoreUtil_0", core(10)).put("/redfish/v1", ROOT.replace("\"Vendor\":\"NVIDIA\",", ""));
    Scrape s = bmc.scrape(dir, "");
    assertEquals(0.21, Bmc.value(s, "bmc1/cpu", "bmc_io_usage"));
    assertNull(Bmc.value(s, "bmc1/cpu", "util"));
  }

  @Test
  void aCoreThatFailsInTheWalkIsAProblemAndLeftOut() throws Exception {
    MiniBmc bmc = bmc("CPU_0_CoreUtil_0", core(10), "CPU_0_CoreUtil_1", core(30));
    bmc.fail(SENSORS + "/CPU_0_CoreUtil_1");
    Discovery d = bmc.discover(dir, "");
    assertEquals(List.of("GET BMC" + SENSORS + "/CPU_0_CoreUtil_1"), d.problems());
    assertEquals("mean of 1 per-core CoreUtil sensors (Percent) / 100", MiniBmc.entity(d, "bmc1/cpu").attrs().get("util_source"));
    // in a scrape the walk's problems are the scrape's, under "inventory"; the one core left is read
    Scrape s = bmc.scrape(dir, "");
    assertEquals(List.of("inventory: GET BMC" + SENSORS + "/CPU_0_CoreUtil_1"),
        s.problems().stream().map(p -> p.replaceAll("http://[^/]+", "BMC")).map(p -> p.substring(0, p.indexOf(": ", 11))).toList());
    assertEquals(0.10, Bmc.value(s, "bmc1/cpu", "util"), 1e-12);
  }

  @Test
  void aCoreWithoutAReadingOrThatFailsInTheScrapeLeavesNoUtil() throws Exception {
    Scrape unread = bmc("CPU_0_CoreUtil_0", core(10), "CPU_0_CoreUtil_1", core("null")).scrape(dir, "");
    assertNull(Bmc.value(unread, "bmc1/cpu", "util")); // the mean of one core would mislead
    AtomicInteger asked = new AtomicInteger();
    MiniBmc failsLater = bmc("CPU_0_CoreUtil_0", core(10), "CPU_0_CoreUtil_1", core(30));
    failsLater.handle(SENSORS + "/CPU_0_CoreUtil_1",
        r -> asked.incrementAndGet() == 1 ? StandinReply.json(core(30)) : MiniBmc.failure()); // the walk's read only
    Scrape s = failsLater.scrape(dir, "");
    assertNull(Bmc.value(s, "bmc1/cpu", "util"));
    assertEquals(List.of("GET " + "BMC" + SENSORS + "/CPU_0_CoreUtil_1"),
        s.problems().stream().map(p -> p.replaceAll("http://[^/]+", "BMC")).map(p -> p.substring(0, p.indexOf(": "))).toList());
  }

  @Test
  void withTheCpuUsageSensorTheCoresAreNotRead() throws Exception {
    MiniBmc bmc = bmc("CPU_0_CoreUtil_0", core(10))
        .put(CH + "/Sensors/SystemBoardCPUUsage", "{\"Reading\":37,\"ReadingUnits\":\"%\"}");
    Scrape s = bmc.scrape(dir, "");
    assertEquals(0.37, Bmc.value(s, "bmc1/cpu", "util"));
    assertNull(MiniBmc.entity(bmc.discover(dir, ""), "bmc1/cpu").attrs().get("util_source"));
  }
}
