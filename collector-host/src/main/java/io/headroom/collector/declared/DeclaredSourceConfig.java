package io.headroom.collector.declared;

import io.headroom.model.Relation;
import java.nio.file.Path;
import java.util.List;

/** A declared source's settings, bound and checked by {@link DeclaredSourceFactory}. */
record DeclaredSourceConfig(
    Path sysRoot, List<DeclaredEntity> entities, List<Relation> relations, List<WorkloadRelation> workloads) {
  DeclaredSourceConfig {
    entities = List.copyOf(entities);
    relations = List.copyOf(relations);
    workloads = List.copyOf(workloads);
  }
}
