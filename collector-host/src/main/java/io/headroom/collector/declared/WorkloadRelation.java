package io.headroom.collector.declared;

import java.util.ArrayList;
import java.util.List;

/** A relation every workload of a run gets: {@code <workload> rel to} ({@code workloads:}). */
public record WorkloadRelation(String rel, String to) {
  List<String> validate() {
    List<String> problems = new ArrayList<>();
    DeclaredChecks.oneOf(rel, DeclaredChecks.WORKLOAD_RELS, "rel", problems);
    DeclaredChecks.id(to, "to", problems);
    return problems;
  }
}
