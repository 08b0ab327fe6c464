package io.headroom.analyzer.scenario;

import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Builds one run as a recording: entities, relations, phases, and one sample per second per
 * series. Each phase sets a level per series; a series keeps its idle level in phases that do not
 * set it, and a workload series (idle NaN) is silent there, as fio reports only while it runs.
 * Readings carry seeded Gaussian noise, so the same seed gives the same file.
 */
public final class ScenarioBuilder {
  /** Relative noise (sigma) of a reading unless a phase sets its own. */
  static final double NOISE = 0.02;

  private final String run;
  private final String testbed;
  private final double start;
  private final Map<String, Object> workload;
  private final Random random;
  private final Map<String, Entity> entities = new LinkedHashMap<>();
  private final List<Relation> relations = new ArrayList<>();
  private final Map<String, Double> idle = new LinkedHashMap<>();
  private final List<PhaseSpec> phases = new ArrayList<>();

  public ScenarioBuilder(String run, String testbed, double start, long seed,
      Map<String, Object> workload) {
    this.run = run;
    this.testbed = testbed;
    this.start = start;
    this.workload = workload;
    this.random = new Random(seed);
  }

  public ScenarioBuilder entity(String id, String kind, Map<String, Object> attrs,
      Map<String, Double> capacity) {
    entities.put(id, new Entity(id, kind, id, attrs, capacity));
    return this;
  }

  public ScenarioBuilder entity(String id, String kind) {
    return entity(id, kind, Map.of(), Map.of());
  }

  public ScenarioBuilder rel(String from, String rel, String to) {
    relations.add(new Relation(from, rel, to));
    return this;
  }

  /** Declares a series with its level outside the phases that set it; NaN: silent there. */
  public ScenarioBuilder series(String entity, String metric, double idleLevel) {
    idle.put(key(entity, metric), idleLevel);
    return this;
  }

  /** Starts a phase of the given length; set its levels on the returned spec. */
  public PhaseSpec phase(String name, int seconds) {
    PhaseSpec p = new PhaseSpec(name, seconds);
    phases.add(p);
    return p;
  }

  /** The run as recording records: run, phases, entities, relations, then samples in time order. */
  public List<RecordingRecord> build() {
    List<RecordingRecord> out = new ArrayList<>();
    double end = start;
    for (PhaseSpec p : phases) {
      end += p.seconds;
    }
    out.add(new Run(run, testbed, start, end, workload));
    double t0 = start;
    for (PhaseSpec p : phases) {
      out.add(new Phase(run, p.name, t0, t0 + p.seconds, p.params));
      t0 += p.seconds;
    }
    out.addAll(entities.values());
    out.addAll(relations);
    t0 = start;
    Map<String, Double> previous = new LinkedHashMap<>(idle);
    for (PhaseSpec p : phases) {
      for (int s = 0; s < p.seconds; s++) {
        for (Map.Entry<String, Double> e : idle.entrySet()) {
          double level = p.levels.getOrDefault(e.getKey(), e.getValue());
          if (Double.isNaN(level)) {
            continue;
          }
          double before = previous.getOrDefault(e.getKey(), level);
          // The first second of a phase is half in the old setting: the benchmark ramps.
          double base = s == 0 && !Double.isNaN(before) ? (before + level) / 2 : level;
          double sigma = p.noise.getOrDefault(e.getKey(), NOISE);
          out.add(sample(t0 + s + 1, e.getKey(), base * (1 + sigma * random.nextGaussian())));
        }
      }
      for (String k : idle.keySet()) {
        previous.put(k, p.levels.getOrDefault(k, idle.get(k)));
      }
      t0 += p.seconds;
    }
    return out;
  }

  private Sample sample(double ts, String key, double raw) {
    int cut = key.indexOf('\0');
    String entity = key.substring(0, cut);
    String metric = key.substring(cut + 1);
    return new Sample(ts, entity, metric, round(clip(entity, metric, raw)));
  }

  /** Readings stay physical: not below zero, fractions not above one, no port above line rate. */
  private double clip(String entity, String metric, double v) {
    double out = Math.max(0, v);
    if (metric.equals("util") || metric.endsWith("_ratio")) {
      out = Math.min(1.0, out);
    }
    Entity e = entities.get(entity);
    String kind = e == null ? "" : e.kind();
    Double cap = e == null ? null : e.capacity().get("bytes_per_s");
    if (cap != null && metric.endsWith("bytes_per_s")
        && (kind.equals("net_port") || kind.equals("pcie_link"))) {
      out = Math.min(cap, out);
    }
    return out;
  }

  /** Four significant digits: what a collector's reading is worth, and a smaller file. */
  static double round(double v) {
    if (v == 0) {
      return 0;
    }
    return new BigDecimal(v).round(new MathContext(4)).doubleValue();
  }

  private static String key(String entity, String metric) {
    return entity + '\0' + metric;
  }

  /** The levels of one phase. */
  public final class PhaseSpec {
    private final String name;
    private final int seconds;
    private final Map<String, Double> levels = new LinkedHashMap<>();
    private final Map<String, Double> noise = new LinkedHashMap<>();
    private final Map<String, Object> params = new LinkedHashMap<>();

    private PhaseSpec(String name, int seconds) {
      this.name = name;
      this.seconds = seconds;
    }

    /** The series' mean level in this phase (it must have been declared). */
    public PhaseSpec set(String entity, String metric, double level) {
      String k = key(entity, metric);
      if (!idle.containsKey(k)) {
        throw new IllegalArgumentException("series not declared: " + entity + " " + metric);
      }
      levels.put(k, level);
      return this;
    }

    /** A parameter the phase was run with (its record's workload: bs, rdpct, randompct, ...). */
    public PhaseSpec param(String key, Object value) {
      params.put(key, value);
      return this;
    }

    /** Level with its own relative noise. */
    public PhaseSpec set(String entity, String metric, double level, double sigma) {
      noise.put(key(entity, metric), sigma);
      return set(entity, metric, level);
    }
  }
}
