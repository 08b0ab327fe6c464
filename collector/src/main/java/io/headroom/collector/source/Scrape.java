package io.headroom.collector.source;

import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one scrape of one source saw: entities, relations, readings (grouped by entity, as they
 * travel) and the sub-resources that failed, with why. All readings of a scrape share its time
 * unless given one (a benchmark's own per-second intervals carry theirs).
 */
public final class Scrape {
  private final double ts;
  private final List<Entity> entities = new ArrayList<>();
  private final List<Relation> relations = new ArrayList<>();
  private final Map<String, List<Reading>> readings = new LinkedHashMap<>();
  private final List<String> problems = new ArrayList<>();
  private final List<String> degraded = new ArrayList<>();

  public Scrape(double ts) {
    this.ts = ts;
  }

  /** The scrape's time, Unix seconds. */
  public double ts() {
    return ts;
  }

  public void entity(Entity entity) {
    entities.add(entity);
  }

  public void relation(String from, String rel, String to) {
    relations.add(new Relation(from, rel, to));
  }

  public void sample(String entity, String metric, double value) {
    sample(ts, entity, metric, value);
  }

  /** NaN and infinite values are dropped: they are never a reading. */
  public void sample(double at, String entity, String metric, double value) {
    if (Double.isFinite(value)) {
      readings.computeIfAbsent(entity, e -> new ArrayList<>()).add(new Reading(at, metric, value));
    }
  }

  /** A sub-resource that could not be read; the rest of the scrape stands. */
  public void problem(String subResource, String reason) {
    problems.add(subResource + ": " + reason);
  }

  /**
   * Something that works but below what it could ("ID: reason": a link trained below its maximum,
   * a port read by polling because its stream was refused); {@code discover} prints these.
   */
  public void degraded(String note) {
    degraded.add(note);
  }

  public List<String> degraded() {
    return degraded;
  }

  public List<Entity> entities() {
    return entities;
  }

  public List<Relation> relations() {
    return relations;
  }

  public Map<String, List<Reading>> readings() {
    return readings;
  }

  public List<String> problems() {
    return problems;
  }

  public int sampleCount() {
    return readings.values().stream().mapToInt(List::size).sum();
  }

  /** One reading; the entity is the map key it sits under. */
  public record Reading(double ts, String metric, double value) {}
}
