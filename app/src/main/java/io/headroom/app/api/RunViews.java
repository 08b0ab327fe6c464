package io.headroom.app.api;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.analyzer.store.RunDataLoader;
import io.headroom.app.report.TopologyViews;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The API's reads of one run: which run a request names, its verdict, its data, its topology. */
final class RunViews {
  private final DatabasePool db;
  private final RunAnalyzer analyzer;

  RunViews(DatabasePool db, Thresholds thresholds) {
    this.db = db;
    this.analyzer = new RunAnalyzer(thresholds);
  }

  /** The run named {@code id} (in {@code testbed} when given); 404 if none, 409 if several testbeds have one. */
  Run resolve(String testbed, String id) throws SQLException {
    List<Run> found = db.with(c -> RunQueries.find(c, testbed, id));
    if (found.isEmpty()) {
      throw ApiException.notFound("no run \"" + id + "\"" + (testbed == null ? "" : " in testbed " + testbed));
    }
    if (found.size() > 1) {
      throw ApiException.conflict("run \"" + id + "\" exists in testbeds "
          + found.stream().map(Run::testbed).toList() + "; add ?testbed=");
    }
    return found.get(0);
  }

  /** Everything of the run's testbed within the run's time (until now while it goes on). */
  RunData data(Run run) throws SQLException {
    double end = run.end() != null ? run.end() : System.currentTimeMillis() / 1000.0 + 1;
    return db.with(c -> RunDataLoader.load(c, run.testbed(), run.start(), end));
  }

  /** The analyzers' newest stored verdict; judged here from the stored data when there is none yet. */
  Verdict verdict(Run run) throws SQLException {
    Verdict stored = db.with(c -> RunQueries.latestVerdict(c, run));
    return stored != null ? stored : analyzer.analyze(data(run), run.run());
  }

  /** Entities with their ceilings and what is degraded, and the relations between them. */
  Map<String, Object> topology(Run run) throws SQLException {
    RunData data = db.with(c -> RunDataLoader.load(c, run.testbed(), run.start(), run.start()));
    return topology(run.testbed(), data);
  }

  static Map<String, Object> topology(String testbed, RunData data) {
    List<Map<String, Object>> entities = new ArrayList<>();
    for (Entity e : data.entities().values()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", e.id());
      m.put("kind", e.kind());
      m.put("name", e.name());
      m.put("capacity", e.capacity());
      m.put("attrs", e.attrs());
      m.put("degraded", TopologyViews.degraded(e));
      entities.add(m);
    }
    List<Map<String, String>> relations = new ArrayList<>();
    for (Relation r : data.relations()) {
      relations.add(Map.of("from", r.from(), "rel", r.rel(), "to", r.to()));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("testbed", testbed);
    out.put("entities", entities);
    out.put("relations", relations);
    return out;
  }
}
