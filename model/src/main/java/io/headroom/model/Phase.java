package io.headroom.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.Objects;

/**
 * A part of a run with one setting (a job section, a queue-depth step, one HCIBench test).
 * {@code end} is null while open. {@code workload} holds what the phase was set to do where it
 * differs across a sweep (block size, read share, random share, queue depth, threads), in the
 * run workload's keys; empty when the source did not say.
 */
public record Phase(String run, String name, double start, Double end,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Object> workload) implements RecordingRecord {
  public Phase {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(name, "name");
    workload = workload == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(workload));
  }

  /** A phase without declared parameters. */
  public Phase(String run, String name, double start, Double end) {
    this(run, name, start, end, Map.of());
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
