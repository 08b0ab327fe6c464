package io.headroom.collector.declared;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A declared source's settings as written, bound by the settings binder (docs/configuration.md);
 * that it declares something is checked by {@link DeclaredSourceFactory} on the section as written.
 */
record DeclaredSettings(Path sysRoot, List<EntitySpec> entities, List<RelationSpec> relations,
    List<WorkloadRelation> workloads) {

  DeclaredSettings {
    sysRoot = sysRoot == null ? Path.of("/sys") : sysRoot;
    entities = entities == null ? List.of() : entities;
    relations = relations == null ? List.of() : relations;
    workloads = workloads == null ? List.of() : workloads;
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (!Files.isDirectory(sysRoot)) {
      problems.add("sys_root: " + sysRoot + " is not a directory");
    }
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < entities.size(); i++) {
      EntitySpec e = entities.get(i);
      if (e != null && e.id() != null && !ids.add(e.id())) {
        problems.add("entities[" + i + "].id: \"" + e.id() + "\" is declared twice");
      }
    }
    return problems;
  }

  DeclaredSourceConfig config() {
    return new DeclaredSourceConfig(sysRoot, entities.stream().map(EntitySpec::toDeclared).toList(),
        relations.stream().map(RelationSpec::toRelation).toList(), workloads);
  }
}
