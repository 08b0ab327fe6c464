package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Rel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PCIe links: one {@code pcie_link} per PCIeDevice ({@code <host>/pcie/<Id>}, Dell's Id being the
 * decimal bus and device, "23-0"), with what it trained at (PCIeInterface PCIeType, LanesInUse),
 * what the device can do (MaxPCIeType, MaxLanes) and what its slot offers (the device's Slot, else
 * the chassis PCIeSlots entry linking it). Trained below its own maximum or below its slot, the
 * link is degraded and its ceiling is the trained one. Firmware without PCIeInterface still gives
 * the devices and slots; discover says what is missing.
 */
final class PcieWalk {
  private PcieWalk() {}

  /** A slot's lanes, generation and ordinal. */
  record Slot(int lanes, int gen, Integer ordinal, String type, String socket) {}

  static void walk(Fetcher fetcher, Inventory inv, JsonNode system, JsonNode chassis, String chassisCollection) {
    List<String> devices = devicePaths(fetcher, inv, system, chassis);
    boolean elsewhere = false;
    if (devices == null || devices.isEmpty()) {
      List<String> others = otherChassisDevices(fetcher, chassisCollection, chassis == null ? null : Json.link(chassis));
      elsewhere = !others.isEmpty();
      devices = elsewhere ? others : devices;
    }
    if (devices == null) {
      inv.degraded.add(inv.id("pcie") + ": not offered: PCIeDevices (no PCIe links)");
      return;
    }
    Slots slots = slots(fetcher, inv, chassis);
    for (Fetched d : fetcher.getAll(devices)) {
      if (d.ok()) {
        // an Id is unique only within its collection: one from another chassis is named with that chassis
        String name = elsewhere ? Json.lastSegment(d.path().replaceFirst("/PCIeDevices/[^/]+$", "")) + "/"
            + Json.lastSegment(d.path()) : Json.lastSegment(d.path());
        link(inv, name, d.path(), d.doc(), slots.of(d.path()));
      } else {
        inv.problem(d.error());
      }
    }
  }

  /** Chassis PCIeDevices (DMTF), else the system's PCIeDevices links (older iDRAC firmware). */
  private static List<String> devicePaths(Fetcher fetcher, Inventory inv, JsonNode system, JsonNode chassis) {
    String collection = chassis == null ? null : Json.link(chassis.get("PCIeDevices"));
    if (collection != null) {
      Members.Read c = Members.read(fetcher, collection);
      if (!c.ok()) {
        inv.problem(c.error());
      }
      if (!c.links().isEmpty()) {
        return c.links();
      }
      if (c.ok() && !(system.get("PCIeDevices") != null && system.get("PCIeDevices").size() > 0)) {
        inv.degraded.add(inv.id("pcie") + ": not offered: PCIeDevices (the chassis collection is empty)");
        return List.of();
      }
    }
    JsonNode listed = system.get("PCIeDevices");
    return listed != null && listed.isArray() ? Json.links(listed) : collection != null ? List.of() : null;
  }

  /**
   * Where the system's chassis lists no PCIe devices, those of the service's other chassis (NVIDIA
   * GH200: the GPUs' links are under Chassis/HGX_GPU_0 and HGX_GPU_1), each @odata.id once.
   */
  private static List<String> otherChassisDevices(Fetcher fetcher, String chassisCollection, String systemChassis) {
    if (chassisCollection == null) {
      return List.of();
    }
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    for (OtherChassis.Listed l : OtherChassis.collections(fetcher, chassisCollection, systemChassis, "PCIeDevices")) {
      out.addAll(Members.read(fetcher, l.collection()).links());
    }
    return List.copyOf(out);
  }

  /**
   * Slots by the device in them. iDRAC's PCIeSlots link each device under
   * /Systems/System.Embedded.1/PCIeDevices/<id> while the chassis collection serves the same
   * device as /Chassis/System.Embedded.1/PCIeDevices/<id>: a slot whose link names no device
   * walked is matched by the device's Id, where exactly one slot link has that Id.
   */
  record Slots(Map<String, Slot> byPath, Map<String, Slot> byId) {
    Slot of(String devicePath) {
      Slot s = byPath.get(devicePath);
      return s != null ? s : byId.get(Json.lastSegment(devicePath));
    }
  }

  private static Slots slots(Fetcher fetcher, Inventory inv, JsonNode chassis) {
    Map<String, Slot> out = new HashMap<>();
    Map<String, Slot> byId = new HashMap<>();
    java.util.Set<String> twice = new java.util.HashSet<>();
    String path = chassis == null ? null : Json.link(chassis.get("PCIeSlots"));
    if (path == null) {
      return new Slots(out, byId);
    }
    Fetched f = fetcher.get(path);
    if (!f.ok()) {
      inv.problem(f.error());
      return new Slots(out, byId);
    }
    for (JsonNode s : f.doc().path("Slots")) {
      Slot slot = slot(inv, s, s.path("Links").path("Processors"));
      for (String device : Json.links(s.path("Links").get("PCIeDevice"))) {
        out.put(device, slot);
        if (byId.put(Json.lastSegment(device), slot) != null) {
          twice.add(Json.lastSegment(device));
        }
      }
    }
    twice.forEach(byId::remove); // an Id two slots link is no proof of which device is where
    return new Slots(out, byId);
  }

  private static Slot slot(Inventory inv, JsonNode s, JsonNode processors) {
    Long lanes = Json.counter(s.get("Lanes"));
    Long ordinal = Json.counter(s.path("Location").path("PartLocation").get("LocationOrdinalValue"));
    List<String> cpus = Json.links(processors);
    return new Slot(lanes == null ? 0 : lanes.intValue(), PcieGen.parse(Json.text(s.get("PCIeType"))),
        ordinal == null ? null : ordinal.intValue(), Json.text(s.get("SlotType")),
        cpus.isEmpty() ? null : inv.socketByPath.get(cpus.get(0)));
  }

  private static void link(Inventory inv, String name, String path, JsonNode doc, Slot chassisSlot) {
    String id = inv.id("pcie/" + name);
    JsonNode pi = doc.get("PCIeInterface");
    int gen = pi == null ? 0 : PcieGen.parse(Json.text(pi.get("PCIeType")));
    int width = pi == null ? 0 : lanes(pi.get("LanesInUse"));
    int maxGen = pi == null ? 0 : PcieGen.parse(Json.text(pi.get("MaxPCIeType")));
    int maxWidth = pi == null ? 0 : lanes(pi.get("MaxLanes"));
    Slot slot = doc.has("Slot") && doc.get("Slot").has("Lanes") ? slot(inv, doc.get("Slot"), null) : chassisSlot;
    Map<String, Object> attrs = new LinkedHashMap<>();
    InventoryWalk.putIf(attrs, "manufacturer", Json.text(doc.get("Manufacturer")));
    InventoryWalk.putIf(attrs, "model", Json.text(doc.get("Model")));
    putPositive(attrs, "gen", gen);
    putPositive(attrs, "width", width);
    putPositive(attrs, "max_gen", maxGen);
    putPositive(attrs, "max_width", maxWidth);
    if (slot != null) {
      InventoryWalk.putIf(attrs, "slot", slot.ordinal());
      putPositive(attrs, "slot_gen", slot.gen());
      putPositive(attrs, "slot_width", slot.lanes());
      InventoryWalk.putIf(attrs, "slot_type", slot.type());
    }
    String socket = socket(inv, doc, chassisSlot);
    attrs.put("numa_node", socket == null ? "unknown" : Integer.parseInt(Json.lastSegment(socket)));
    if (pi == null) {
      inv.degraded.add(id + ": no PCIeInterface: trained width and generation not reported"
          + (slot != null && slot.lanes() > 0 ? "; slot " + PcieGen.describe(slot.gen(), slot.lanes()) : ""));
    } else {
      String reason = degradation(gen, width, maxGen, maxWidth, slot);
      if (reason != null) {
        attrs.put("degraded", reason);
        inv.degraded.add(id + ": " + reason);
      }
    }
    double ceiling = PcieGen.ceiling(gen, width);
    Map<String, Double> capacity = Double.isNaN(ceiling) ? Map.of() : Map.of("bytes_per_s", ceiling);
    inv.entity(new Entity(id, EntityKind.PCIE_LINK, "PCIe " + Json.text(doc.get("Name")), attrs, capacity));
    inv.degraded.add(id + ": not offered: traffic (Redfish PCIeDevices carry no byte counters; the link gives its ceiling only)");
    inv.linkByPath.put(path, id);
    if (slot != null && slot.ordinal() != null && !"U2".equals(slot.type())) {
      inv.linkBySlot.put(slot.ordinal(), id);
    }
    if (socket != null) {
      inv.relation(id, Rel.ON, socket);
    }
  }

  /**
   * Why the link runs below what it could, or null: trained below the device's maximum, or below
   * the slot (an x8 card in an x16 slot, a Gen3 card in a Gen4 slot).
   */
  static String degradation(int gen, int width, int maxGen, int maxWidth, Slot slot) {
    if (gen <= 0 || width <= 0) {
      return null;
    }
    List<String> why = new ArrayList<>();
    if ((maxGen > 0 && gen < maxGen) || (maxWidth > 0 && width < maxWidth)) {
      why.add("device capable of " + PcieGen.describe(maxGen > 0 ? maxGen : gen, maxWidth > 0 ? maxWidth : width));
    }
    if (slot != null && ((slot.gen() > 0 && gen < slot.gen()) || (slot.lanes() > 0 && width < slot.lanes()))) {
      why.add("slot " + (slot.ordinal() == null ? "" : slot.ordinal() + " ") + "is "
          + PcieGen.describe(slot.gen() > 0 ? slot.gen() : gen, slot.lanes() > 0 ? slot.lanes() : width));
    }
    return why.isEmpty() ? null : "trained " + PcieGen.describe(gen, width) + ", " + String.join(", ", why);
  }

  /** The socket by the OEM's CPUAffinity (Dell's, {@link BmcProfile.Oem}), else the slot's Processors link. */
  private static String socket(Inventory inv, JsonNode doc, Slot slot) {
    List<String> affinity = Json.links(inv.profile.oem().of(doc.path("Links")).get("CPUAffinity"));
    for (String p : affinity) {
      String s = inv.socketByPath.get(p);
      if (s != null) {
        return s;
      }
    }
    return slot == null ? null : slot.socket();
  }

  private static int lanes(JsonNode n) {
    Double v = Json.number(n);
    return v == null || v <= 0 || v > 64 ? 0 : v.intValue();
  }

  private static void putPositive(Map<String, Object> attrs, String key, int v) {
    if (v > 0) {
      attrs.put(key, v);
    }
  }
}
