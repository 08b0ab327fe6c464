package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    assertEquals("AMI MegaRAC (NVIDIA DGX)", family("{\"Vendor\":\"AMI\",\"Oem\":{\"Ami\":{}}}"));
    // BlueField-3's BMC writes "Nvidia", GH200's "NVIDIA"
    assertEquals("NVIDIA OpenBMC", family("{\"Vendor\":\"Nvidia\"}"));
    assertEquals("NVIDIA OpenBMC", family("{\"Vendor\":\"NVIDIA\"}"));
    // DMTF's mockups name no vendor
    assertEquals("DMTF schema only", family("{}"));
  }

  @Test
  void onlyDellKeepsUsageSensorsUnderTheSystem() {
    assertEquals(1, BmcProfile.ALL.stream().filter(p -> p.usageSensorsUnderSystem() != null).count());
    assertEquals(BmcProfile.DELL_NUMERIC, BmcProfile.ALL.get(0).usageSensorsUnderSystem());
  }
}
