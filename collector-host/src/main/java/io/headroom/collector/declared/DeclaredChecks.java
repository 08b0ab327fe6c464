package io.headroom.collector.declared;

import io.headroom.model.EntityKind;
import io.headroom.model.Rel;
import io.headroom.model.StorableRecords;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** The checks the declared source's settings records share: ids, relation names, kinds. */
final class DeclaredChecks {
  /** Declarable kinds: workloads are the benchmark's own, made by its runner. */
  static final Set<String> KINDS = Set.of(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.ARRAY_CPU,
      EntityKind.PCIE_LINK, EntityKind.NET_PORT, EntityKind.DISK, EntityKind.CGROUP);
  static final Set<String> CPU_KINDS =
      Set.of(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.ARRAY_CPU, EntityKind.CGROUP);
  /** design.md's relation names: every {@link Rel}. */
  static final Set<String> RELS = wire(Rel.values());
  /** The relations that start at a workload. */
  static final Set<String> WORKLOAD_RELS = wire(Rel.RUNS_ON, Rel.TARGETS, Rel.VIA);

  private DeclaredChecks() {}

  private static Set<String> wire(Rel... rels) {
    return Arrays.stream(rels).map(Rel::wire).collect(Collectors.toUnmodifiableSet());
  }

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
