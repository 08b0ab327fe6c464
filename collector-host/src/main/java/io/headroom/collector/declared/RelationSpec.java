package io.headroom.collector.declared;

import io.headroom.model.Rel;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.List;

/** One entry of a declared source's {@code relations:}: {@code from rel to}, design.md's names. */
record RelationSpec(String from, String rel, String to) {
  List<String> validate() {
    List<String> problems = new ArrayList<>();
    DeclaredChecks.id(from, "from", problems);
    DeclaredChecks.oneOf(rel, DeclaredChecks.RELS, "rel", problems);
    DeclaredChecks.id(to, "to", problems);
    return problems;
  }

  /** After {@link #validate} found no problem: {@code rel} is then one of {@link Rel}'s names. */
  Relation toRelation() {
    return new Relation(from, Rel.of(rel).orElseThrow(), to);
  }
}
