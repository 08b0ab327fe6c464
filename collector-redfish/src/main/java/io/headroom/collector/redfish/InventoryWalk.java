package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Walks one BMC's tree: service root, each system that is a host ({@link #hosts}) and its chassis,
 * then processors, usage sensors, PCIe devices and slots, network ports and the telemetry service.
 * Where a BMC serves several hosts (a blade enclosure), each has ids of its own. What a firmware
 * family does differently comes from its {@link BmcProfile}. A resource that fails is a problem of
 * the inventory and the walk goes on without it; only an unreadable service root or system leaves
 * the inventory empty.
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
    BmcProfile profile = BmcProfile.of(root);
    inv.profile = profile;
    List<Host> hosts = hosts(systemPaths, profile);
    if (hosts.isEmpty()) {
      return;
    }
    for (int i = 0; i < hosts.size(); i++) {
      inv.system(hosts.size() > 1 ? Json.lastSegment(hosts.get(i).path()) : null);
      host(root, hosts.get(i), profile, i == 0);
    }
    inv.system(hosts.size() > 1 ? Json.lastSegment(hosts.get(0).path()) : null); // the usage polls are the first host's
  }

  /** A Systems member that is a host: its document and its processors as read. */
  private record Host(String path, JsonNode doc, ProcessorsWalk.Read processors) {}

  /**
   * The Systems members that are hosts: the first always (what the BMC calls its system), the
   * others where their Processors hold a CPU. A member without one (NVIDIA's HGX_Baseboard_0: the
   * GPUs) is named in discover as not a host, never silently dropped.
   */
  private List<Host> hosts(List<String> systemPaths, BmcProfile profile) {
    List<Host> hosts = new ArrayList<>();
    Map<String, String> serials = new LinkedHashMap<>();
    for (String path : systemPaths) {
      JsonNode system = get(path);
      if (system == null) {
        continue;
      }
      String processors = Json.link(system.get("Processors"));
      ProcessorsWalk.Read read = processors == null ? null : ProcessorsWalk.read(fetcher, inv, processors);
      String notHost = hosts.isEmpty() ? null : notHost(path, read, serials);
      if (notHost == null && !hosts.isEmpty() && profile.mirrorSystems().contains(Json.lastSegment(path))) {
        notHost = path + " is another management controller's view of " + hosts.get(0).path() + " (" + profile.family()
            + " profile)";
      }
      if (notHost != null) {
        inv.degraded.add(inv.id("system/" + Json.lastSegment(path)) + ": not a host: " + notHost);
        continue;
      }
      for (Fetched cpu : read == null ? List.<Fetched>of() : read.cpus()) {
        String serial = Json.text(cpu.doc().get("SerialNumber"));
        if (serial != null && !serial.isBlank()) {
          serials.putIfAbsent(serial, cpu.path());
        }
      }
      hosts.add(new Host(path, system, read));
    }
    return hosts;
  }

  /**
   * Why a Systems member after the first is not a host of its own, or null when it is: it lists no
   * CPU (DGX's HGX_Baseboard_0: the GPUs), or every CPU it lists is one an earlier system already
   * listed, by serial number (GB200's HGX_Baseboard_0 lists System_0's two Graces again).
   */
  private static String notHost(String path, ProcessorsWalk.Read read, Map<String, String> serials) {
    if (read == null || read.cpus().isEmpty()) {
      return path + " lists no CPU (processors: " + (read == null ? "none" : read.othersSaid()) + ")";
    }
    List<String> again = new ArrayList<>();
    for (Fetched cpu : read.cpus()) {
      String seen = serials.get(String.valueOf(Json.text(cpu.doc().get("SerialNumber"))));
      if (seen == null) {
        return null;
      }
      again.add(cpu.path() + " is " + seen);
    }
    return path + " lists only CPUs already read, by serial number (" + String.join(", ", again) + ")";
  }

  private void host(JsonNode root, Host h, BmcProfile profile, boolean first) {
    JsonNode system = h.doc();
    inv.linkBySlot.clear(); // slot numbers are unique only inside one host
    String chassisPath = firstOr(Json.links(system.path("Links").get("Chassis")), root.get("Chassis"));
    JsonNode chassis = chassisPath == null ? null : chassis(chassisPath);
    cpu(root, system, h.processors());
    ProcessorsWalk.walk(fetcher, inv, h.processors());
    if (first) {
      UsageWalk.walk(fetcher, inv, chassis == null ? null : Json.link(chassis.get("Sensors")),
          profile.sensors().underSystem() == null ? null : h.path() + profile.sensors().underSystem());
      CoreUtilWalk.walk(fetcher, inv, Json.link(root.get("Chassis")));
    }
    PcieWalk.walk(fetcher, inv, system, chassis, Json.link(root.get("Chassis")));
    PortsWalk.walk(fetcher, inv, system, chassis, Json.link(root.get("Chassis")));
    if (first) {
      TelemetryProbe.probe(fetcher, inv, root, settings.telemetry());
    }
  }

  /** The CPU entity of the whole server: the client host's or the array node's, by role. */
  private void cpu(JsonNode root, JsonNode system, ProcessorsWalk.Read processors) {
    Map<String, Object> attrs = new LinkedHashMap<>();
    putIf(attrs, "vendor", Json.text(root.get("Vendor")));
    putIf(attrs, "model", Json.text(system.get("Model")));
    putIf(attrs, "bios", Json.text(system.get("BiosVersion")));
    putIf(attrs, "redfish_version", Json.text(root.get("RedfishVersion")));
    Long summary = Json.counter(system.path("ProcessorSummary").get("Count"));
    Integer sockets = processors != null ? (Integer) processors.cpus().size() : summary == null ? null : summary.intValue();
    if (sockets != null) {
      attrs.put("sockets", sockets);
    }
    if (processors != null && summary != null && summary.intValue() != sockets) {
      inv.degraded.add(inv.cpuId() + ": sockets " + sockets + " (the CPUs present in Processors), not ProcessorSummary.Count "
          + summary.intValue() + (processors.absent().isEmpty() ? "" : " (it counts the " + processors.absent().size() + " absent)"));
    }
    putIf(attrs, "cpu_model", Json.text(system.path("ProcessorSummary").get("Model")));
    attrs.put("role", settings.role().name().toLowerCase(java.util.Locale.ROOT));
    String kind = settings.role() == RedfishSettings.Role.ARRAY ? EntityKind.ARRAY_CPU : EntityKind.HOST_CPU;
    String name = (settings.role() == RedfishSettings.Role.ARRAY ? "array node " : "") + inv.id("").replaceAll("/$", "")
        .replace('/', ' ') + " CPUs (BMC)";
    inv.entity(new Entity(inv.cpuId(), kind, name, attrs, Map.of("util", 1.0)));
  }

  private String firstOr(List<String> links, JsonNode collectionLink) {
    if (!links.isEmpty()) {
      return links.get(0);
    }
    List<String> members = Members.of(fetcher, inv, Json.link(collectionLink));
    return members.isEmpty() ? null : members.get(0);
  }

  /**
   * The system's chassis. One the system links but the service does not serve (a 404 or an error
   * body: Intel S2600BPB's Chassis/RackMount, intel-s2600bpb-1.93) is said once in discover, not
   * a problem of every scrape.
   */
  private JsonNode chassis(String path) {
    Fetched f = fetcher.get(path);
    if (!f.ok()) {
      PortsWalk.notServed(inv, inv.id("chassis/" + Json.lastSegment(path)), f.error());
    }
    return f.doc();
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
