package io.headroom.model;

/** One line of recording format v1 (see docs/recording-format.md): the things a run is made of. */
public sealed interface RecordingRecord permits Run, Phase, Entity, Relation, Sample {
  /** The value of the line's "type" field. */
  String type();
}
