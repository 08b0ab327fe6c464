package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.standin.Captures;
import java.nio.file.Path;
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

  @Test
  void aSessionLimitIsKnownByItsRegistryAndKeyWhateverTheVersion() {
    assertEquals("Dell iDRAC9", BmcProfile.ofSessionLimit("IDRAC.2.9.RAC0218").family());
    // the Base registry's key, three-part version as Cisco CIMC writes it (akaliwod/iserver doc/green, a 400 at login)
    assertEquals("DMTF schema only", BmcProfile.ofSessionLimit("Base.1.4.0.SessionLimitExceeded").family());
    assertEquals("DMTF schema only", BmcProfile.ofSessionLimit("Base.1.12.SessionLimitExceeded").family());
    assertNull(BmcProfile.ofSessionLimit("Base.1.12.GeneralError"));
    assertNull(BmcProfile.ofSessionLimit("IDRAC.2.9.RAC0219")); // the next message: power command failed
    assertNull(BmcProfile.ofSessionLimit("Base.1.12.RAC0218")); // Dell's key in another registry is not Dell's message
    assertNull(BmcProfile.ofSessionLimit("RAC0218")); // no registry named
    assertNull(BmcProfile.ofSessionLimit("IDRAC.RAC0218")); // no version: not a MessageId
  }

  @Test
  void dellsSessionLimitIsTheOneInItsCapturesMessageRegistry() throws Exception {
    Path capture = Captures.find("redfish/dell-r750-idrac9-6.00.30");
    assumeTrue(capture != null, "skipped: shared/fixtures/redfish/dell-r750-idrac9-6.00.30 is not on this machine");
    JsonNode eemi = JSON.readTree(capture.resolve("redfish/v1/Registries/Messages/EEMIRegistry/index.json").toFile());
    String version = eemi.path("RegistryVersion").asText(); // 2.7.0: a MessageId carries major.minor
    String id = eemi.path("RegistryPrefix").asText() + "." + version.substring(0, version.lastIndexOf('.')) + ".RAC0218";
    assertEquals("IDRAC.2.7.RAC0218", id);
    assertEquals("The maximum number of user sessions is reached.", eemi.path("Messages").path("RAC0218").path("Message").asText());
    assertEquals("Dell iDRAC9", BmcProfile.ofSessionLimit(id).family());
  }

  @Test
  void onlyDellSaysAReadingOfTheMostNegative32BitIntegerIsNone() throws Exception {
    JsonNode sentinel = JSON.readTree("{\"Reading\":-2147483648,\"ReadingUnits\":\"%\"}");
    assertEquals(java.util.List.of(-2147483648d), BmcProfile.ALL.get(0).sensors().noReading());
    assertNull(UsageSensor.fraction(sentinel, BmcProfile.ALL.get(0).sensors()));
    assertEquals(1, BmcProfile.ALL.stream().filter(p -> !p.sensors().noReading().isEmpty()).count());
  }
}
