package io.headroom.app.api;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.NoiseFloor;
import io.headroom.analyzer.compare.RunComparer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

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
    return compare(testbed, a, b, NoiseFloor.defaults());
  }

  /** As above, with several runs a side comma-separated ("a=r1,r2,r3") and the noise floor given. */
  Comparison compare(String testbed, String a, String b, NoiseFloor floor) throws SQLException {
    if (a == null || b == null) {
      throw ApiException.badRequest((a == null ? "a" : "b") + ": required, the id of run "
          + (a == null ? "A (the baseline)" : "B (the one compared with it)"));
    }
    return compare(testbed, ids(a), ids(b), floor);
  }

  /** Several runs a side, comma-separated in the API ("a=r1,r2,r3"). */
  private static List<String> ids(String list) {
    return java.util.Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }

  /** Runs {@code bs} against runs {@code as}, each looked up in {@code testbed} when it is given. */
  Comparison compare(String testbed, List<String> as, List<String> bs, NoiseFloor floor) throws SQLException {
    if (as.isEmpty() || bs.isEmpty()) {
      throw ApiException.badRequest((as.isEmpty() ? "a" : "b") + ": required, the id of a run");
    }
    List<RunComparer.Input> inA = inputs(testbed, as);
    List<RunComparer.Input> inB = inputs(testbed, bs);
    try {
      return RunComparer.compare(inA, inB, floor);
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest(e.getMessage());
    }
  }

  private List<RunComparer.Input> inputs(String testbed, List<String> ids) throws SQLException {
    List<RunComparer.Input> out = new ArrayList<>();
    for (String id : ids) {
      Run run = views.resolve(testbed, id);
      RunData data = views.data(run);
      out.add(new RunComparer.Input(data, verdict(run, data)));
    }
    return out;
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
   * For the command line: the runs of a database, one or several a side. A run that cannot be found (or is in
   * several testbeds) is an IllegalArgumentException with the API's message.
   */
  public static Comparison fromDatabase(String url, String user, String password, Thresholds thresholds,
      String testbed, List<String> as, List<String> bs, NoiseFloor floor) throws SQLException {
    try (DatabasePool pool = new DatabasePool(url, user, password, 1)) {
      return new RunComparisons(pool, new RunViews(pool, thresholds), thresholds).compare(testbed, as, bs, floor);
    } catch (ApiException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
