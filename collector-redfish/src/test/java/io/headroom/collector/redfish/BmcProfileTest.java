package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Profiles matched by the service roots of the captures (Vendor, else an Oem key). */
class BmcProfileTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String family(String root) throws Exception {
    return BmcProfile.of(JSON.readTree(root)).family();
  }

  @Test
  void matchedByVendorThenOemKey() throws Exception {
    assertEquals("Dell iDRAC9", family("{\"Vendor\":\"Dell\"}"));
    // the r750-storage stand-in's root has Vendor Dell and no Oem; Supermicro's has no Vendor, Oem.Supermicro
    assertEquals("Supermicro BMC", family("{\"Oem\":{\"Supermicro\":{}}}"));
    assertEquals("AMI MegaRAC", family("{\"Vendor\":\"AMI\",\"Oem\":{\"Ami\":{}}}"));
    // BlueField-3's BMC writes "Nvidia", GH200's "NVIDIA"
    assertEquals("NVIDIA OpenBMC", family("{\"Vendor\":\"Nvidia\"}"));
    assertEquals("NVIDIA OpenBMC", family("{\"Vendor\":\"NVIDIA\"}"));
    // DMTF's mockups name no vendor
    assertEquals("DMTF schema only", family("{}"));
  }

  @Test
  void onlyDellKeepsUsageSensorsUnderTheSystem() {
    assertEquals(1, BmcProfile.ALL.stream().filter(p -> p.sensors().underSystem() != null).count());
    assertEquals(BmcProfile.DELL_NUMERIC, BmcProfile.ALL.get(0).sensors().underSystem());
  }

  @Test
  void portIdsAndAdapterSlotsByDellsFormOnlyUnderDellsProfile() {
    BmcProfile.Oem dell = BmcProfile.ALL.get(0).oem();
    assertTrue(dell.uniqueInServer("NIC.Slot.5-1"));
    assertTrue(dell.uniqueInServer("InfiniBand.Slot.7-2"));
    assertFalse(dell.uniqueInServer("NIC.Slot.5")); // an adapter, not a port
    assertEquals(7, dell.adapterSlot("InfiniBand.Slot.7"));
    assertNull(dell.adapterSlot("NIC.Embedded.1"));
    assertFalse(BmcProfile.ANY.oem().uniqueInServer("NIC.Slot.5-1"));
    assertNull(BmcProfile.ANY.oem().adapterSlot("NIC.Slot.5"));
  }

  @Test
  void onlyDellsOemPortMetricsAreDecodedAsDells() {
    assertEquals(BmcProfile.CounterFormat.DELL_PORT_METRICS, BmcProfile.ALL.get(0).oem().functionPortMetricsFormat());
    assertEquals(1, BmcProfile.ALL.stream().filter(p -> !p.oem().functionPortMetrics().isEmpty()).count());
    // a port without the OEM's metrics is read from its DMTF PortMetrics, whatever the profile
    PortPoll p = PortPoll.of("e", "ethernet", java.util.List.of(), BmcProfile.CounterFormat.DELL_PORT_METRICS, "/pm",
        java.util.List.of());
    assertEquals(BmcProfile.CounterFormat.PORT_METRICS, p.format());
    assertEquals(java.util.List.of("/pm"), p.paths());
  }
}
