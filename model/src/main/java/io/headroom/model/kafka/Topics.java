package io.headroom.model.kafka;

import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;

/**
 * The four topics, with a configurable prefix so several Headroom installations can share a
 * cluster. Topology is compacted (the latest description of each entity and relation is what
 * matters); samples, runs and verdicts are time-retained.
 */
public record Topics(String prefix) {
  public static final Topics DEFAULT = new Topics("headroom.");

  public String samples() {
    return prefix + "samples";
  }

  public String topology() {
    return prefix + "topology";
  }

  public String runs() {
    return prefix + "runs";
  }

  public String verdicts() {
    return prefix + "verdicts";
  }

  /** Topology key: entities by id, relations by their triple, each prefixed with the testbed. */
  public static String topologyKey(String testbed, RecordingRecord record) {
    if (record instanceof Entity e) {
      return testbed + "|entity|" + e.id();
    }
    if (record instanceof Relation r) {
      return testbed + "|relation|" + r.key();
    }
    throw new IllegalArgumentException("not a topology record: " + record.type());
  }

  /** Runs-topic key: the run id, so a run's records and its phases stay in order. */
  public static String runKey(String testbed, RecordingRecord record) {
    if (record instanceof Run r) {
      return testbed + "|" + r.run();
    }
    if (record instanceof Phase p) {
      return testbed + "|" + p.run();
    }
    throw new IllegalArgumentException("not a run record: " + record.type());
  }
}
