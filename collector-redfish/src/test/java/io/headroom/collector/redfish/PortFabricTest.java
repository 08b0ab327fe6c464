package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A port's fabric by what the service says, on the DGX H100's recorded ports (golden
 * redfish/nvidia-dgx-h100-ami): 8 of its 9 InfiniBand ports say so only in PortProtocol.
 */
class PortFabricTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path DGX = Path.of("src/test/resources/golden/redfish/nvidia-dgx-h100-ami/input/redfish/v1/Chassis/DGX/NetworkAdapters");

  private static JsonNode read(String path) throws Exception {
    return JSON.readTree(DGX.resolve(path).resolve("index.json").toFile());
  }

  private static PortFunction function(String type) {
    return new PortFunction("f", null, List.of(), null, null, null, type);
  }

  @Test
  void portProtocolSaysInfinibandWhereTheLinkTechnologyIsAbsent() throws Exception {
    JsonNode port = read("DevType7_NIC2/Ports/DevTypeE_Slot1_InstanceF_PORT0"); // PortProtocol InfiniBand only
    assertEquals(new PortFabric.Said("InfiniBand", "PortProtocol"), PortFabric.of(port, List.of()));
    assertEquals("infiniband", PortsWalk.fabric(PortFabric.of(port, List.of()).technology()));
  }

  @Test
  void theLinkTechnologyComesFirst() throws Exception {
    JsonNode port = read("DevType7_NIC3/Ports/DevTypeE_Slot0_Instance10_PORT0"); // LinkNetworkTechnology InfiniBand
    assertEquals(new PortFabric.Said("InfiniBand", null), PortFabric.of(port, List.of(function("Ethernet"))));
  }

  @Test
  void theFunctionsSayItWhereThePortSaysNothingAndTheyAgree() {
    JsonNode bare = JSON.createObjectNode();
    assertEquals(new PortFabric.Said("InfiniBand", "NetDevFuncType of its functions"),
        PortFabric.of(bare, List.of(function("InfiniBand"), function("Disabled"))));
    assertEquals(new PortFabric.Said(null, null), PortFabric.of(bare, List.of(function("InfiniBand"), function("Ethernet"))));
    // the DMTF Protocol enum names Fibre Channel "FC"
    assertEquals("fc", PortsWalk.fabric("FC"));
  }
}
