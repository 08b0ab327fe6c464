package io.headroom.collector.declared;

import io.headroom.collector.source.CgroupPaths;
import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Binds a declared source's settings, collecting every problem with its key
 * ({@code entities[1].capacity.iops: must be a positive number}) rather than stopping at the first.
 */
final class DeclaredSettings {
  static final Set<String> KEYS = Set.of("sys_root", "entities", "relations", "workloads");
  static final Set<String> ENTITY_KEYS = Set.of("id", "kind", "name", "attrs", "capacity", "cgroup", "netdev", "blockdev");
  /** Declarable kinds: workloads are the benchmark's own, made by its runner. */
  static final Set<String> KINDS = Set.of(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.ARRAY_CPU,
      EntityKind.PCIE_LINK, EntityKind.NET_PORT, EntityKind.DISK, "cgroup");
  static final Set<String> CPU_KINDS = Set.of(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.ARRAY_CPU, "cgroup");
  /** design.md's relation names. */
  static final Set<String> RELS = Set.of("behind", "on", "runs_on", "targets", "via", "cabled_to", "served_by");
  /** The relations that start at a workload. */
  static final Set<String> WORKLOAD_RELS = Set.of("runs_on", "targets", "via");

  final List<String> problems = new ArrayList<>();

  void unknownKeys(JsonNode node, Set<String> known, String where) {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!known.contains(key)) {
        problems.add(where + key + ": unknown key (known: " + new TreeSet<>(known) + ")");
      }
    }
  }

  List<DeclaredEntity> entities(JsonNode list) {
    List<DeclaredEntity> out = new ArrayList<>();
    Set<String> ids = new TreeSet<>();
    int i = 0;
    for (JsonNode n : array(list, "entities")) {
      String at = "entities[" + i++ + "].";
      if (!n.isObject()) {
        problems.add(at.substring(0, at.length() - 1) + ": must be a mapping (id, kind, ...)");
        continue;
      }
      unknownKeys(n, ENTITY_KEYS, at);
      DeclaredEntity e = entity(n, at);
      if (e != null && !ids.add(e.entity().id())) {
        problems.add(at + "id: \"" + e.entity().id() + "\" is declared twice");
      } else if (e != null) {
        out.add(e);
      }
    }
    return out;
  }

  private DeclaredEntity entity(JsonNode n, String at) {
    String id = id(n.get("id"), at + "id");
    String kind = text(n.get("kind"), at + "kind");
    if (kind != null && !KINDS.contains(kind)) {
      problems.add(at + "kind: \"" + kind + "\" is not declarable (known: " + new TreeSet<>(KINDS) + ")");
      kind = null;
    }
    Map<String, Object> attrs = attrs(n.get("attrs"), at + "attrs");
    Map<String, Double> capacity = capacity(n.get("capacity"), at + "capacity");
    String cgroup = optionalText(n.get("cgroup"), at + "cgroup");
    String netdev = deviceName(n.get("netdev"), at + "netdev");
    String blockdev = deviceName(n.get("blockdev"), at + "blockdev");
    if ((cgroup != null ? 1 : 0) + (netdev != null ? 1 : 0) + (blockdev != null ? 1 : 0) > 1) {
      problems.add(at.substring(0, at.length() - 1) + ": at most one of cgroup, netdev, blockdev");
    }
    if (kind != null) {
      checkMeterFits(kind, cgroup, netdev, blockdev, at);
    }
    if (id == null || kind == null) {
      return null;
    }
    if (cgroup != null && cgroup.contains("..")) {
      problems.add(at + "cgroup: must not contain \"..\"");
    }
    String name = n.hasNonNull("name") ? n.get("name").asText() : id;
    return new DeclaredEntity(new Entity(id, kind, name, attrs, capacity), CgroupPaths.normalize(cgroup), netdev, blockdev);
  }

  private void checkMeterFits(String kind, String cgroup, String netdev, String blockdev, String at) {
    if (cgroup != null && !CPU_KINDS.contains(kind)) {
      problems.add(at + "cgroup: only a CPU kind " + new TreeSet<>(CPU_KINDS) + " is measured from a cgroup, not " + kind);
    }
    if (netdev != null && !kind.equals(EntityKind.NET_PORT)) {
      problems.add(at + "netdev: only a net_port is measured from an interface, not " + kind);
    }
    if (blockdev != null && !kind.equals(EntityKind.DISK)) {
      problems.add(at + "blockdev: only a disk is measured from a block device, not " + kind);
    }
  }

  List<Relation> relations(JsonNode list) {
    List<Relation> out = new ArrayList<>();
    int i = 0;
    for (JsonNode n : array(list, "relations")) {
      String at = "relations[" + i++ + "].";
      if (!n.isObject()) {
        problems.add(at.substring(0, at.length() - 1) + ": must be a mapping {from, rel, to}");
        continue;
      }
      unknownKeys(n, Set.of("from", "rel", "to"), at);
      String from = id(n.get("from"), at + "from");
      String rel = rel(n.get("rel"), at + "rel", RELS);
      String to = id(n.get("to"), at + "to");
      if (from != null && rel != null && to != null) {
        out.add(new Relation(from, rel, to));
      }
    }
    return out;
  }

  List<WorkloadRelation> workloads(JsonNode list) {
    List<WorkloadRelation> out = new ArrayList<>();
    int i = 0;
    for (JsonNode n : array(list, "workloads")) {
      String at = "workloads[" + i++ + "].";
      if (!n.isObject()) {
        problems.add(at.substring(0, at.length() - 1) + ": must be a mapping {rel, to}");
        continue;
      }
      unknownKeys(n, Set.of("rel", "to"), at);
      String rel = rel(n.get("rel"), at + "rel", WORKLOAD_RELS);
      String to = id(n.get("to"), at + "to");
      if (rel != null && to != null) {
        out.add(new WorkloadRelation(rel, to));
      }
    }
    return out;
  }

  private Iterable<JsonNode> array(JsonNode node, String key) {
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (!node.isArray()) {
      problems.add(key + ": must be a list");
      return List.of();
    }
    return node;
  }

  private String rel(JsonNode n, String at, Set<String> allowed) {
    String rel = text(n, at);
    if (rel != null && !allowed.contains(rel)) {
      problems.add(at + ": \"" + rel + "\" is not one of " + new TreeSet<>(allowed));
      return null;
    }
    return rel;
  }

  private String id(JsonNode n, String at) {
    String id = text(n, at);
    if (id != null && id.contains("|")) {
      problems.add(at + ": \"" + id + "\" must not contain '|'");
      return null;
    }
    return id;
  }

  private String text(JsonNode n, String at) {
    if (n == null || n.isNull()) {
      problems.add(at + ": required");
      return null;
    }
    if (!n.isTextual() || n.asText().isBlank()) {
      problems.add(at + ": must be a non-empty string");
      return null;
    }
    return n.asText();
  }

  private String optionalText(JsonNode n, String at) {
    return n == null || n.isNull() ? null : text(n, at);
  }

  /** An interface or block device name: one path element under /sys/class/net or /sys/block. */
  private String deviceName(JsonNode n, String at) {
    String name = optionalText(n, at);
    if (name != null && (name.contains("/") || name.equals(".") || name.equals(".."))) {
      problems.add(at + ": \"" + name + "\" must be a device name (loop7, eth0), not a path");
      return null;
    }
    return name;
  }

  private Map<String, Object> attrs(JsonNode n, String at) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (n == null || n.isNull()) {
      return out;
    }
    if (!n.isObject()) {
      problems.add(at + ": must be a mapping");
      return out;
    }
    n.fields().forEachRemaining(f -> {
      JsonNode v = f.getValue();
      if (v.isNumber()) {
        out.put(f.getKey(), v.numberValue());
      } else if (v.isBoolean()) {
        out.put(f.getKey(), v.booleanValue());
      } else if (v.isTextual()) {
        out.put(f.getKey(), v.asText());
      } else {
        problems.add(at + "." + f.getKey() + ": must be a number, boolean or string");
      }
    });
    return out;
  }

  private Map<String, Double> capacity(JsonNode n, String at) {
    Map<String, Double> out = new LinkedHashMap<>();
    if (n == null || n.isNull()) {
      return out;
    }
    if (!n.isObject()) {
      problems.add(at + ": must be a mapping (iops: 300, bytes_per_s: 1.0e7, ...)");
      return out;
    }
    n.fields().forEachRemaining(f -> {
      if (f.getValue().isNumber() && f.getValue().asDouble() > 0 && Double.isFinite(f.getValue().asDouble())) {
        out.put(f.getKey(), f.getValue().asDouble());
      } else {
        problems.add(at + "." + f.getKey() + ": must be a positive number, not " + f.getValue());
      }
    });
    return out;
  }
}
