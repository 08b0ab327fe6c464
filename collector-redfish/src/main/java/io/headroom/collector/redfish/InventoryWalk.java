package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Walks one BMC's tree: service root, the system and its chassis, then processors, usage sensors,
 * PCIe devices and slots, network ports and the telemetry service. A resource that fails is a
 * problem of the inventory and the walk goes on without it; only an unreadable service root or
 * system leaves the inventory empty.
 */
final class InventoryWalk {
  private final Fetcher fetcher;
  private final Inventory inv;
  private final RedfishSettings settings;

  private InventoryWalk(Fetcher fetcher, String host, RedfishSettings settings) {
    this.fetcher = fetcher;
    this.inv = new Inventory(host);
    this.settings = settings;
  }

  static Inventory walk(Fetcher fetcher, String host, RedfishSettings settings) {
    InventoryWalk w = new InventoryWalk(fetcher, host, settings);
    w.run();
    return w.inv;
  }

  private void run() {
    JsonNode root = get("/redfish/v1");
    if (root == null) {
      return;
    }
    List<String> systemPaths = Members.of(fetcher, inv, Json.link(root.get("Systems")));
    if (systemPaths.isEmpty()) {
      inv.problems.add("GET " + fetcher.client().target() + "/redfish/v1/Systems: no system to read");
      return;
    }
    String systemPath = systemPaths.get(0);
    JsonNode system = get(systemPath);
    if (system == null) {
      return;
    }
    String chassisPath = firstOr(Json.links(system.path("Links").get("Chassis")), root.get("Chassis"));
    JsonNode chassis = chassisPath == null ? null : get(chassisPath);
    boolean dell = "Dell".equalsIgnoreCase(Json.text(root.get("Vendor"))) || root.path("Oem").has("Dell");
    cpu(root, system);
    ProcessorsWalk.walk(fetcher, inv, Json.link(system.get("Processors")));
    UsageWalk.walk(fetcher, inv, chassis == null ? null : Json.link(chassis.get("Sensors")), dell ? systemPath : null);
    CoreUtilWalk.walk(fetcher, inv, Json.link(root.get("Chassis")));
    PcieWalk.walk(fetcher, inv, system, chassis, Json.link(root.get("Chassis")));
    PortsWalk.walk(fetcher, inv, chassis == null ? null : Json.link(chassis.get("NetworkAdapters")));
    TelemetryProbe.probe(fetcher, inv, root, settings.telemetry());
  }

  /** The CPU entity of the whole server: the client host's or the array node's, by role. */
  private void cpu(JsonNode root, JsonNode system) {
    Map<String, Object> attrs = new LinkedHashMap<>();
    putIf(attrs, "vendor", Json.text(root.get("Vendor")));
    putIf(attrs, "model", Json.text(system.get("Model")));
    putIf(attrs, "bios", Json.text(system.get("BiosVersion")));
    putIf(attrs, "redfish_version", Json.text(root.get("RedfishVersion")));
    Double sockets = Json.number(system.path("ProcessorSummary").get("Count"));
    if (sockets != null) {
      attrs.put("sockets", sockets.intValue());
    }
    putIf(attrs, "cpu_model", Json.text(system.path("ProcessorSummary").get("Model")));
    attrs.put("role", settings.role().name().toLowerCase(java.util.Locale.ROOT));
    String kind = settings.role() == RedfishSettings.Role.ARRAY ? EntityKind.ARRAY_CPU : EntityKind.HOST_CPU;
    String name = (settings.role() == RedfishSettings.Role.ARRAY ? "array node " : "") + inv.host + " CPUs (BMC)";
    inv.entity(new Entity(inv.cpuId(), kind, name, attrs, Map.of("util", 1.0)));
  }

  private String firstOr(List<String> links, JsonNode collectionLink) {
    if (!links.isEmpty()) {
      return links.get(0);
    }
    List<String> members = Members.of(fetcher, inv, Json.link(collectionLink));
    return members.isEmpty() ? null : members.get(0);
  }

  private JsonNode get(String path) {
    if (path == null) {
      return null;
    }
    Fetched f = fetcher.get(path);
    if (!f.ok()) {
      inv.problem(f.error());
    }
    return f.doc();
  }

  static void putIf(Map<String, Object> attrs, String key, Object value) {
    if (value != null) {
      attrs.put(key, value);
    }
  }
}
