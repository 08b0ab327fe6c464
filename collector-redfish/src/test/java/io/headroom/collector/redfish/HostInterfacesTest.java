package io.headroom.collector.redfish;

import static io.headroom.collector.redfish.MiniBmc.CH;
import static io.headroom.collector.redfish.MiniBmc.SYS;
import static io.headroom.collector.redfish.MiniBmc.collection;
import static io.headroom.collector.redfish.MiniBmc.entity;
import static io.headroom.collector.redfish.MiniBmc.link;
import static io.headroom.collector.redfish.MiniBmc.links;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Discovery;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ports from the system's EthernetInterfaces where no chassis lists a network adapter, as the HPE
 * iLO 5 profile says (hpe-dl325g10p-ilo5-2.46 reads the real capture): one port per MAC address.
 */
class HostInterfacesTest {
  private static final String EI = SYS + "/EthernetInterfaces";

  @TempDir Path dir;

  private static MiniBmc bmc(String vendor, String... idAndDoc) {
    String[] members = new String[idAndDoc.length / 2];
    MiniBmc bmc = MiniBmc.dell("{\"NetworkAdapters\":" + link(CH + "/NetworkAdapters") + "}")
        .put("/redfish/v1", "{\"Vendor\":\"" + vendor + "\",\"Systems\":" + link("/redfish/v1/Systems") + "}")
        .put(SYS, "{\"Links\":{\"Chassis\":" + links(CH) + "},\"EthernetInterfaces\":" + link(EI) + "}")
        .put(CH + "/NetworkAdapters", collection());
    for (int i = 0; i < idAndDoc.length; i += 2) {
      members[i / 2] = EI + "/" + idAndDoc[i];
      bmc.put(members[i / 2], idAndDoc[i + 1]);
    }
    return bmc.put(EI, collection(members));
  }

  @Test
  void eachMacIsOnePortWithItsSpeedAsCeilingAndABondOrVirtualInterfaceIsNone() throws Exception {
    Discovery d = bmc("HPE",
        "1", "{\"Name\":\"eno1\",\"MACAddress\":\"94:40:C9:5C:86:BC\",\"SpeedMbps\":25000,\"LinkStatus\":\"LinkUp\"}",
        "2", "{\"Name\":\"bond0\",\"MACAddress\":\"94:40:c9:5c:86:bc\",\"SpeedMbps\":50000}", // eno1's MAC: a bond over it
        "3", "{\"Name\":\"vnic\",\"MACAddress\":\"02:00:00:00:00:01\",\"EthernetInterfaceType\":\"Virtual\"}",
        "4", "{\"Name\":\"eno2\",\"MACAddress\":\"94:40:c9:5c:86:bd\",\"LinkStatus\":\"LinkDown\"}")
        .discover(dir, "");
    // 25000 Mb/s = 25e9 b/s, / 8 = 3.125e9 bytes/s
    assertEquals(3.125e9, entity(d, "bmc1/net/1").capacity().get("bytes_per_s"));
    assertEquals(List.of("bmc1/net/1", "bmc1/net/4"), d.entities().stream().filter(e -> e.kind().equals("net_port"))
        .map(e -> e.id()).toList());
    assertTrue(d.degraded().contains("bmc1/net/2: not a port: " + EI + "/2 has MAC address 94:40:c9:5c:86:bc, as " + EI
        + "/1 (a bond or VLAN over it)"), String.join("\n", d.degraded()));
    assertTrue(d.degraded().contains("bmc1/net/3: not a port: " + EI + "/3 has EthernetInterfaceType Virtual"));
    assertTrue(d.degraded().contains("bmc1/net/4: no ceiling: the service reports no link speed (LinkStatus LinkDown)"));
    assertTrue(d.degraded().contains("bmc1/net/1: not offered: port counters (" + EI
        + "/1 is an EthernetInterface, which carries none)"));
  }

  @Test
  void aProfileThatNamesNoSystemPortsReadsNone() throws Exception {
    // Dell's iDRAC lists its NIC functions there too, beside adapters: never ports of their own
    Discovery d = bmc("Dell", "1", "{\"Name\":\"NIC.Integrated.1-1-1\",\"MACAddress\":\"94:40:c9:5c:86:bc\"}").discover(dir, "");
    assertTrue(d.degraded().contains("bmc1/net: not offered: NetworkAdapters (no ports)"));
    assertEquals(0, d.entities().stream().filter(e -> e.kind().equals("net_port")).count());
  }
}
