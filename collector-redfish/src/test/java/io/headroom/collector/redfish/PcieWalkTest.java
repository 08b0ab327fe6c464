package io.headroom.collector.redfish;

import static io.headroom.collector.redfish.MiniBmc.CH;
import static io.headroom.collector.redfish.MiniBmc.CPU2;
import static io.headroom.collector.redfish.MiniBmc.SYS;
import static io.headroom.collector.redfish.MiniBmc.collection;
import static io.headroom.collector.redfish.MiniBmc.entity;
import static io.headroom.collector.redfish.MiniBmc.link;
import static io.headroom.collector.redfish.MiniBmc.links;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Discovery;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PCIe links from a written-out tree: which slot a device is in, the lane guard, and failures. */
class PcieWalkTest {
  private static final String DEVICES = CH + "/PCIeDevices";
  private static final String SLOTS = CH + "/PCIeSlots";

  @TempDir Path dir;

  private static String slot(int ordinal, int lanes, String device, String processors) {
    return "{\"Lanes\":" + lanes + ",\"PCIeType\":\"Gen4\",\"SlotType\":\"FullLength\",\"Location\":{\"PartLocation\":"
        + "{\"LocationOrdinalValue\":" + ordinal + "}},\"Links\":{\"PCIeDevice\":" + links(device) + ",\"Processors\":"
        + processors + "}}";
  }

  private static String trained(String gen, int lanes, String maxGen, int maxLanes) {
    return "\"PCIeInterface\":{\"PCIeType\":\"" + gen + "\",\"LanesInUse\":" + lanes + ",\"MaxPCIeType\":\"" + maxGen
        + "\",\"MaxLanes\":" + maxLanes + "}";
  }

  private Discovery discover() throws Exception {
    return MiniBmc.dell("{\"PCIeDevices\":" + link(DEVICES) + ",\"PCIeSlots\":" + link(SLOTS) + "}")
        .put(DEVICES, collection(DEVICES + "/64-0", DEVICES + "/1-0", DEVICES + "/2-0", DEVICES + "/3-0", DEVICES + "/4-0",
            DEVICES + "/5-0"))
        // 64 lanes in use is the most the guard takes; MaxLanes 65 is past it: not reported
        .put(DEVICES + "/64-0", "{" + trained("Gen4", 64, "Gen4", 65) + "}")
        // its own Slot (with Lanes) wins over the chassis slot 5 listing it
        .put(DEVICES + "/1-0", "{" + trained("Gen3", 8, "Gen3", 8) + ",\"Slot\":{\"Lanes\":8,\"PCIeType\":\"Gen3\","
            + "\"SlotType\":\"HalfLength\",\"Location\":{\"PartLocation\":{\"LocationOrdinalValue\":1}}}}")
        // a Slot without Lanes is only a location: the chassis slot 2 (on CPU 2) is used
        .put(DEVICES + "/2-0", "{" + trained("Gen4", 16, "Gen4", 16) + ",\"Slot\":{\"Location\":{\"PartLocation\":"
            + "{\"LocationOrdinalValue\":9}}}}")
        .put(DEVICES + "/3-0", "{\"Name\":\"LOM\"}")
        .put(DEVICES + "/5-0", "{\"Name\":\"Video\"}") // in slot 4, whose Lanes is 0: nothing to say of it
        .fail(DEVICES + "/4-0")
        .put(SLOTS, "{\"Slots\":[" + slot(5, 16, DEVICES + "/1-0", "[]") + "," + slot(2, 16, DEVICES + "/2-0", links(CPU2))
            + "," + slot(3, 16, DEVICES + "/3-0", "[]") + "," + slot(4, 0, DEVICES + "/5-0", "[]") + "]}")
        .discover(dir, "");
  }

  @Test
  void sixtyFourLanesAreTheMostTakenAndMoreIsUnknown() throws Exception {
    Discovery d = discover();
    assertEquals(Map.of("gen", 4, "width", 64, "max_gen", 4, "numa_node", "unknown"), entity(d, "bmc1/pcie/64-0").attrs());
    assertEquals(Map.of("bytes_per_s", 64 * 1969e6), entity(d, "bmc1/pcie/64-0").capacity()); // Gen4 x64
  }

  @Test
  void aDevicesOwnSlotWithLanesWinsAndOneWithoutLanesGivesWayToTheChassisSlot() throws Exception {
    Discovery d = discover();
    // 1-0: its own slot 1, Gen3 x8, where it trained Gen3 x8: not degraded (chassis slot 5 is x16)
    assertEquals(Map.of("gen", 3, "width", 8, "max_gen", 3, "max_width", 8, "slot", 1, "slot_gen", 3, "slot_width", 8,
        "slot_type", "HalfLength", "numa_node", "unknown"), entity(d, "bmc1/pcie/1-0").attrs());
    // 2-0: chassis slot 2, Gen4 x16, linked to CPU.Socket.2: socket 1
    assertEquals(Map.of("gen", 4, "width", 16, "max_gen", 4, "max_width", 16, "slot", 2, "slot_gen", 4, "slot_width", 16,
        "slot_type", "FullLength", "numa_node", 1), entity(d, "bmc1/pcie/2-0").attrs());
    assertTrue(MiniBmc.relations(d).contains("bmc1/pcie/2-0 on bmc1/socket/1"), d.relations().toString());
    // (every link says its traffic is not offered: Redfish has no PCIe byte counters; that is no degradation)
    assertFalse(d.degraded().stream().filter(n -> !n.contains(": not offered: traffic "))
        .anyMatch(n -> n.startsWith("bmc1/pcie/1-0") || n.startsWith("bmc1/pcie/2-0")),
        d.degraded().toString());
  }

  @Test
  void aDeviceWithoutPcieInterfaceSaysWhatItsSlotOffersAndAFailedDeviceIsAProblem() throws Exception {
    Discovery d = discover();
    assertTrue(d.degraded().contains("bmc1/pcie/3-0: no PCIeInterface: trained width and generation not reported; "
        + "slot Gen4 x16"), d.degraded().toString());
    assertEquals(Map.of(), entity(d, "bmc1/pcie/3-0").capacity());
    assertTrue(d.degraded().contains("bmc1/pcie/5-0: no PCIeInterface: trained width and generation not reported"),
        d.degraded().toString());
    assertEquals(List.of("GET BMC" + DEVICES + "/4-0"), d.problems());
  }

  @Test
  void unreadableCollectionsAreProblemsNotAbsences() throws Exception {
    Discovery d = MiniBmc.dell("{\"PCIeDevices\":" + link(DEVICES) + ",\"PCIeSlots\":" + link(SLOTS)
            + ",\"NetworkAdapters\":" + link(CH + "/NetworkAdapters") + "}")
        .fail(DEVICES).fail(SLOTS).fail(CH + "/NetworkAdapters")
        .discover(dir, "");
    assertEquals(List.of("GET BMC" + DEVICES, "GET BMC" + SLOTS, "GET BMC" + CH + "/NetworkAdapters"), d.problems());
    // the collection is there but failed: no links this time, and not "not offered"
    assertFalse(d.degraded().stream().anyMatch(n -> n.contains("not offered: PCIeDevices")), d.degraded().toString());
    assertFalse(d.entities().stream().anyMatch(e -> e.kind().equals("pcie_link")), d.entities().toString());
  }

  @Test
  void anUnreadableSlotsResourceIsAProblemAndTheDevicesStand() throws Exception {
    Discovery d = MiniBmc.dell("{\"PCIeSlots\":" + link(SLOTS) + "}")
        .put(SYS, "{\"Links\":{\"Chassis\":" + links(CH) + "},\"PCIeDevices\":" + links(SYS + "/PCIeDevices/6-0") + "}")
        .put(SYS + "/PCIeDevices/6-0", "{" + trained("Gen4", 8, "Gen4", 16) + "}")
        .fail(SLOTS)
        .discover(dir, "");
    assertEquals(List.of("GET BMC" + SLOTS), d.problems());
    // older firmware's system PCIeDevices list; trained x8 of x16: degraded, ceiling 8 x 1969e6
    assertEquals(Map.of("bytes_per_s", 8 * 1969e6), entity(d, "bmc1/pcie/6-0").capacity());
    assertTrue(d.degraded().contains("bmc1/pcie/6-0: trained Gen4 x8, device capable of Gen4 x16"), d.degraded().toString());
  }
}
