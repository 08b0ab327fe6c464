package io.headroom.collector.declared;

import io.headroom.collector.source.CgroupPaths;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.StorableRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * One entry of a declared source's {@code entities:} as written: what it is, its declared ceiling,
 * and at most one kernel object its readings come from (docs/configuration.md).
 */
record EntitySpec(String id, String kind, String name, Map<String, Object> attrs, Map<String, Double> capacity,
    String cgroup, String netdev, String blockdev) {

  EntitySpec {
    attrs = attrs == null ? Map.of() : attrs;
    capacity = capacity == null ? Map.of() : capacity;
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    DeclaredChecks.id(id, "id", problems);
    StorableRecords.key("name", name, problems);
    StorableRecords.content("attrs", attrs, problems);
    StorableRecords.content("capacity", capacity, problems);
    if (DeclaredChecks.present(kind, "kind", problems) && !DeclaredChecks.KINDS.contains(kind)) {
      problems.add("kind: \"" + kind + "\" is not declarable (known: " + new TreeSet<>(DeclaredChecks.KINDS) + ")");
    }
    capacity.forEach((metric, v) -> {
      if (v == null || !(v > 0)) {
        problems.add("capacity." + metric + ": must be a positive number, not " + v);
      }
    });
    deviceName(netdev, "netdev", problems);
    deviceName(blockdev, "blockdev", problems);
    if ((cgroup != null ? 1 : 0) + (netdev != null ? 1 : 0) + (blockdev != null ? 1 : 0) > 1) {
      problems.add("at most one of cgroup, netdev, blockdev");
    }
    if (cgroup != null && cgroup.contains("..")) {
      problems.add("cgroup: must not contain \"..\"");
    }
    if (kind != null) {
      meterFits(problems);
    }
    return problems;
  }

  private void meterFits(List<String> problems) {
    if (cgroup != null && !DeclaredChecks.CPU_KINDS.contains(kind)) {
      problems.add("cgroup: only a CPU kind " + new TreeSet<>(DeclaredChecks.CPU_KINDS) + " is measured from a cgroup, not " + kind);
    }
    if (netdev != null && !kind.equals(EntityKind.NET_PORT)) {
      problems.add("netdev: only a net_port is measured from an interface, not " + kind);
    }
    if (blockdev != null && !kind.equals(EntityKind.DISK)) {
      problems.add("blockdev: only a disk is measured from a block device, not " + kind);
    }
  }

  /** An interface or block device name: one path element under /sys/class/net or /sys/block. */
  private static void deviceName(String name, String key, List<String> problems) {
    if (name != null && (name.isBlank() || name.contains("/") || name.equals(".") || name.equals(".."))) {
      problems.add(key + ": \"" + name + "\" must be a device name (loop7, eth0), not a path");
    }
  }

  DeclaredEntity toDeclared() {
    return new DeclaredEntity(new Entity(id, kind, name == null ? id : name, attrs, capacity),
        CgroupPaths.normalize(cgroup), netdev, blockdev);
  }
}
