package io.headroom.analyzer.live;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.RunDataLoader;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.sql.SQLException;
import io.headroom.model.Phase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges the active runs every few seconds from what the database holds, so a person watching
 * sees the limit appear while the benchmark runs. Listeners hear only of changes: a different
 * class or entity for the run or for any phase, or a new phase.
 */
public final class LiveVerdicts implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(LiveVerdicts.class);
  private final ActiveRuns active;
  private final Database database;
  private final RunAnalyzer analyzer;
  private final List<VerdictListener> listeners;
  private final DoubleSupplier clock;
  private final Map<String, Verdict> last = new ConcurrentHashMap<>();

  public LiveVerdicts(ActiveRuns active, Database database, RunAnalyzer analyzer,
      List<VerdictListener> listeners, DoubleSupplier clock) {
    this.active = active;
    this.database = database;
    this.analyzer = analyzer;
    this.listeners = List.copyOf(listeners);
    this.clock = clock;
  }

  /** After a run ends, how long to wait for its last samples before the one final judgement. */
  static final double SETTLE_S = 3;
  private final Set<String> judgedFinal = ConcurrentHashMap.newKeySet();

  @Override
  public void run() {
    double now = clock.getAsDouble();
    for (ActiveRuns.Entry e : active.due(now)) {
      Double end = e.run().end();
      if (end != null && (now < end + SETTLE_S || !judgedFinal.add(e.key()))) {
        continue; // ended: judged once, whole, when its last samples are in
      }
      try {
        judge(e);
      } catch (SQLException ex) {
        judgedFinal.remove(e.key()); // try the final judgement again next round
        database.discard();
        LOG.warn("live verdict of run {} skipped this round: database {}: {}", e.run().run(), database, ex.getMessage());
      } catch (RuntimeException ex) {
        LOG.warn("live verdict of run {} failed: {}", e.run().run(), ex.toString());
      }
    }
  }

  private void judge(ActiveRuns.Entry e) throws SQLException {
    double to = e.run().end() == null ? Double.POSITIVE_INFINITY : e.run().end() + 1;
    List<Phase> phases = RunDataLoader.phases(database.connection(), e.testbed(), e.run().run());
    double from = LiveWindow.from(e.run(), phases, clock.getAsDouble());
    RunData data = RunDataLoader.load(database.connection(), e.testbed(), from, to);
    Verdict previous = last.get(e.key());
    Verdict current = keepEarlierPhases(analyzer.analyze(data, e.run().run()), previous, phases, from);
    last.put(e.key(), current);
    if (previous == null || !sameJudgement(previous, current)) {
      LOG.info("run {} of {}: {}{}", e.run().run(), e.testbed(), current.bottleneck(),
          current.entity() == null ? "" : " on " + current.entity());
      for (VerdictListener l : listeners) {
        l.changed(e.testbed(), previous, current);
      }
    }
  }

  /**
   * The fresh judgement covers the phases still going at {@code from}; phases that ended before
   * it keep the verdict they had when their samples were read.
   */
  static Verdict keepEarlierPhases(Verdict fresh, Verdict previous, List<Phase> phases, double from) {
    if (previous == null) {
      return fresh;
    }
    Map<String, PhaseVerdict> before = new HashMap<>();
    previous.phases().forEach(p -> before.put(p.name(), p));
    List<PhaseVerdict> merged = new ArrayList<>();
    for (Phase p : phases) {
      if (p.end() != null && p.end() <= from && before.containsKey(p.name())) {
        merged.add(before.get(p.name()));
      }
    }
    merged.addAll(fresh.phases());
    return new Verdict(fresh.run(), fresh.bottleneck(), fresh.entity(), fresh.confidence(), fresh.evidence(),
        fresh.headroom(), merged);
  }

  /** Same class and entity for the run and for every phase (confidence and numbers may move). */
  static boolean sameJudgement(Verdict a, Verdict b) {
    if (a.bottleneck() != b.bottleneck() || !Objects.equals(a.entity(), b.entity())
        || a.phases().size() != b.phases().size()) {
      return false;
    }
    for (int i = 0; i < a.phases().size(); i++) {
      PhaseVerdict pa = a.phases().get(i);
      PhaseVerdict pb = b.phases().get(i);
      if (!pa.name().equals(pb.name()) || pa.bottleneck() != pb.bottleneck() || !Objects.equals(pa.entity(), pb.entity())) {
        return false;
      }
    }
    return true;
  }
}
