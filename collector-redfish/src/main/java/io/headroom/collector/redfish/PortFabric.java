package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What kind of link a port is, by what the service itself says, in this order: the port's
 * LinkNetworkTechnology (Port) or ActiveLinkTechnology (NetworkPort), else the Port's
 * PortProtocol, else the NetDevFuncType its functions agree on (DMTF: "InfiniBand",
 * "FibreChannel", "Ethernet"; "Disabled" says nothing of the link). The AMI BMC of an NVIDIA DGX
 * H100 gives 8 of its 9 InfiniBand ports only PortProtocol and NetDevFuncType.
 * The value read is null when nothing says (then Ethernet, as before); {@code from} names the
 * property that said it where it was not the link technology itself.
 */
final class PortFabric {
  /** The fabric as said, with where it was said. */
  record Said(String technology, String from) {}

  private PortFabric() {}

  static Said of(JsonNode port, List<PortFunction> functions) {
    for (String p : List.of("LinkNetworkTechnology", "ActiveLinkTechnology")) {
      String t = Json.text(port.get(p));
      if (t != null) {
        return new Said(t, null);
      }
    }
    String protocol = Json.text(port.get("PortProtocol"));
    if (protocol != null) {
      return new Said(protocol, "PortProtocol");
    }
    List<String> types = functions.stream().map(PortFunction::type).filter(t -> t != null && !t.equals("Disabled")).distinct().toList();
    return types.size() == 1 ? new Said(types.get(0), "NetDevFuncType of its functions") : new Said(null, null);
  }
}
