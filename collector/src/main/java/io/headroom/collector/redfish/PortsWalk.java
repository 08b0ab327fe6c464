package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Network, FC and InfiniBand ports of the chassis NetworkAdapters: the Ports collection (newer
 * schema) or NetworkPorts (deprecated, what older iDRAC firmware serves). Each port is a
 * {@code net_port} ({@code <host>/net|fc|ib/<Id>}) with its speed as ceiling, {@code behind} its
 * adapter's PCIe link and {@code on} the socket Dell names as its CPU affinity. Its counters are
 * polled from Dell's port metrics of the functions assigned to it, else from the DMTF PortMetrics.
 */
final class PortsWalk {
  private static final Pattern SLOT = Pattern.compile("\\.Slot\\.(\\d+)$");

  private PortsWalk() {}

  /** A network device function: the port it is assigned to, its socket, Dell's metrics resource. */
  private record Function(String port, String socket, String dellMetrics) {}

  static void walk(Fetcher fetcher, Inventory inv, String adapters) {
    if (adapters == null) {
      inv.degraded.add(inv.id("net") + ": not offered: NetworkAdapters (no ports)");
      return;
    }
    Fetched coll = fetcher.get(adapters);
    if (!coll.ok()) {
      inv.problem(coll.error());
      return;
    }
    for (Fetched a : fetcher.getAll(Json.links(coll.doc().get("Members")))) {
      if (a.ok()) {
        adapter(fetcher, inv, a.path(), a.doc());
      } else {
        inv.problem(a.error());
      }
    }
  }

  private static void adapter(Fetcher fetcher, Inventory inv, String path, JsonNode doc) {
    JsonNode controllerLinks = doc.path("Controllers").path(0).path("Links");
    String link = pcieLink(inv, Json.lastSegment(path), controllerLinks);
    String adapterSocket = socket(inv, controllerLinks);
    boolean newSchema = doc.has("Ports");
    List<Fetched> ports = members(fetcher, inv, Json.link(newSchema ? doc.get("Ports") : doc.get("NetworkPorts")));
    List<Function> functions = new ArrayList<>();
    for (Fetched f : members(fetcher, inv, Json.link(doc.get("NetworkDeviceFunctions")))) {
      if (f.ok()) {
        functions.add(function(inv, f.doc(), newSchema));
      }
    }
    for (Fetched p : ports) {
      if (p.ok()) {
        port(inv, p.path(), p.doc(), Json.lastSegment(path), link, adapterSocket, functions);
      } else {
        inv.problem(p.error());
      }
    }
  }

  private static List<Fetched> members(Fetcher fetcher, Inventory inv, String collection) {
    if (collection == null) {
      return List.of();
    }
    Fetched c = fetcher.get(collection);
    if (!c.ok()) {
      inv.problem(c.error());
      return List.of();
    }
    return fetcher.getAll(Json.links(c.doc().get("Members")));
  }

  private static Function function(Inventory inv, JsonNode f, boolean newSchema) {
    JsonNode links = f.path("Links");
    String port = Json.link(links.get(newSchema ? "PhysicalNetworkPortAssignment" : "PhysicalPortAssignment"));
    if (port == null) {
      List<String> assignable = Json.links(f.get(newSchema ? "AssignablePhysicalNetworkPorts" : "AssignablePhysicalPorts"));
      port = assignable.isEmpty() ? null : assignable.get(0);
    }
    JsonNode dell = f.path("Oem").path("Dell");
    String metrics = Json.link(dell.get("DellNICPortMetrics"));
    if (metrics == null) {
      metrics = Json.link(dell.get("DellFCPortMetrics"));
    }
    return new Function(port, socket(inv, links), metrics);
  }

  private static void port(Inventory inv, String path, JsonNode doc, String adapter, String link, String adapterSocket,
      List<Function> functions) {
    String tech = Json.text(doc.has("LinkNetworkTechnology") ? doc.get("LinkNetworkTechnology") : doc.get("ActiveLinkTechnology"));
    String fabric = fabric(tech);
    String id = inv.id(prefix(fabric) + "/" + Json.lastSegment(path));
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("fabric", fabric);
    attrs.put("adapter", adapter);
    InventoryWalk.putIf(attrs, "link_status", Json.text(doc.get("LinkStatus")));
    double gbps = speedGbps(doc);
    Double width = Json.number(doc.get("Width"));
    Map<String, Double> capacity = new LinkedHashMap<>();
    if (gbps > 0) {
      attrs.put("speed_bps", gbps * 1e9);
      // FC's nominal rates are 10 payload bits per byte on the wire (32GFC carries 3.2 GB/s), as the host source
      capacity.put("bytes_per_s", fabric.equals("fc") ? gbps * 1e8 : gbps * 1e9 / 8);
    }
    if (width != null && width > 0) {
      attrs.put("width", width.intValue());
      if (fabric.equals("infiniband") && gbps > 0) {
        attrs.put("rate", InfiniBandRate.describe(gbps, width.intValue()));
      }
    }
    List<String> dell = new ArrayList<>();
    String socket = null;
    for (Function f : functions) {
      if (path.equals(f.port())) {
        if (f.dellMetrics() != null) {
          dell.add(f.dellMetrics());
        }
        socket = socket != null ? socket : f.socket();
      }
    }
    socket = socket != null ? socket : adapterSocket;
    attrs.put("numa_node", socket == null ? "unknown" : Integer.parseInt(Json.lastSegment(socket)));
    inv.entity(new Entity(id, EntityKind.NET_PORT, tech == null ? id : tech + " " + Json.lastSegment(path), attrs, capacity));
    if (link != null) {
      inv.relation(id, "behind", link);
    }
    if (socket != null) {
      inv.relation(id, "on", socket);
    }
    PortPoll poll = new PortPoll(id, fabric, dell, Json.link(doc.get("Metrics")));
    if (poll.polled()) {
      inv.ports.add(poll);
    } else {
      inv.degraded.add(id + ": not offered: port counters (no Dell port metrics, no PortMetrics)");
    }
  }

  /** Port.CurrentSpeedGbps, else NetworkPort.CurrentLinkSpeedMbps; 0 when down or unknown. */
  static double speedGbps(JsonNode doc) {
    Double g = Json.number(doc.get("CurrentSpeedGbps"));
    if (g != null && g > 0) {
      return g;
    }
    Double m = Json.number(doc.get("CurrentLinkSpeedMbps"));
    return m != null && m > 0 ? m / 1000 : 0;
  }

  static String fabric(String tech) {
    if (tech == null) {
      return "ethernet";
    }
    return switch (tech) {
      case "FibreChannel" -> "fc";
      case "InfiniBand" -> "infiniband";
      default -> "ethernet";
    };
  }

  private static String prefix(String fabric) {
    return switch (fabric) {
      case "fc" -> "fc";
      case "infiniband" -> "ib";
      default -> "net";
    };
  }

  /** The adapter's PCIe link: the controller's PCIeDevices link (DMTF), else the slot of NIC.Slot.N. */
  private static String pcieLink(Inventory inv, String adapterId, JsonNode controllerLinks) {
    for (String device : Json.links(controllerLinks.get("PCIeDevices"))) {
      String link = inv.linkByPath.get(device);
      if (link != null) {
        return link;
      }
    }
    Matcher m = SLOT.matcher(adapterId);
    return m.find() ? inv.linkBySlot.get(Integer.parseInt(m.group(1))) : null;
  }

  private static String socket(Inventory inv, JsonNode links) {
    for (String p : Json.links(links.path("Oem").path("Dell").get("CPUAffinity"))) {
      String s = inv.socketByPath.get(p);
      if (s != null) {
        return s;
      }
    }
    return null;
  }
}
