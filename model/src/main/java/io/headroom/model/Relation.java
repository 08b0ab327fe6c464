package io.headroom.model;

import java.util.Objects;

/** "from rel to": what sits behind what ({@code behind}, {@code on}, {@code runs_on}, ...). */
public record Relation(String from, String rel, String to) implements RecordingRecord {
  public Relation {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(rel, "rel");
    Objects.requireNonNull(to, "to");
  }

  /** A relation Headroom emits: its name from {@link Rel}, never a string of its own. */
  public Relation(String from, Rel rel, String to) {
    this(from, rel.wire(), to);
  }

  @Override
  public String type() {
    return "relation";
  }

  /** The compacted-topic key: one relation is one fact, whatever else changes. */
  public String key() {
    return from + " " + rel + " " + to;
  }
}
