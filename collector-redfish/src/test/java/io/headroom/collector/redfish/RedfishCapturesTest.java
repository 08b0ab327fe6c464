package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What each real capture in shared/fixtures/redfish must give (its README lists the quirks), the
 * expected figures worked out from the capture's own files in the comments. RedfishGoldenTest
 * holds the full discover and scrape of the same captures.
 */
class RedfishCapturesTest {
  @Test
  void idrac600FindsBothInfiniBandPortsAt25GBpsAndTheSlotsOfItsDevices() throws Exception {
    CaptureRun r = CaptureRun.of("dell-r750-idrac9-6.00.30", "r750a");
    try {
      for (String port : List.of("InfiniBand.Slot.7-1", "InfiniBand.Slot.7-2")) {
        Entity ib = r.entity("r750a/ib/" + port);
        // NetworkDeviceFunctions/<port>: DellInfiniBandPortMetrics LinkSpeed "HDR" (50 Gb/s a lane),
        // LinkWidth "4X": 4 x 50 = 200 Gb/s = 200e9 / 8 = 2.5e10 B/s
        assertEquals(Map.of("bytes_per_s", 2.5e10), ib.capacity(), port);
        assertEquals("200 Gb/s (4X HDR)", ib.attrs().get("rate"));
        // PCIeSlots: slot 7 links PCIeDevices/202-0; the adapter is InfiniBand.Slot.7
        assertTrue(r.relations().contains("r750a/ib/" + port + " behind r750a/pcie/202-0"), r.relations().toString());
        // its counters are 0 in both reads of the same file: a rate of 0, present
        assertEquals(0.0, r.reading("r750a/ib/" + port, "tx_bytes_per_s"));
      }
      // NetworkPorts lists only 7-2 (Members@odata.count 1); 7-1 is in Controllers[0].Links.NetworkPorts
      JsonNode listed = r.file("/redfish/v1/Chassis/System.Embedded.1/NetworkAdapters/InfiniBand.Slot.7/NetworkPorts");
      assertEquals(1, listed.get("Members@odata.count").asInt());
      // PCIeSlots: slot 7 is PCIeType Gen4, Lanes 16; slot 5 (177-0, the BlueField-2) Gen4, Lanes 8
      Entity ibCard = r.entity("r750a/pcie/202-0");
      assertEquals(4, ibCard.attrs().get("slot_gen"));
      assertEquals(16, ibCard.attrs().get("slot_width"));
      assertTrue(r.discovery.degraded().contains(
          "r750a/pcie/202-0: no PCIeInterface: trained width and generation not reported; slot Gen4 x16"));
      assertEquals(8, r.entity("r750a/pcie/177-0").attrs().get("slot_width"));
      assertTrue(r.relations().contains("r750a/net/NIC.Slot.5-1 behind r750a/pcie/177-0"), r.relations().toString());
      // the functions' PhysicalPortAssignment NetworkPorts/InfiniBand.Slot.7 is an error body: absent
      Fetched assigned = r.get("/redfish/v1/Chassis/System.Embedded.1/NetworkAdapters/InfiniBand.Slot.7/NetworkPorts/InfiniBand.Slot.7");
      assertFalse(assigned.ok());
      assertTrue(assigned.error().notOffered(), assigned.error().getMessage());
    } finally {
      r.close();
    }
  }

  @Test
  void idrac710SaysWhyTheBlueField3PortsHaveNoCounters() throws Exception {
    CaptureRun r = CaptureRun.of("dell-r750-multidpu-idrac9-7.10.30", "r750");
    try {
      for (String port : List.of("NIC.Slot.2-1", "NIC.Slot.5-1")) {
        // Ports/<port>/Metrics holds only "Transceivers" (of nulls); NetworkDeviceFunctions/<port> NetDevFuncType Disabled
        assertTrue(r.discovery.degraded().stream().anyMatch(l -> l.startsWith("r750/net/" + port + ": not offered: port counters (")
            && l.contains("only Transceivers") && l.contains("NetDevFuncType Disabled")), r.discovery.degraded().toString());
        assertNull(r.reading("r750/net/" + port, "rx_bytes_per_s"));
      }
    } finally {
      r.close();
    }
  }

  @Test
  void lenovoCountsItsTwoCpusNotTheTenProcessorsAndTheBcm5719PortsOnce() throws Exception {
    CaptureRun r = CaptureRun.of("lenovo-sr670v2-xcc-2.83", "sr670");
    try {
      // Systems/1/Processors: 10 members, ProcessorType CPU for 1 and 2, GPU for the other 8
      assertEquals(10, r.file("/redfish/v1/Systems/1/Processors").get("Members").size());
      assertEquals(2, r.ofKind("cpu_socket").size());
      assertEquals(2, r.entity("sr670/cpu").attrs().get("sockets"));
      // slot-27 serves its 4 ports in both Ports and NetworkPorts: 4 ports, not 8
      assertEquals(List.of("sr670/net/slot-27/1", "sr670/net/slot-27/2", "sr670/net/slot-27/3", "sr670/net/slot-27/4"),
          r.ofKind("net_port").stream().map(Entity::id).sorted().toList());
      // Chassis/1/PCIeDevices/slot_25 (M.2 kit): LanesInUse 2 of MaxLanes 8, Gen3: 2 x 985e6 = 1.97e9 B/s
      assertEquals(Map.of("bytes_per_s", 1.97e9), r.entity("sr670/pcie/slot_25").capacity());
      // slot-15 (BlueField-2) has empty Ports, NetworkPorts and controller links
      assertTrue(r.discovery.degraded().stream().anyMatch(l -> l.startsWith("sr670/net/slot-15: not offered: ports")));
    } finally {
      r.close();
    }
  }

  @Test
  void gh200ReadsItsPerCoreUtilisationSensorsAsOneFraction() throws Exception {
    CaptureRun r = CaptureRun.of("nvidia-gh200-openbmc-gh200-24.05-2", "gh200");
    try {
      // Chassis/HGX_CPU_0|1/Sensors/*_CoreUtil_N: 84 a socket, ReadingUnits "%" on a 0-100 scale;
      // the server's util is their mean / 100 (HGX_CPU_0's sum 357.4 over 168 cores: 0.0213)
      double sum = 0;
      int cores = 0;
      for (String chassis : List.of("HGX_CPU_0", "HGX_CPU_1")) {
        for (JsonNode s : r.files("/redfish/v1/Chassis/" + chassis + "/Sensors", "*_CoreUtil_*")) {
          assertEquals("%", s.get("ReadingUnits").asText());
          sum += s.get("Reading").asDouble();
          cores++;
        }
      }
      assertEquals(168, cores);
      assertEquals(sum / cores / 100, r.reading("gh200/cpu", "util"), 1e-12);
      assertEquals(0.021274, r.reading("gh200/cpu", "util"), 1e-6);
      // Systems/System_0/Processors: Socket "G1:0.0" and "G1:1.0" are two sockets, not socket 0 twice
      assertEquals(List.of("gh200/socket/0", "gh200/socket/1"), r.ofKind("cpu_socket").stream().map(Entity::id).sorted().toList());
      // PCIeDevices only under Chassis/HGX_GPU_0|1 (the system's chassis BMC_0 has none): each GPU
      // PCIeType Gen4, LanesInUse 1 of a Gen5 x1 maximum: 1 x 1969e6 B/s, degraded, named with its chassis
      for (String gpu : List.of("gh200/pcie/HGX_GPU_0/GPU_0", "gh200/pcie/HGX_GPU_1/GPU_1")) {
        assertEquals(Map.of("bytes_per_s", 1969e6), r.entity(gpu).capacity());
        assertTrue(r.discovery.degraded().contains(gpu + ": trained Gen4 x1, device capable of Gen5 x1"));
      }
      // 91 resources of this capture are error bodies: none of them is read as a resource
      assertTrue(r.file("/redfish/v1/Chassis/CPU_0/Sensors/FAN_6_F").has("error"));
      Fetched error = r.get("/redfish/v1/Chassis/CPU_0/Sensors/FAN_6_F");
      assertFalse(error.ok());
      assertTrue(error.error().notOffered(), error.error().getMessage());
    } finally {
      r.close();
    }
  }

  @Test
  void blueField3BmcListsItsThreePortsOnce() throws Exception {
    CaptureRun r = CaptureRun.of("nvidia-bluefield3-dpu-bmc-bf-24.10-10", "bf3");
    try {
      // NvidiaNetworkAdapter is under Chassis/Bluefield_BMC and Chassis/Card1 (6 port resources, 3 ports);
      // the system links Bluefield_BMC: eth0, eth1 CurrentSpeedGbps 100 (1e11 / 8 = 1.25e10 B/s), oob0 1 (1.25e8)
      Map<String, Double> ceilings = new java.util.TreeMap<>();
      r.ofKind("net_port").forEach(e -> ceilings.put(e.id(), e.capacity().get("bytes_per_s")));
      assertEquals(Map.of("bf3/net/NvidiaNetworkAdapter/eth0", 1.25e10, "bf3/net/NvidiaNetworkAdapter/eth1", 1.25e10,
          "bf3/net/NvidiaNetworkAdapter/oob0", 1.25e8), ceilings);
      // Managers/Bluefield_BMC/EthernetInterfaces/eth1 is a 200 answer with an error body: absent
      JsonNode body = r.file("/redfish/v1/Managers/Bluefield_BMC/EthernetInterfaces/eth1");
      assertTrue(body.has("error"));
      Fetched f = r.get("/redfish/v1/Managers/Bluefield_BMC/EthernetInterfaces/eth1");
      assertFalse(f.ok());
      assertTrue(f.error().notOffered());
    } finally {
      r.close();
    }
  }

  @Test
  void nvlinkSwitchTrayIsReadWithoutProblemsAndSaysWhatItLacks() throws Exception {
    CaptureRun r = CaptureRun.of("nvidia-nvlink-switch-tray-n5110-bmc-88.0002.1950", "nvsw");
    try {
      // System_0: ProcessorSummary Count 0, no NetworkAdapters, no PCIeDevices
      assertEquals(0, r.entity("nvsw/cpu").attrs().get("sockets"));
      assertEquals(List.of("nvsw/cpu"), r.ids());
      assertEquals(List.of(), r.discovery.problems());
      assertTrue(r.discovery.degraded().contains("nvsw/net: not offered: NetworkAdapters (no ports)"));
    } finally {
      r.close();
    }
  }

  /** Silence is never an answer: an entity with no reading in a scrape has a note saying why. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"dell-r750-idrac9-6.00.30, r750a", "dell-r750-multidpu-idrac9-7.10.30, r750", "lenovo-sr670v2-xcc-2.83, sr670",
      "nvidia-gh200-openbmc-gh200-24.05-2, gh200", "nvidia-bluefield3-dpu-bmc-bf-24.10-10, bf3",
      "nvidia-nvlink-switch-tray-n5110-bmc-88.0002.1950, nvsw"})
  void everyEntityWithoutReadingsSaysWhy(String capture, String host) throws Exception {
    CaptureRun r = CaptureRun.of(capture, host);
    try {
      for (Entity e : r.discovery.entities()) {
        if (r.second.readings().containsKey(e.id())) {
          continue;
        }
        assertTrue(r.discovery.degraded().stream().anyMatch(l -> l.startsWith(e.id() + ": not offered: ")),
            e.id() + " has no reading and no \"not offered\" note: " + r.discovery.degraded());
      }
    } finally {
      r.close();
    }
  }
}
