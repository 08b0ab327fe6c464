package io.headroom.collector.redfish;

import static io.headroom.collector.redfish.MiniBmc.CH;
import static io.headroom.collector.redfish.MiniBmc.SYS;
import static io.headroom.collector.redfish.MiniBmc.collection;
import static io.headroom.collector.redfish.MiniBmc.entity;
import static io.headroom.collector.redfish.MiniBmc.link;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Discovery;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The walk's own choices: the CPU's name by role, the chassis when the system links none, who is Dell. */
class InventoryWalkTest {
  private static final String DELL_CPU_USAGE = SYS + UsageWalk.DELL_NUMERIC + "SystemBoardCPUUsage";
  private static final String CPU_USAGE_DOC = "{\"CurrentReading\":55,\"ReadingUnits\":\"Percentage\"}";

  @TempDir Path dir;

  @Test
  void theServersCpuIsNamedByItsRole() throws Exception {
    MiniBmc bmc = MiniBmc.dell("{}");
    assertEquals("bmc1 CPUs (BMC)", entity(bmc.discover(dir, ""), "bmc1/cpu").name());
    Discovery array = bmc.discover(dir, "role: array\n");
    assertEquals("array node bmc1 CPUs (BMC)", entity(array, "bmc1/cpu").name());
    assertEquals("array_cpu", entity(array, "bmc1/cpu").kind());
  }

  @Test
  void aSystemLinkingNoChassisTakesTheFirstOfTheServiceRootsChassis() throws Exception {
    Discovery d = MiniBmc.dell("{\"PCIeDevices\":" + link(CH + "/PCIeDevices") + "}")
        .put("/redfish/v1", "{\"Vendor\":\"Dell\",\"Systems\":" + link("/redfish/v1/Systems") + ",\"Chassis\":"
            + link("/redfish/v1/Chassis") + "}")
        .put(SYS, "{\"Links\":{}}")
        .put("/redfish/v1/Chassis", collection(CH, "/redfish/v1/Chassis/Enclosure.2"))
        .put(CH + "/PCIeDevices", collection(CH + "/PCIeDevices/23-0"))
        .put(CH + "/PCIeDevices/23-0", "{\"PCIeInterface\":{\"PCIeType\":\"Gen4\",\"LanesInUse\":16}}")
        .discover(dir, "");
    assertEquals(16 * 1969e6, entity(d, "bmc1/pcie/23-0").capacity().get("bytes_per_s")); // Gen4 x16, read from C1
    assertEquals(List.of(), d.problems());
  }

  @Test
  void anEmptyChassisCollectionIsNoChassis() throws Exception {
    Discovery d = MiniBmc.dell("{}")
        .put("/redfish/v1", "{\"Vendor\":\"Dell\",\"Systems\":" + link("/redfish/v1/Systems") + ",\"Chassis\":"
            + link("/redfish/v1/Chassis") + "}")
        .put(SYS, "{}")
        .put("/redfish/v1/Chassis", collection())
        .discover(dir, "");
    assertTrue(d.degraded().contains("bmc1/pcie: not offered: PCIeDevices (no PCIe links)"), d.degraded().toString());
    assertTrue(d.degraded().contains("bmc1/net: not offered: NetworkAdapters (no ports)"), d.degraded().toString());
  }

  @Test
  void aDellOemSectionMakesItDellWithoutAVendor() throws Exception {
    Discovery d = MiniBmc.dell("{}")
        .put("/redfish/v1", "{\"Oem\":{\"Dell\":{}},\"Systems\":" + link("/redfish/v1/Systems") + "}")
        .put(DELL_CPU_USAGE, CPU_USAGE_DOC)
        .discover(dir, "");
    // Dell's numeric CPU sensor is found: only the other three are missing
    assertTrue(d.degraded().contains("bmc1/cpu: not offered: SystemBoardIOUsage, SystemBoardMEMUsage, "
        + "SystemBoardSYSUsage (AMD platforms report CPU usage only)"), d.degraded().toString());
  }

  @Test
  void anotherVendorsBmcIsNotAskedForDellsSensors() throws Exception {
    Discovery d = MiniBmc.dell("{}")
        .put("/redfish/v1", "{\"Vendor\":\"HPE\",\"Systems\":" + link("/redfish/v1/Systems") + "}")
        .put(DELL_CPU_USAGE, CPU_USAGE_DOC)
        .discover(dir, "");
    assertTrue(d.degraded().contains("bmc1/cpu: not offered: SystemBoardCPUUsage, SystemBoardIOUsage, "
        + "SystemBoardMEMUsage, SystemBoardSYSUsage (no platform usage sensors)"), d.degraded().toString());
  }
}
