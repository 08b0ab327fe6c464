package io.headroom.collector.redfish;

import static io.headroom.collector.redfish.MiniBmc.CH;
import static io.headroom.collector.redfish.MiniBmc.SYS;
import static io.headroom.collector.redfish.MiniBmc.link;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.standin.StandinReply;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where each usage sensor is read when the chassis has a Sensors collection: a sensor that fails
 * is kept (it is there), one that is absent is looked for among Dell's numeric sensors, on Dell.
 */
class UsageWalkTest {
  private static final String SENSORS = CH + "/Sensors";
  private static final String DELL = SYS + UsageWalk.DELL_NUMERIC;

  @TempDir Path dir;

  private static String percent(int reading) {
    return "{\"Reading\":" + reading + ",\"ReadingUnits\":\"%\"}";
  }

  /** CPU answers; IO fails; MEM is absent and Dell's MEM fails; SYS is absent and Dell's SYS answers 41 %. */
  private static MiniBmc bmc(String rootJson) {
    return MiniBmc.dell("{\"Sensors\":" + link(SENSORS) + "}")
        .put("/redfish/v1", rootJson)
        .put(SENSORS + "/SystemBoardCPUUsage", percent(37))
        .fail(SENSORS + "/SystemBoardIOUsage")
        .fail(DELL + "SystemBoardMEMUsage")
        .put(DELL + "SystemBoardSYSUsage", "{\"CurrentReading\":41,\"ReadingUnits\":\"Percentage\"}");
  }

  @Test
  void onDellAnAbsentSensorIsReadFromDellsNumericSensorAndFailuresAreProblems() throws Exception {
    Discovery d = bmc("{\"Vendor\":\"Dell\",\"Systems\":" + link("/redfish/v1/Systems") + "}").discover(dir, "");
    assertEquals(List.of("GET BMC" + SENSORS + "/SystemBoardIOUsage", "GET BMC" + DELL + "SystemBoardMEMUsage"),
        d.problems());
    // IO failed but is there: polled, not "not offered"; MEM is in neither place that answered
    assertTrue(d.degraded().contains("bmc1/cpu: not offered: SystemBoardMEMUsage (AMD platforms report CPU usage only)"),
        d.degraded().toString());
  }

  @Test
  void elsewhereAnAbsentSensorIsNotOffered() throws Exception {
    Discovery d = bmc("{\"Vendor\":\"HPE\",\"Systems\":" + link("/redfish/v1/Systems") + "}").discover(dir, "");
    assertEquals(List.of("GET BMC" + SENSORS + "/SystemBoardIOUsage"), d.problems());
    assertTrue(d.degraded().contains("bmc1/cpu: not offered: SystemBoardMEMUsage, SystemBoardSYSUsage "
        + "(AMD platforms report CPU usage only)"), d.degraded().toString());
  }

  @Test
  void aSensorThatFailedDuringTheWalkIsPolledAtItsOwnPath() throws Exception {
    AtomicInteger asked = new AtomicInteger();
    Scrape s = bmc("{\"Vendor\":\"Dell\",\"Systems\":" + link("/redfish/v1/Systems") + "}")
        // fails the walk's request, answers 12 % to the poll that follows in the same scrape
        .handle(SENSORS + "/SystemBoardIOUsage", r -> asked.getAndIncrement() == 0 ? MiniBmc.failure()
            : StandinReply.json(percent(12)))
        .scrape(dir, "");
    assertEquals(0.12, Bmc.value(s, "bmc1/cpu", "bmc_io_usage"));   // 12 / 100
    assertEquals(0.37, Bmc.value(s, "bmc1/cpu", "util"));           // 37 / 100, the DMTF sensor
    assertEquals(0.41, Bmc.value(s, "bmc1/cpu", "bmc_system_usage")); // 41 / 100, Dell's numeric sensor
    assertNull(Bmc.value(s, "bmc1/cpu", "bmc_memory_usage"));
  }
}
