package io.headroom.analyzer.data;

import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything known about one testbed for analysis: entities, relations, runs, phases and every
 * sample as a series per entity and metric. Built by feeding records in any order (from a
 * recording or from the database); samples of an entity never declared still count, with kind
 * unknown.
 */
public final class RunData {
  private final Map<String, Entity> entities = new LinkedHashMap<>();
  private final Set<Relation> relations = new LinkedHashSet<>();
  private final Map<String, Run> runs = new LinkedHashMap<>();
  private final List<Phase> phases = new ArrayList<>();
  private final Map<String, Map<String, Series>> series = new HashMap<>();
  private double latestSampleTs = Double.NEGATIVE_INFINITY;

  public void accept(RecordingRecord record) {
    if (record instanceof Sample s) {
      addSample(s.ts(), s.entity(), s.metric(), s.value());
    } else if (record instanceof Entity e) {
      entities.put(e.id(), e);
    } else if (record instanceof Relation r) {
      relations.add(r);
    } else if (record instanceof Run r) {
      runs.put(r.run(), r);
    } else if (record instanceof Phase p) {
      phases.removeIf(old -> old.run().equals(p.run()) && old.name().equals(p.name()));
      phases.add(p);
    }
  }

  public void addSample(double ts, String entity, String metric, double value) {
    latestSampleTs = Math.max(latestSampleTs, ts);
    series.computeIfAbsent(entity, e -> new HashMap<>())
        .computeIfAbsent(metric, m -> new Series())
        .add(ts, value);
  }

  /** The time of the newest sample held; negative infinity when there is none. */
  public double latestSampleTs() {
    return latestSampleTs;
  }

  public Map<String, Entity> entities() {
    return Collections.unmodifiableMap(entities);
  }

  /** Entities declared or seen in samples; an undeclared one has kind "unknown". */
  public Entity entity(String id) {
    Entity e = entities.get(id);
    return e != null ? e : Entity.of(id, "unknown");
  }

  public Set<String> entityIdsWithSamples() {
    return Collections.unmodifiableSet(series.keySet());
  }

  public Set<Relation> relations() {
    return Collections.unmodifiableSet(relations);
  }

  public Map<String, Run> runs() {
    return Collections.unmodifiableMap(runs);
  }

  public List<Phase> phases() {
    return Collections.unmodifiableList(phases);
  }

  public List<Phase> phasesOf(String run) {
    return phases.stream().filter(p -> p.run().equals(run)).toList();
  }

  /** The metrics of an entity, each as a series; empty when it has none. */
  public Map<String, Series> seriesOf(String entity) {
    return series.getOrDefault(entity, Map.of());
  }

  public long sampleCount() {
    return series.values().stream().flatMap(m -> m.values().stream()).mapToLong(Series::size).sum();
  }
}
