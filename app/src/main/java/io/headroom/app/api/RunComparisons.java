package io.headroom.app.api;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.RunComparer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.sql.SQLException;

/**
 * Two stored runs compared (GET /api/v1/compare, the comparison page, `headroom compare
 * --testbed`): each side's data from the database, its newest stored verdict (judged from the
 * data when it has none yet), and {@link RunComparer} between them.
 */
public final class RunComparisons {
  private final DatabasePool db;
  private final RunViews views;
  private final RunAnalyzer analyzer;

  RunComparisons(DatabasePool db, RunViews views, Thresholds thresholds) {
    this.db = db;
    this.views = views;
    this.analyzer = new RunAnalyzer(thresholds);
  }

  /**
   * Run {@code b} against run {@code a}, both looked up in {@code testbed} when it is given.
   * 400 when a side is not named, 404 when a run does not exist, 409 when its id is in several testbeds.
   */
  Comparison compare(String testbed, String a, String b) throws SQLException {
    if (a == null || b == null) {
      throw ApiException.badRequest((a == null ? "a" : "b") + ": required, the id of run "
          + (a == null ? "A (the baseline)" : "B (the one compared with it)"));
    }
    Run runA = views.resolve(testbed, a);
    Run runB = views.resolve(testbed, b);
    RunData dataA = views.data(runA);
    RunData dataB = views.data(runB);
    return RunComparer.compare(dataA, verdict(runA, dataA), dataB, verdict(runB, dataB));
  }

  /**
   * The analyzers' newest stored verdict, else one judged from the data already loaded; also
   * judged afresh when the stored one is older than a phase (a run still going).
   */
  private Verdict verdict(Run run, RunData data) throws SQLException {
    Verdict stored = db.with(c -> RunQueries.latestVerdict(c, run));
    if (stored != null && judgesEveryPhase(stored, data, run)) {
      return stored;
    }
    return analyzer.analyze(data, run.run());
  }

  private static boolean judgesEveryPhase(Verdict v, RunData data, Run run) {
    java.util.Set<String> judged = new java.util.HashSet<>();
    v.phases().forEach(p -> judged.add(p.name()));
    return data.phasesOf(run.run()).stream().allMatch(p -> judged.contains(p.name()));
  }

  /**
   * For the command line: the two runs of a database. A run that cannot be found (or is in
   * several testbeds) is an IllegalArgumentException with the API's message.
   */
  public static Comparison fromDatabase(String url, String user, String password, Thresholds thresholds,
      String testbed, String a, String b) throws SQLException {
    try (DatabasePool pool = new DatabasePool(url, user, password, 1)) {
      return new RunComparisons(pool, new RunViews(pool, thresholds), thresholds).compare(testbed, a, b);
    } catch (ApiException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
