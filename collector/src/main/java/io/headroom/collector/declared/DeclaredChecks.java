package io.headroom.collector.declared;

import io.headroom.model.EntityKind;
import io.headroom.model.StorableRecords;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The checks the declared source's settings records share: ids, relation names, kinds. */
final class DeclaredChecks {
  /** Declarable kinds: workloads are the benchmark's own, made by its runner. */
  static final Set<String> KINDS = Set.of(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.ARRAY_CPU,
      EntityKind.PCIE_LINK, EntityKind.NET_PORT, EntityKind.DISK, "cgroup");
  static final Set<String> CPU_KINDS = Set.of(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.ARRAY_CPU, "cgroup");
  /** design.md's relation names. */
  static final Set<String> RELS = Set.of("behind", "on", "runs_on", "targets", "via", "cabled_to", "served_by");
  /** The relations that start at a workload. */
  static final Set<String> WORKLOAD_RELS = Set.of("runs_on", "targets", "via");

  private DeclaredChecks() {}

  /** A required, non-blank value. */
  static boolean present(String value, String key, List<String> problems) {
    if (value == null) {
      problems.add(key + ": required");
      return false;
    }
    if (value.isBlank()) {
      problems.add(key + ": must be a non-empty string");
      return false;
    }
    return true;
  }

  /** An entity id: '|' separates key parts on Kafka, and the database must be able to store it. */
  static void id(String id, String key, List<String> problems) {
    if (present(id, key, problems)) {
      int before = problems.size();
      StorableRecords.key(key, id, problems);
      if (problems.size() == before && id.contains("|")) {
        problems.add(key + ": \"" + id + "\" must not contain '|'");
      }
    }
  }

  static void oneOf(String value, Set<String> allowed, String key, List<String> problems) {
    if (present(value, key, problems) && !allowed.contains(value)) {
      problems.add(key + ": \"" + value + "\" is not one of " + new TreeSet<>(allowed));
    }
  }
}
