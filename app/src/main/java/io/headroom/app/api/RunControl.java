package io.headroom.app.api;

import io.headroom.model.Phase;
import io.headroom.model.Run;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Runs of tools Headroom does not launch: started, split into phases, annotated and ended through
 * the API. Each change goes through Kafka; the answer waits (a few seconds at most) until the
 * analyzer stored it, so a client reads back what it just did.
 */
final class RunControl {
  private static final long STORE_WAIT_MS = 10_000;
  private final DatabasePool db;
  private final ApiServer.RunRecordsSink records;

  RunControl(DatabasePool db, ApiServer.RunRecordsSink records) {
    this.db = db;
    this.records = records;
  }

  /** True when stored within the wait; false means accepted but not stored yet. */
  boolean start(Run run) throws Exception {
    if (!db.with(c -> RunQueries.find(c, run.testbed(), run.run())).isEmpty()) {
      throw ApiException.conflict("run \"" + run.run() + "\" of testbed " + run.testbed() + " exists already");
    }
    records.publish(run.testbed(), run);
    return awaitRun(run, stored -> true);
  }

  /** Ends the open phase at {@code at} and opens {@code name}. */
  boolean phase(Run run, String name, double at) throws Exception {
    requireOpen(run);
    if (at < run.start()) {
      // a phase at 1970 on a 2026 run was stored (issue 48): it holds none of the run's readings
      throw ApiException.badRequest("at: " + at + " is before the run's start " + run.start());
    }
    List<Phase> phases = db.with(c -> RunQueries.phases(c, run));
    if (phases.stream().anyMatch(p -> p.name().equals(name))) {
      throw ApiException.conflict("run \"" + run.run() + "\" has a phase \"" + name + "\" already");
    }
    for (Phase p : phases) {
      if (at < p.start()) {
        throw ApiException.badRequest("at: " + at + " is before the start " + p.start() + " of phase \"" + p.name()
            + "\": phases follow one another");
      }
    }
    closeOpenPhases(run, phases, at);
    records.publish(run.testbed(), new Phase(run.run(), name, at, null));
    return awaitPhases(run, stored -> stored.stream().anyMatch(p -> p.name().equals(name)));
  }

  boolean end(Run run, double at) throws Exception {
    requireOpen(run);
    if (at < run.start()) {
      throw ApiException.badRequest("end " + at + " is before the run's start " + run.start());
    }
    closeOpenPhases(run, db.with(c -> RunQueries.phases(c, run)), at);
    records.publish(run.testbed(), run.withEnd(at));
    return awaitRun(run, stored -> stored.end() != null);
  }

  void annotate(Run run, double at, String text) throws SQLException {
    db.with(c -> {
      RunQueries.annotate(c, run.testbed(), run.run(), at, "api", text);
      return null;
    });
  }

  private void closeOpenPhases(Run run, List<Phase> phases, double at) throws Exception {
    for (Phase p : phases) {
      if (p.end() == null) {
        records.publish(run.testbed(), new Phase(run.run(), p.name(), p.start(), Math.max(at, p.start())));
      }
    }
  }

  private static void requireOpen(Run run) {
    if (run.end() != null) {
      throw ApiException.conflict("run \"" + run.run() + "\" has ended");
    }
  }

  private boolean awaitRun(Run run, Predicate<Run> done) throws Exception {
    return await(() -> db.with(c -> RunQueries.find(c, run.testbed(), run.run())).stream().anyMatch(done));
  }

  private boolean awaitPhases(Run run, Predicate<List<Phase>> done) throws Exception {
    return await(() -> done.test(db.with(c -> RunQueries.phases(c, run))));
  }

  private interface Check {
    boolean done() throws Exception;
  }

  private static boolean await(Check check) throws Exception {
    long deadline = System.currentTimeMillis() + STORE_WAIT_MS;
    while (System.currentTimeMillis() < deadline) {
      if (check.done()) {
        return true;
      }
      Thread.sleep(50);
    }
    return false;
  }

  /** The run's JSON shape in answers. */
  static Map<String, Object> describe(Run run) {
    java.util.LinkedHashMap<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("run", run.run());
    m.put("testbed", run.testbed());
    m.put("start", run.start());
    m.put("end", run.end());
    m.put("state", run.end() == null ? "running" : "ended");
    m.put("workload", run.workload());
    return m;
  }
}
