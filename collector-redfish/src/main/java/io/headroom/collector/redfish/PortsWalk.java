package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Rel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Network, FC and InfiniBand ports of the chassis NetworkAdapters: the Ports model (newer schema)
 * or NetworkPorts (deprecated, what older iDRAC firmware serves), each port found wherever the
 * service links it, the collection's Members and every controller's Links (iDRAC 6.00.30 lists
 * InfiniBand.Slot.7-1 only in the latter), read once per @odata.id. Each port is a
 * {@code net_port} with its speed as ceiling, {@code behind} its adapter's PCIe link and
 * {@code on} the socket Dell names as its CPU affinity. Its counters are polled from Dell's port
 * metrics of the functions serving it, else from the DMTF PortMetrics; where neither holds a
 * counter, discover says so for that port.
 */
final class PortsWalk {
  private static final Pattern SLOT = Pattern.compile("\\.Slot\\.(\\d+)$");
  /** A Dell FQDD ("NIC.Slot.5-1", "InfiniBand.Slot.7-2"): unique in the server by Dell's definition. */
  private static final Pattern FQDD = Pattern.compile("^[A-Za-z]+\\.[A-Za-z]+\\.\\d+(-\\d+)+$");

  private PortsWalk() {}

  static void walk(Fetcher fetcher, Inventory inv, JsonNode chassis, String chassisCollection) {
    String own = chassis == null ? null : Json.link(chassis.get("NetworkAdapters"));
    List<String> adapters = own == null ? List.of() : Members.of(fetcher, inv, own);
    boolean elsewhere = false;
    if (adapters.isEmpty()) {
      // GB200: the system's chassis (BMC_0) has none; the ConnectX-7s are under IO_Board_0 and _1
      List<String> others = new ArrayList<>();
      for (OtherChassis.Listed l : OtherChassis.collections(fetcher, chassisCollection, chassis == null ? null : Json.link(chassis),
          "NetworkAdapters")) {
        others.addAll(Members.read(fetcher, l.collection()).links());
      }
      elsewhere = !others.isEmpty();
      adapters = others;
    }
    if (adapters.isEmpty()) {
      inv.degraded.add(inv.id("net") + ": not offered: NetworkAdapters (no ports)");
      return;
    }
    Map<String, String> serials = new LinkedHashMap<>();
    for (Fetched a : fetcher.getAll(adapters)) {
      if (!a.ok()) {
        notServed(inv, inv.id("net/" + Json.lastSegment(a.path())), a.error());
      } else if (!sameAdapter(inv, a, serials)) {
        // an Id is unique only within its collection: an adapter of another chassis is named with that chassis
        String name = elsewhere ? Json.lastSegment(a.path().replaceFirst("/NetworkAdapters/[^/]+$", "")) + "/"
            + Json.lastSegment(a.path()) : Json.lastSegment(a.path());
        adapter(fetcher, inv, name, a.doc());
      }
    }
  }

  /**
   * An adapter reached twice: the same serial number under another chassis (never a label: two
   * adapters of one chassis may share a board's serial, as GB200's two ConnectX-7s of one IO board do).
   */
  private static boolean sameAdapter(Inventory inv, Fetched a, Map<String, String> serials) {
    String serial = Json.text(a.doc().get("SerialNumber"));
    String chassis = a.path().replaceFirst("/NetworkAdapters/[^/]+$", "");
    if (serial == null || serial.isBlank()) {
      return false;
    }
    String seen = serials.putIfAbsent(serial, a.path());
    if (seen == null || seen.replaceFirst("/NetworkAdapters/[^/]+$", "").equals(chassis)) {
      return false;
    }
    inv.degraded.add(inv.id("net/" + Json.lastSegment(a.path())) + ": read once: " + a.path() + " has serial number " + serial
        + ", as " + seen + " already read");
    return true;
  }

  /**
   * A resource the service lists but cannot serve (404, an error body): the thing it names is said
   * to exist and not to have been read, never left out in silence. Any other failure is a problem.
   */
  static void notServed(Inventory inv, String id, BmcException e) {
    if (e.notOffered()) {
      inv.degraded.add(id + ": listed but not served: " + e.getMessage() + "; not read");
    } else {
      inv.problem(e);
    }
  }

  private static void adapter(Fetcher fetcher, Inventory inv, String adapterId, JsonNode doc) {
    JsonNode controllerLinks = doc.path("Controllers").path(0).path("Links");
    String link = pcieLink(inv, adapterId, controllerLinks);
    String adapterSocket = socket(inv, controllerLinks);
    String model = doc.has("Ports") ? "Ports" : "NetworkPorts";
    int saidBefore = inv.degraded.size();
    Set<String> portPaths = linked(fetcher, inv, adapterId, doc, model);
    boolean served = inv.degraded.size() == saidBefore; // else the collection was named as not served
    if (portPaths.isEmpty() && served) {
      // Lenovo XCC 2.83's BlueField-2 in slot-15: empty Ports and NetworkPorts, no controller links
      inv.degraded.add(inv.id("net/" + adapterId) + ": not offered: ports (the adapter lists none in " + model
          + " or its controllers' Links)");
    }
    List<PortFunction> functions = new ArrayList<>();
    for (Fetched f : fetcher.getAll(List.copyOf(linked(fetcher, inv, adapterId, doc, "NetworkDeviceFunctions")))) {
      if (f.ok()) {
        functions.add(PortFunction.of(inv, f.doc(), model.equals("Ports")));
      } else {
        notServed(inv, inv.id("net/" + adapterId + "/" + Json.lastSegment(f.path())), f.error());
      }
    }
    List<PortPoll> polls = new ArrayList<>();
    for (Fetched p : fetcher.getAll(List.copyOf(portPaths))) {
      if (p.ok()) {
        List<String> names = names(p.path(), p.doc());
        List<PortFunction> serving = functions.stream().filter(f -> f.serves(p.path(), names, portPaths)).toList();
        polls.add(port(inv, p.path(), p.doc(), adapterId, link, adapterSocket, serving));
      } else {
        notServed(inv, inv.id("net/" + adapterId + "/" + Json.lastSegment(p.path())), p.error());
      }
    }
    PortCounters.probe(fetcher, inv, polls);
  }

  /**
   * Every link the adapter gives to members of one kind: the collection's Members (all pages) and
   * each controller's Links of that name, in that order, each @odata.id once.
   */
  private static Set<String> linked(Fetcher fetcher, Inventory inv, String adapterId, JsonNode adapter, String name) {
    Set<String> out = new LinkedHashSet<>();
    String collection = Json.link(adapter.get(name));
    if (collection != null) {
      Members.Read read = Members.read(fetcher, collection);
      out.addAll(read.links());
      if (!read.ok()) {
        notServed(inv, inv.id("net/" + adapterId), read.error());
      }
    }
    for (JsonNode c : adapter.path("Controllers")) {
      out.addAll(Json.links(c.path("Links").get(name)));
    }
    return out;
  }

  private static PortPoll port(Inventory inv, String path, JsonNode doc, String adapter, String link, String adapterSocket,
      List<PortFunction> functions) {
    PortFabric.Said said = PortFabric.of(doc, functions);
    String tech = said.technology();
    String fabric = fabric(tech);
    String portId = Json.lastSegment(path);
    String id = inv.id(prefix(fabric) + "/" + (FQDD.matcher(portId).matches() ? portId : adapter + "/" + portId));
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("fabric", fabric);
    if (said.from() != null) {
      attrs.put("fabric_from", said.from());
    }
    attrs.put("adapter", adapter);
    InventoryWalk.putIf(attrs, "link_status", Json.text(doc.get("LinkStatus")));
    Map<String, Double> capacity = new LinkedHashMap<>();
    speed(doc, fabric, functions, attrs, capacity);
    List<String> dell = new ArrayList<>();
    String socket = null;
    for (PortFunction f : functions) {
      if (f.dellMetrics() != null) {
        dell.add(f.dellMetrics());
      }
      socket = socket != null ? socket : f.socket();
    }
    socket = socket != null ? socket : adapterSocket;
    attrs.put("numa_node", socket == null ? "unknown" : Integer.parseInt(Json.lastSegment(socket)));
    inv.entity(new Entity(id, EntityKind.NET_PORT, tech == null ? id : tech + " " + portId, attrs, capacity));
    if (capacity.isEmpty()) {
      inv.degraded.add(id + ": no ceiling: the service reports no link speed (LinkStatus "
          + attrs.getOrDefault("link_status", "not given") + ")");
    }
    if (link != null) {
      inv.relation(id, Rel.BEHIND, link);
    }
    if (socket != null) {
      inv.relation(id, Rel.ON, socket);
    }
    List<String> disabled = functions.stream().filter(PortFunction::disabled).map(PortFunction::id).toList();
    return new PortPoll(id, fabric, dell, Json.link(doc.get("Metrics")), disabled);
  }

  /**
   * The port's speed and its ceiling: Port.CurrentSpeedGbps or NetworkPort.CurrentLinkSpeedMbps,
   * else, for InfiniBand, the LinkSpeed and LinkWidth of Dell's port metrics of its functions.
   */
  private static void speed(JsonNode doc, String fabric, List<PortFunction> functions, Map<String, Object> attrs,
      Map<String, Double> capacity) {
    double gbps = speedGbps(doc);
    Double width = Json.number(doc.get("Width"));
    InfiniBandRate.Rate ib = functions.stream().map(PortFunction::ibRate).filter(r -> r != null).findFirst().orElse(null);
    if (gbps <= 0 && fabric.equals("infiniband") && ib != null) {
      gbps = ib.gbps();
      width = (double) ib.lanes();
      attrs.put("rate", ib.describe());
      attrs.put("speed_source", "Oem.Dell.DellInfiniBandPortMetrics LinkSpeed " + ib.speed() + ", LinkWidth " + ib.lanes() + "X");
    } else if (width != null && width > 0 && fabric.equals("infiniband") && gbps > 0) {
      attrs.put("rate", InfiniBandRate.describe(gbps, width.intValue()));
    }
    if (gbps > 0) {
      attrs.put("speed_bps", gbps * 1e9);
      // FC's nominal rates are 10 payload bits per byte on the wire (32GFC carries 3.2 GB/s), as the host source
      capacity.put("bytes_per_s", fabric.equals("fc") ? gbps * 1e8 : gbps * 1e9 / 8);
    }
    if (width != null && width > 0) {
      attrs.put("width", width.intValue());
    }
  }

  /**
   * The names a member goes by in its collection: the last segment of its path, which entity ids
   * are made of, and its Id where that differs (iDRAC 6.00.30 serves NetworkPorts/NIC.Slot.5-1
   * with Id "NIC.Slot.5").
   */
  static List<String> names(String path, JsonNode doc) {
    String segment = Json.lastSegment(path);
    String id = Json.text(doc.get("Id"));
    return id == null || id.equals(segment) ? List.of(segment) : List.of(segment, id);
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
      case "FibreChannel", "FC" -> "fc"; // FC: the DMTF Protocol enum's name, as PortProtocol gives it
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
    Integer slot = m.find() ? Json.digits(m.group(1)) : null;
    return slot == null ? null : inv.linkBySlot.get(slot);
  }

  static String socket(Inventory inv, JsonNode links) {
    for (String p : Json.links(inv.profile.oem().of(links).get("CPUAffinity"))) {
      String s = inv.socketByPath.get(p);
      if (s != null) {
        return s;
      }
    }
    return null;
  }
}
