package io.headroom.model;

import java.util.Objects;

/** A part of a run with one setting (a job section, a queue-depth step). {@code end} is null while open. */
public record Phase(String run, String name, double start, Double end) implements RecordingRecord {
  public Phase {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(name, "name");
  }

  @Override
  public String type() {
    return "phase";
  }

  /** True when {@code ts} falls inside this phase; an open phase extends to infinity. */
  public boolean contains(double ts) {
    return ts >= start && (end == null || ts < end);
  }
}
