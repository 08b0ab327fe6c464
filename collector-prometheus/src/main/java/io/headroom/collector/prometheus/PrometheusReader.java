package io.headroom.collector.prometheus;

import io.headroom.model.Ceilings;
import io.headroom.model.Entity;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Sample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A window of a Prometheus as Headroom's records: for each mapping, the hosts its name query
 * finds, then each entity rule's readings by paged query_range at the step the data was scraped
 * at; the entities their series name, with ceilings; what a found entity lacks, said per entity.
 */
public final class PrometheusReader {
  /**
   * @param step seconds between readings; 0 to take it from the data (the scrape interval)
   * @param firstPoints points per series the first page of a query asks for, before its series count is known
   * @param valuesPerPage about how many values one request may bring back after that
   */
  public record Settings(double step, int firstPoints, int valuesPerPage) {
    public static final Settings DEFAULTS = new Settings(0, 120, 500_000);

    public Settings withStep(double step) {
      return new Settings(step, firstPoints, valuesPerPage);
    }
  }

  /**
   * What was read.
   *
   * @param records entities first, then relations, then samples
   * @param problems each naming the entity or the mapping and the query
   * @param steps the step each mapping was read at (seconds), by exporter
   */
  public record Result(List<RecordingRecord> records, List<String> problems, Map<String, Double> steps, int requests) {}

  private final PromApi api;
  private final List<ExporterMapping> mappings;
  private final Settings settings;

  public PrometheusReader(PromApi api, List<ExporterMapping> mappings, Settings settings) {
    this.api = api;
    this.mappings = mappings;
    this.settings = settings;
  }

  public Result read(double start, double end) throws IOException {
    Window w = new Window();
    for (ExporterMapping m : mappings) {
      readMapping(m, start, end, w);
    }
    List<RecordingRecord> records = new ArrayList<>(w.entities.values());
    records.addAll(w.relations);
    records.addAll(w.samples);
    return new Result(records, w.problems, w.steps, w.requests);
  }

  /** What the mappings read so far. */
  private static final class Window {
    final Map<String, Entity> entities = new LinkedHashMap<>();
    final Set<Relation> relations = new LinkedHashSet<>();
    final List<Sample> samples = new ArrayList<>();
    final List<String> problems = new ArrayList<>();
    final Map<String, Double> steps = new LinkedHashMap<>();
    int requests;
  }

  private void readMapping(ExporterMapping m, double start, double end, Window w) throws IOException {
    HostNames hosts = HostNames.read(api, m.host(), start, end);
    w.requests++;
    if (hosts.isEmpty()) {
      w.problems.add(m.exporter() + ": no " + m.host().series() + " series between " + instant(start) + " and "
          + instant(end) + ": not read (" + m.file() + ")");
      return;
    }
    double step = settings.step() > 0 ? settings.step() : ScrapeStep.of(api, m.host().series(), start, end);
    w.requests++;
    if (Double.isNaN(step)) {
      w.problems.add(m.exporter() + ": fewer than two samples of a series in the window: no scrape interval to read at");
      return;
    }
    w.steps.put(m.exporter(), step);
    String window = String.format(Locale.ROOT, "%dms", Math.round(3 * step * 1000));
    for (ExporterMapping.EntityRule rule : m.entities()) {
      readRule(m, rule, hosts, start, end, step, window, w);
    }
  }

  private void readRule(ExporterMapping m, ExporterMapping.EntityRule rule, HostNames hosts, double start, double end,
      double step, String window, Window w) throws IOException {
    // entity id to its labels (from the first series that named it), and the metrics each one got
    Map<String, Found> found = new TreeMap<>();
    Map<String, Set<String>> got = new LinkedHashMap<>();
    Map<String, Double> speeds = new LinkedHashMap<>();
    Set<String> labelProblems = new LinkedHashSet<>();
    if (rule.ceiling() != null) {
      for (PromApi.Series s : api.query(rule.ceiling().query(), end)) {
        String id = id(rule, hosts, s, labelProblems);
        double bps = id == null ? Double.NaN : bitsPerS(rule.ceiling(), s);
        if (id != null && bps > 0) {
          found.putIfAbsent(id, new Found(hosts.of(s), s.labels()));
          speeds.put(id, bps);
        }
      }
      w.requests++;
    }
    for (ExporterMapping.Reading r : rule.readings()) {
      String query = r.query().replace("$window", window);
      w.requests += PagedRange.run(api, query, start, end, step, settings, s -> {
        String id = id(rule, hosts, s, labelProblems);
        if (id == null) {
          return;
        }
        found.putIfAbsent(id, new Found(hosts.of(s), s.labels()));
        got.computeIfAbsent(id, k -> new LinkedHashSet<>()).add(r.metric().name());
        for (int i = 0; i < s.ts().length; i++) {
          if (Double.isFinite(s.values()[i])) {
            w.samples.add(r.metric().sample(s.ts()[i], id, s.values()[i]));
          }
        }
      });
    }
    labelProblems.forEach(p -> w.problems.add(m.exporter() + ": " + rule.id() + ": " + p));
    if (found.isEmpty()) {
      if (!rule.optional()) {
        w.problems.add(m.exporter() + ": no " + rule.kind() + " (" + rule.id() + "): none of its queries gave a series");
      }
      return;
    }
    for (Map.Entry<String, Found> e : found.entrySet()) {
      String id = e.getKey();
      Found f = e.getValue();
      w.entities.putIfAbsent(id, entity(rule, id, f, speeds.get(id)));
      for (ExporterMapping.RelationRule rel : rule.relations()) {
        w.relations.add(new Relation(id, rel.rel(), Template.fill(rel.to(), f.host(), f.labels())));
      }
      if (rule.ceiling() != null && !speeds.containsKey(id)) {
        w.problems.add(id + ": no ceiling: no speed from " + rule.ceiling().query()
            + (rule.ceiling().label() == null ? "" : " (its label " + rule.ceiling().label() + ")"));
      }
      for (ExporterMapping.Reading r : rule.readings()) {
        if (!got.getOrDefault(id, Set.of()).contains(r.metric().name())) {
          w.problems.add(id + ": no " + r.metric().name() + ": no series (" + r.query() + ")");
        }
      }
    }
  }

  /** The entity a series is of; null, with the reason kept once, when it cannot be named. */
  private static String id(ExporterMapping.EntityRule rule, HostNames hosts, PromApi.Series s, Set<String> problems) {
    String host = hosts.of(s);
    if (host == null) {
      problems.add("a series without the host label (" + s.labels() + ")");
      return null;
    }
    if (!hosts.named(s)) {
      problems.add("host " + host + " has no name series: named by its address");
    }
    try {
      return Template.fill(rule.id(), host, s.labels());
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
      return null;
    }
  }

  /** An entity's host and the labels of the first series that named it (its name and relations are filled from them). */
  private record Found(String host, Map<String, String> labels) {}

  private static Entity entity(ExporterMapping.EntityRule rule, String id, Found found, Double speedBps) {
    Map<String, Object> attrs = new LinkedHashMap<>(rule.attrs());
    Map<String, Double> capacity = new LinkedHashMap<>(rule.capacity());
    if (speedBps != null) {
      attrs.put("speed_bps", speedBps);
      capacity.put("bytes_per_s", Ceilings.port((String) attrs.get("fabric"), speedBps));
    }
    String name;
    try {
      name = Template.fill(rule.name(), found.host(), found.labels());
    } catch (IllegalArgumentException e) {
      name = id;
    }
    return new Entity(id, rule.kind(), name, attrs, capacity);
  }

  private static String instant(double seconds) {
    return java.time.Instant.ofEpochMilli(Math.round(seconds * 1000)).toString();
  }

  /** The ceiling's speed in bits/s: the value times the factor, or the label's "16 Gbit". */
  static double bitsPerS(ExporterMapping.Ceiling c, PromApi.Series s) {
    if (c.label() == null) {
      double v = s.values().length == 0 ? Double.NaN : s.values()[s.values().length - 1];
      return v * c.toBitsPerS();
    }
    String text = s.label(c.label());
    if (text == null) {
      return Double.NaN;
    }
    String[] parts = text.trim().split("\\s+");
    if (parts.length != 2) {
      return Double.NaN;
    }
    double unit = switch (parts[1]) {
      case "Gbit" -> 1e9;
      case "Mbit" -> 1e6;
      default -> Double.NaN;
    };
    try {
      return Double.parseDouble(parts[0]) * unit;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
