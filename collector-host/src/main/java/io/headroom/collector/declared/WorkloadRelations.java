package io.headroom.collector.declared;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import java.util.List;
import java.util.function.Consumer;

/**
 * Gives every workload a benchmark runner reports the testbed's declared relations: a run's
 * workload ids are made when fio starts, so the testbed file cannot name them, only say what
 * every workload crosses (the client port) and targets (the exported volume).
 */
public final class WorkloadRelations {
  private WorkloadRelations() {}

  /** Passes every record on; after a workload entity, also its declared relations. */
  public static Consumer<RecordingRecord> decorate(List<WorkloadRelation> relations, Consumer<RecordingRecord> sink) {
    if (relations.isEmpty()) {
      return sink;
    }
    List<WorkloadRelation> copy = List.copyOf(relations);
    return r -> {
      sink.accept(r);
      if (r instanceof Entity e && EntityKind.WORKLOAD.equals(e.kind())) {
        for (WorkloadRelation w : copy) {
          // validated with the settings (WorkloadRelation.validate): rel is one of Rel's names
          sink.accept(new Relation(e.id(), Rel.of(w.rel()).orElseThrow(), w.to()));
        }
      }
    };
  }
}
