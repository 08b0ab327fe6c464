package io.headroom.collector.declared;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Declared workload relations are added right after each workload entity, and only then. */
class WorkloadRelationsTest {
  @Test
  void everyWorkloadGetsTheDeclaredRelationsRightAfterItself() {
    List<RecordingRecord> out = new ArrayList<>();
    var sink = WorkloadRelations.decorate(
        List.of(new WorkloadRelation("via", "c/net/p"), new WorkloadRelation("targets", "lab/vol/x")), out::add);
    Entity w1 = Entity.of("c/fio/r1/a", EntityKind.WORKLOAD);
    Entity disk = Entity.of("lab/vol/x", EntityKind.DISK);
    Entity w2 = Entity.of("c/fio/r1/b", EntityKind.WORKLOAD);
    sink.accept(w1);
    sink.accept(disk);
    sink.accept(w2);
    assertEquals(List.of(w1, new Relation("c/fio/r1/a", "via", "c/net/p"), new Relation("c/fio/r1/a", "targets", "lab/vol/x"),
        disk, w2, new Relation("c/fio/r1/b", "via", "c/net/p"), new Relation("c/fio/r1/b", "targets", "lab/vol/x")), out);
  }

  @Test
  void withNothingDeclaredEveryRecordPassesAsItIs() {
    List<RecordingRecord> out = new ArrayList<>();
    var sink = WorkloadRelations.decorate(List.of(), out::add);
    Entity w = Entity.of("c/fio/r1/a", EntityKind.WORKLOAD);
    Relation r = new Relation("c/fio/r1/a", "targets", "lab/vol/x");
    sink.accept(w);
    sink.accept(r);
    assertEquals(List.of(w, r), out);
  }
}
