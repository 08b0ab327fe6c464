package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A network device function as a port reads it: the port it is assigned to, the names it goes by
 * (its Id and the FQDDs of the BMC profile's OEM objects), its socket, the OEM's port metrics
 * resource and, for InfiniBand, the link rate the OEM gives only there (Dell's, {@link BmcProfile.Oem}).
 *
 * @param port the assigned port's path (PhysicalPortAssignment, else the first assignable port), or null
 * @param names the function's Id and the FQDDs of its OEM objects
 * @param type NetDevFuncType ("Ethernet", "Disabled"), or null
 */
record PortFunction(String id, String port, List<String> names, String socket, String oemMetrics,
    InfiniBandRate.Rate ibRate, String type) {

  static PortFunction of(Inventory inv, JsonNode f, boolean portsModel) {
    JsonNode links = f.path("Links");
    String port = Json.link(links.get(portsModel ? "PhysicalNetworkPortAssignment" : "PhysicalPortAssignment"));
    if (port == null) {
      List<String> assignable = Json.links(f.get(portsModel ? "AssignablePhysicalNetworkPorts" : "AssignablePhysicalPorts"));
      port = assignable.isEmpty() ? null : assignable.get(0);
    }
    BmcProfile.Oem oem = inv.profile.oem();
    JsonNode ext = oem.of(f);
    String metrics = null;
    for (String name : oem.functionPortMetrics()) {
      metrics = metrics != null ? metrics : Json.link(ext.get(name));
    }
    String id = Json.text(f.get("Id"));
    List<String> names = new ArrayList<>();
    if (id != null) {
      names.add(id);
    }
    for (String name : oem.functionObjects()) {
      String fqdd = Json.text(ext.path(name).get("FQDD"));
      if (fqdd != null && !names.contains(fqdd)) {
        names.add(fqdd);
      }
    }
    JsonNode ib = oem.infiniBandRate() == null ? ext : ext.path(oem.infiniBandRate());
    InfiniBandRate.Rate rate = InfiniBandRate.parse(Json.text(ib.get("LinkSpeed")), Json.text(ib.get("LinkWidth")));
    return new PortFunction(id, port, names, PortsWalk.socket(inv, links), metrics, rate, Json.text(f.get("NetDevFuncType")));
  }

  /**
   * Whether this function serves the port: its assignment names the port or, where the assignment
   * names no port the adapter lists (iDRAC 6.00.30 assigns its InfiniBand functions to
   * NetworkPorts/InfiniBand.Slot.7, which answers 404), one of its names is the port's Id or a
   * partition of it (Dell's NIC.Integrated.1-1-1 is partition 1 of port NIC.Integrated.1-1).
   */
  boolean serves(String portPath, List<String> portNames, Set<String> adapterPorts) {
    if (port != null && adapterPorts.contains(port)) {
      return port.equals(portPath);
    }
    return names.stream().anyMatch(n -> portNames.stream().anyMatch(p -> n.equals(p) || n.startsWith(p + "-")));
  }

  boolean disabled() {
    return "Disabled".equals(type);
  }
}
