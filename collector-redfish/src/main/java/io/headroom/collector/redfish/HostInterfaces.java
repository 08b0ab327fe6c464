package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Ports where no chassis lists a network adapter but the BMC's profile says the system's own
 * collection holds them ({@link BmcProfile#systemPorts()}): iLO 5 leaves Chassis/1/NetworkAdapters
 * empty and lists the host's interfaces under Systems/1/EthernetInterfaces (hpe-dl325g10p-ilo5-2.46).
 * Each member is a port with its SpeedMbps as ceiling. What proves a distinct port is its MAC
 * address: a member with a MAC another already has (a bond or VLAN over it) is not a port, nor is
 * one whose EthernetInterfaceType is Virtual; both are said. An EthernetInterface carries no
 * counters, which each port says.
 */
final class HostInterfaces {
  private HostInterfaces() {}

  /** Reads the system's interfaces as ports; false when there is no such collection to read. */
  static boolean walk(Fetcher fetcher, Inventory inv, JsonNode system, String collectionName) {
    String collection = collectionName == null || system == null ? null : Json.link(system.get(collectionName));
    if (collection == null) {
      return false;
    }
    Members.Read read = Members.read(fetcher, collection);
    if (!read.ok()) {
      PortsWalk.notServed(inv, inv.id("net"), read.error());
    }
    inv.degraded.add(inv.id("net") + ": ports from " + collection + " (no chassis lists a NetworkAdapter; "
        + inv.profile.family() + " profile)");
    Map<String, String> macs = new LinkedHashMap<>();
    for (Fetched f : fetcher.getAll(read.links())) {
      String id = inv.id("net/" + Json.lastSegment(f.path()));
      if (!f.ok()) {
        PortsWalk.notServed(inv, id, f.error());
      } else {
        port(inv, id, f, macs);
      }
    }
    return true;
  }

  private static void port(Inventory inv, String id, Fetched f, Map<String, String> macs) {
    JsonNode doc = f.doc();
    String name = Json.text(doc.get("Name"));
    String mac = Json.text(doc.get("MACAddress"));
    if ("Virtual".equals(Json.text(doc.get("EthernetInterfaceType")))) {
      inv.degraded.add(id + ": not a port: " + f.path() + " has EthernetInterfaceType Virtual");
      return;
    }
    String seen = mac == null ? null : macs.putIfAbsent(mac.toLowerCase(Locale.ROOT), f.path());
    if (seen != null) {
      inv.degraded.add(id + ": not a port: " + f.path() + " has MAC address " + mac + ", as " + seen
          + " (a bond or VLAN over it)");
      return;
    }
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("fabric", "ethernet");
    InventoryWalk.putIf(attrs, "interface", name);
    InventoryWalk.putIf(attrs, "mac", mac);
    InventoryWalk.putIf(attrs, "link_status", Json.text(doc.get("LinkStatus")));
    attrs.put("numa_node", "unknown");
    Map<String, Double> capacity = new LinkedHashMap<>();
    Double mbps = Json.number(doc.get("SpeedMbps"));
    if (mbps != null && mbps > 0) {
      attrs.put("speed_bps", mbps * 1e6);
      capacity.put("bytes_per_s", mbps * 1e6 / 8);
    } else {
      inv.degraded.add(id + ": no ceiling: the service reports no link speed (LinkStatus "
          + attrs.getOrDefault("link_status", "not given") + ")");
    }
    inv.entity(new Entity(id, EntityKind.NET_PORT, name == null ? id : mac == null ? name : name + " (" + mac + ")", attrs, capacity));
    inv.degraded.add(id + ": not offered: port counters (" + f.path() + " is an EthernetInterface, which carries none)");
  }
}
