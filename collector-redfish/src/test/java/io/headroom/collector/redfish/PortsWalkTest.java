package io.headroom.collector.redfish;

import static io.headroom.collector.redfish.MiniBmc.CH;
import static io.headroom.collector.redfish.MiniBmc.CPU1;
import static io.headroom.collector.redfish.MiniBmc.CPU2;
import static io.headroom.collector.redfish.MiniBmc.collection;
import static io.headroom.collector.redfish.MiniBmc.entity;
import static io.headroom.collector.redfish.MiniBmc.link;
import static io.headroom.collector.redfish.MiniBmc.links;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Discovery;
import io.headroom.model.Entity;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ports from a written-out tree: an embedded adapter (no slot in its name) linked to its PCIe
 * device, a function on another socket than its adapter, speeds given only in Mb/s, an InfiniBand
 * port that is down, and adapters, collections and ports that fail.
 */
class PortsWalkTest {
  private static final String NA = CH + "/NetworkAdapters";
  private static final String EMB = NA + "/NIC.Embedded.1";
  private static final String IB = NA + "/InfiniBand.Slot.9";
  private static final String P1 = EMB + "/Ports/NIC.Embedded.1-1";
  private static final String P2 = EMB + "/Ports/NIC.Embedded.1-2";
  private static final String P3 = IB + "/NetworkPorts/InfiniBand.Slot.9-1";
  private static final String P4 = IB + "/NetworkPorts/InfiniBand.Slot.9-2";
  private static final String F1 = EMB + "/NetworkDeviceFunctions/NIC.Embedded.1-1-1";

  @TempDir Path dir;
  private Discovery d;

  @BeforeEach
  void discover() throws Exception {
    d = MiniBmc.dell("{\"NetworkAdapters\":" + link(NA) + ",\"PCIeDevices\":" + link(CH + "/PCIeDevices") + "}")
        .put(CH + "/PCIeDevices", collection(CH + "/PCIeDevices/23-0"))
        .put(CH + "/PCIeDevices/23-0", "{\"PCIeInterface\":{\"PCIeType\":\"Gen4\",\"LanesInUse\":16}}")
        .put(NA, collection(EMB, IB, NA + "/NIC.Slot.4", NA + "/NIC.Slot.6", NA + "/NIC.Slot.8", NA + "/NIC.Slot.9"))
        // the controller links a device that is not a known link first, then 23-0; the adapter is on CPU 1
        .put(EMB, "{\"Controllers\":[{\"Links\":{\"PCIeDevices\":" + links(CH + "/PCIeDevices/99-0", CH + "/PCIeDevices/23-0")
            + ",\"Oem\":{\"Dell\":{\"CPUAffinity\":" + links(CPU1) + "}}}}],\"Ports\":" + link(EMB + "/Ports")
            + ",\"NetworkDeviceFunctions\":" + link(EMB + "/NetworkDeviceFunctions") + "}")
        .put(EMB + "/Ports", collection(P1, P2))
        // CurrentSpeedGbps 0 beside 25,000 Mb/s: 25 Gb/s; Width 0 is no width
        .put(P1, "{\"LinkNetworkTechnology\":\"Ethernet\",\"CurrentSpeedGbps\":0,\"CurrentLinkSpeedMbps\":25000,\"Width\":0}")
        .put(P2, "{\"LinkStatus\":\"LinkDown\"}")
        .put(EMB + "/NetworkDeviceFunctions", collection(F1))
        // assignable to P1 only (no assignment link), on CPU 2, with Dell's NIC metrics
        .put(F1, "{\"AssignablePhysicalNetworkPorts\":" + links(P1) + ",\"Links\":{\"Oem\":{\"Dell\":{\"CPUAffinity\":"
            + links(CPU2) + "}}},\"Oem\":{\"Dell\":{\"DellNICPortMetrics\":" + link(F1 + "/Oem/Dell/DellNICPortMetrics/x") + "}}}")
        .put(IB, "{\"NetworkPorts\":" + link(IB + "/NetworkPorts") + "}")
        .put(IB + "/NetworkPorts", collection(P3, P4))
        .put(P3, "{\"ActiveLinkTechnology\":\"InfiniBand\",\"CurrentLinkSpeedMbps\":0,\"Width\":4,\"Metrics\":" + link(P3 + "/Metrics") + "}")
        .fail(P4)
        .fail(NA + "/NIC.Slot.4")
        .put(NA + "/NIC.Slot.6", "{\"Ports\":" + link(NA + "/NIC.Slot.6/Ports") + "}")
        .fail(NA + "/NIC.Slot.6/Ports")
        // listed, then not served: NIC.Slot.8 itself answers 404; NIC.Slot.9's NetworkPorts and functions answer 404
        .put(NA + "/NIC.Slot.9", "{\"NetworkPorts\":" + link(NA + "/NIC.Slot.9/NetworkPorts") + ",\"NetworkDeviceFunctions\":"
            + link(NA + "/NIC.Slot.9/NetworkDeviceFunctions") + "}")
        .discover(dir, "");
  }

  @Test
  void adaptersListedButNotServedAreNamedNotProblems() {
    List<String> said = d.degraded().stream().filter(n -> n.contains("listed but not served")).map(n -> n.replaceAll(
        "GET http://[^/]+", "GET BMC").replaceAll(": HTTP 404: .*; not read$", ": HTTP 404; not read")).toList();
    assertEquals(List.of("bmc1/net/NIC.Slot.8: listed but not served: GET BMC" + NA + "/NIC.Slot.8: HTTP 404; not read",
        "bmc1/net/NIC.Slot.9: listed but not served: GET BMC" + NA + "/NIC.Slot.9/NetworkPorts: HTTP 404; not read",
        "bmc1/net/NIC.Slot.9: listed but not served: GET BMC" + NA + "/NIC.Slot.9/NetworkDeviceFunctions: HTTP 404; not read"),
        said);
    // not served is not "lists none": the adapter's ports are unknown, not absent
    assertFalse(d.degraded().stream().anyMatch(n -> n.startsWith("bmc1/net/NIC.Slot.9: not offered")), d.degraded().toString());
    assertFalse(d.problems().stream().anyMatch(p -> p.contains("NIC.Slot.8") || p.contains("NIC.Slot.9")), d.problems().toString());
  }

  @Test
  void aPortTakesItsFunctionsSocketAndItsAdaptersLink() {
    Entity p1 = entity(d, "bmc1/net/NIC.Embedded.1-1");
    assertEquals("Ethernet NIC.Embedded.1-1", p1.name());
    // 25,000 Mb/s / 1000 = 25 Gb/s: 2.5e10 b/s, 25e9 / 8 = 3.125e9 B/s; the function's CPU.Socket.2 is socket 1
    assertEquals(Map.of("fabric", "ethernet", "adapter", "NIC.Embedded.1", "speed_bps", 2.5e10, "numa_node", 1), p1.attrs());
    assertEquals(Map.of("bytes_per_s", 3.125e9), p1.capacity());
    List<String> rel = MiniBmc.relations(d);
    assertTrue(rel.contains("bmc1/net/NIC.Embedded.1-1 behind bmc1/pcie/23-0"), rel.toString());
    assertTrue(rel.contains("bmc1/net/NIC.Embedded.1-1 on bmc1/socket/1"), rel.toString());
  }

  @Test
  void aPortWithoutFunctionOrTechnologyIsEthernetOnItsAdaptersSocketAndNotPolled() {
    Entity p2 = entity(d, "bmc1/net/NIC.Embedded.1-2");
    assertEquals("bmc1/net/NIC.Embedded.1-2", p2.name()); // no technology to name it by
    assertEquals(Map.of("fabric", "ethernet", "adapter", "NIC.Embedded.1", "link_status", "LinkDown", "numa_node", 0),
        p2.attrs());
    assertEquals(Map.of(), p2.capacity());
    assertTrue(MiniBmc.relations(d).contains("bmc1/net/NIC.Embedded.1-2 on bmc1/socket/0"), d.relations().toString());
    assertTrue(d.degraded().contains("bmc1/net/NIC.Embedded.1-2: not offered: port counters (no PortMetrics, "
        + "no DellNICPortMetrics or DellFCPortMetrics or DellInfiniBandPortMetrics under its functions' Oem.Dell)"),
        d.degraded().toString());
    assertFalse(d.degraded().stream().anyMatch(n -> n.startsWith("bmc1/net/NIC.Embedded.1-1:")), d.degraded().toString());
  }

  @Test
  void anInfinibandPortWithoutSpeedHasItsWidthButNoRateAndNoCeiling() {
    Entity p3 = entity(d, "bmc1/ib/InfiniBand.Slot.9-1");
    assertEquals("InfiniBand InfiniBand.Slot.9-1", p3.name());
    assertEquals(Map.of("fabric", "infiniband", "adapter", "InfiniBand.Slot.9", "width", 4, "numa_node", "unknown"),
        p3.attrs());
    assertEquals(Map.of(), p3.capacity());
    // no PCIe link in slot 9 and no socket: no relation at all
    assertFalse(MiniBmc.relations(d).stream().anyMatch(r -> r.startsWith("bmc1/ib/")), d.relations().toString());
  }

  @Test
  void failedAdaptersCollectionsAndPortsAreProblemsAndTheRestStands() {
    assertEquals(List.of("GET BMC" + P4, "GET BMC" + NA + "/NIC.Slot.4", "GET BMC" + NA + "/NIC.Slot.6/Ports"), d.problems());
    assertEquals(3, d.entities().stream().filter(e -> e.kind().equals("net_port")).count());
  }
}
