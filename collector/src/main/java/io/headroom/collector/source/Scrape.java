package io.headroom.collector.source;

import io.headroom.model.Entity;
import io.headroom.model.MetricDef;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import io.headroom.model.Sample;
import io.headroom.model.StorableRecords;
import io.headroom.model.StorableText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one scrape of one source saw: entities, relations, readings (grouped by entity, as they
 * travel) and the sub-resources that failed, with why. All readings of a scrape share its time
 * unless given one (a benchmark's own per-second intervals carry theirs).
 *
 * <p>What the database could not store ({@link StorableRecords}: an id, name or metric name with
 * a NUL character or an unpaired surrogate, or too long) is refused here, where it enters: the
 * entity, relation or reading is left out and becomes a problem of the scrape naming it, and the
 * rest of the scrape stands.
 */
public final class Scrape {
  private final double ts;
  private final List<Entity> entities = new ArrayList<>();
  private final List<Relation> relations = new ArrayList<>();
  private final Map<String, List<Reading>> readings = new LinkedHashMap<>();
  private final List<String> problems = new ArrayList<>();
  /** Refusals already listed as problems: one per refused entity, relation or metric, however many readings. */
  private final Set<String> refusalsListed = new HashSet<>();
  private int refusedRecords;
  private final List<String> degraded = new ArrayList<>();

  public Scrape(double ts) {
    this.ts = ts;
  }

  /** The scrape's time, Unix seconds. */
  public double ts() {
    return ts;
  }

  public void entity(Entity entity) {
    List<String> refused = StorableRecords.problems(entity);
    if (refused.isEmpty()) {
      entities.add(entity);
    } else {
      refuse("entity " + StorableText.quote(entity.id()), refused);
    }
  }

  /** A relation this source found: its name from {@link Rel}, never a string of its own. */
  public void relation(String from, Rel rel, String to) {
    relation(new Relation(from, rel, to));
  }

  /**
   * A relation named elsewhere: a testbed file's declared relation (checked against {@link Rel}
   * there), a benchmark record, one a source built earlier from a {@link Rel}.
   */
  public void relation(Relation r) {
    List<String> refused = StorableRecords.problems(r);
    if (refused.isEmpty()) {
      relations.add(r);
    } else {
      refuse("relation " + StorableText.quote(r.from()) + " " + StorableText.quote(r.rel()) + " "
          + StorableText.quote(r.to()), refused);
    }
  }

  /** A reading at the scrape's time, named by its declaration. */
  public void sample(String entity, MetricDef metric, double value) {
    add(ts, entity, metric.name(), value);
  }

  /** A reading at its own time (a benchmark's interval, an array's sample), named by its declaration. */
  public void sample(double at, String entity, MetricDef metric, double value) {
    add(at, entity, metric.name(), value);
  }

  /**
   * A sample made elsewhere and named there (the benchmark runner's, through its declarations):
   * forwarded with its own time and name.
   */
  public void sample(Sample s) {
    add(s.ts(), s.entity(), s.metric(), s.value());
  }

  /** NaN and infinite values are dropped: they are never a reading. */
  private void add(double at, String entity, String metric, double value) {
    if (!Double.isFinite(value)) {
      return;
    }
    List<Reading> entityReadings = readings.get(entity);
    if (entityReadings == null) { // an entity's id is checked once per scrape, when first seen
      String idProblem = StorableText.keyProblem(entity);
      if (idProblem != null) {
        refuse("readings of entity " + StorableText.quote(entity), List.of("entity: " + idProblem));
        return;
      }
      entityReadings = new ArrayList<>();
      readings.put(entity, entityReadings);
    }
    String metricProblem = StorableText.keyProblem(metric);
    if (metricProblem == null) {
      entityReadings.add(new Reading(at, metric, value));
    } else {
      refuse("metric " + StorableText.quote(metric) + " of entity " + StorableText.quote(entity),
          List.of("metric: " + metricProblem));
    }
  }

  /** A sub-resource that could not be read; the rest of the scrape stands. */
  public void problem(String subResource, String reason) {
    problems.add(subResource + ": " + reason);
  }

  /** One record left out because the database could not store it: a problem, and counted. */
  private void refuse(String what, List<String> why) {
    refusedRecords++;
    if (refusalsListed.add(what)) {
      problem(what, "refused: " + String.join("; ", why));
    }
  }

  /** Entities, relations and readings refused ({@link StorableRecords}); each reading counts. */
  public int refusedRecords() {
    return refusedRecords;
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
