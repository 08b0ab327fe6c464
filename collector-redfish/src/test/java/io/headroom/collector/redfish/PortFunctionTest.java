package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which port a network device function serves: by its assignment, else by its FQDD. */
class PortFunctionTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PORTS = "/redfish/v1/Chassis/C1/NetworkAdapters/A/NetworkPorts/";

  private static PortFunction function(String json) throws Exception {
    Inventory inv = new Inventory("h");
    inv.profile = BmcProfile.of(JSON.readTree("{\"Vendor\":\"Dell\"}")); // Dell's OEM objects are read
    return PortFunction.of(inv, JSON.readTree(json), false);
  }

  @Test
  void anAssignmentToAListedPortDecides() throws Exception {
    PortFunction f = function("{\"Id\":\"NIC.Slot.1-2-1\",\"Links\":{\"PhysicalPortAssignment\":{\"@odata.id\":\"" + PORTS + "NIC.Slot.1-1\"}}}");
    Set<String> listed = Set.of(PORTS + "NIC.Slot.1-1", PORTS + "NIC.Slot.1-2");
    // the link wins over the name: it is assigned to 1-1 though its FQDD reads as a partition of 1-2
    assertTrue(f.serves(PORTS + "NIC.Slot.1-1", List.of("NIC.Slot.1-1"), listed));
    assertFalse(f.serves(PORTS + "NIC.Slot.1-2", List.of("NIC.Slot.1-2"), listed));
  }

  @Test
  void anAssignmentToAnAbsentPortFallsBackToTheFqddAndItsPartitions() throws Exception {
    // iDRAC 6.00.30: both InfiniBand functions name NetworkPorts/InfiniBand.Slot.7, which is a 404
    PortFunction ib = function("{\"Id\":\"InfiniBand.Slot.7-1\",\"Links\":{\"PhysicalPortAssignment\":{\"@odata.id\":\""
        + PORTS + "InfiniBand.Slot.7\"}},\"Oem\":{\"Dell\":{\"DellInfiniBandPortMetrics\":{\"@odata.id\":\"/m\","
        + "\"LinkSpeed\":\"EDR\",\"LinkWidth\":\"4X\"}}}}");
    Set<String> listed = Set.of(PORTS + "InfiniBand.Slot.7-1", PORTS + "InfiniBand.Slot.7-2");
    assertTrue(ib.serves(PORTS + "InfiniBand.Slot.7-1", List.of("InfiniBand.Slot.7-1"), listed));
    assertFalse(ib.serves(PORTS + "InfiniBand.Slot.7-2", List.of("InfiniBand.Slot.7-2"), listed));
    assertEquals("/m", ib.oemMetrics());
    assertEquals(100.0, ib.ibRate().gbps()); // EDR 25 Gb/s a lane x 4
    // NPAR: NIC.Integrated.1-1-2 is partition 2 of port NIC.Integrated.1-1, not of NIC.Integrated.1-10
    PortFunction npar = function("{\"Id\":\"NIC.Integrated.1-1-2\"}");
    assertTrue(npar.serves("/p1", List.of("NIC.Integrated.1-1"), Set.of()));
    assertFalse(npar.serves("/p10", List.of("NIC.Integrated.1-10"), Set.of()));
    assertNull(npar.ibRate());
  }

  @Test
  void theNamesAreTheIdThenEachDifferentFqddOnce() throws Exception {
    // an Id that is not the FQDD (a function numbered "1"): the port is found by its Dell objects' FQDDs
    PortFunction f = function("{\"Id\":\"1\",\"Oem\":{\"Dell\":{\"DellNIC\":{\"FQDD\":\"NIC.Slot.7-1-1\"},"
        + "\"DellFC\":{\"FQDD\":\"NIC.Slot.7-1-1\"},\"DellInfiniBand\":{}}}}");
    assertEquals(List.of("1", "NIC.Slot.7-1-1"), f.names());
    assertTrue(f.serves("/p", List.of("NIC.Slot.7-1"), Set.of()));
  }
}
