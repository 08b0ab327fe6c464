package io.headroom.analyzer.live;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.RunDataLoader;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.sql.SQLException;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import java.time.Duration;
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
 * class or entity for the run or for any phase, or a new phase; and only of changes that held for
 * the hold time ({@link HeldChanges}), except a run's final verdict, which they hear at once when it
 * differs from the last one they heard, so the last word of every run is its stored final verdict.
 */
public final class LiveVerdicts implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(LiveVerdicts.class);
  private final ActiveRuns active;
  private final Database database;
  private final RunAnalyzer analyzer;
  private final List<VerdictListener> listeners;
  private final DoubleSupplier clock;
  /** Per run: the newest judgement (what the next round's earlier phases are kept from). */
  private final Map<String, Verdict> last = new ConcurrentHashMap<>();
  /** Per run: the judgement the listeners last heard. */
  private final Map<String, Verdict> announced = new ConcurrentHashMap<>();
  private final HeldChanges held;
  /** Per run: the newest sample (or the run's start) seen so far, and when it last moved. */
  private final Map<String, Activity> lastActivity = new ConcurrentHashMap<>();
  private final double abandonAfterS;
  private final VerdictLatency latency;

  /** A run with no end and no samples for this long is closed as abandoned. */
  public static final Duration DEFAULT_ABANDON_AFTER = Duration.ofMinutes(30);

  public LiveVerdicts(ActiveRuns active, Database database, RunAnalyzer analyzer,
      List<VerdictListener> listeners, DoubleSupplier clock) {
    this(active, database, analyzer, listeners, clock, DEFAULT_ABANDON_AFTER);
  }

  /**
   * @param abandonAfter a run that has no end and whose testbed brought no newer sample for longer
   *     than this (by this analyzer's clock, so replayed or skewed sample times do not matter) is
   *     closed (its end is its newest sample, and it is marked abandoned), judged once, and
   *     forgotten: a benchmark killed before it could say it ended is not judged every few seconds
   *     forever
   */
  public LiveVerdicts(ActiveRuns active, Database database, RunAnalyzer analyzer,
      List<VerdictListener> listeners, DoubleSupplier clock, Duration abandonAfter) {
    this(active, database, analyzer, listeners, clock, abandonAfter, new VerdictLatency());
  }

  /** @param latency told how long each phase waited for its first live verdict */
  public LiveVerdicts(ActiveRuns active, Database database, RunAnalyzer analyzer,
      List<VerdictListener> listeners, DoubleSupplier clock, Duration abandonAfter, VerdictLatency latency) {
    this(active, database, analyzer, listeners, clock, abandonAfter, latency, Duration.ZERO);
  }

  /**
   * @param hold how long a changed judgement must stay before listeners hear of it (the testbed
   *     file's {@code alerts.hold_for}); zero: every change at once
   */
  public LiveVerdicts(ActiveRuns active, Database database, RunAnalyzer analyzer,
      List<VerdictListener> listeners, DoubleSupplier clock, Duration abandonAfter, VerdictLatency latency,
      Duration hold) {
    this.held = new HeldChanges(hold);
    this.latency = latency;
    this.active = active;
    this.database = database;
    this.analyzer = analyzer;
    this.listeners = List.copyOf(listeners);
    this.clock = clock;
    this.abandonAfterS = abandonAfter.toMillis() / 1000.0;
  }

  /** After a run ends, how long to wait for its last samples before the one final judgement. */
  static final double SETTLE_S = 3;
  private final Set<String> judgedFinal = ConcurrentHashMap.newKeySet();

  @Override
  public void run() {
    double now = clock.getAsDouble();
    List<ActiveRuns.Entry> due = active.due(now);
    release(due);
    for (ActiveRuns.Entry e : due) {
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

  /** Forgets what it held of runs that are no longer active: the maps stay as small as the active set. */
  private void release(List<ActiveRuns.Entry> due) {
    Set<String> keys = new java.util.HashSet<>();
    due.forEach(e -> keys.add(e.key()));
    last.keySet().retainAll(keys);
    announced.keySet().retainAll(keys);
    held.retain(keys);
    judgedFinal.retainAll(keys);
    lastActivity.keySet().retainAll(keys);
  }

  private void judge(ActiveRuns.Entry e) throws SQLException {
    double to = e.run().end() == null ? Double.POSITIVE_INFINITY : e.run().end() + 1;
    List<Phase> phases = RunDataLoader.phases(database.connection(), e.testbed(), e.run().run());
    double now = clock.getAsDouble();
    double from = LiveWindow.from(e.run(), phases, now);
    RunData data = RunDataLoader.load(database.connection(), e.testbed(), from, to);
    if (e.run().end() == null) {
      Activity activity = activity(e, data, now);
      if (now - activity.movedAt() > abandonAfterS) {
        closeAbandoned(e, activity.newest(), now - activity.movedAt());
        return;
      }
    }
    Verdict previous = last.get(e.key());
    Verdict current = keepEarlierPhases(analyzer.analyze(data, e.run().run()), previous, phases, from);
    last.put(e.key(), current);
    observeFirstVerdicts(previous, current, phases);
    // an open run none of whose phases has enough readings yet has nothing to announce or store
    boolean open = e.run().end() == null;
    if (current.bottleneck() == null && open) {
      return;
    }
    Verdict heard = announced.get(e.key());
    if (heard != null && sameJudgement(heard, current)) {
      held.settled(e.key()); // a change that flipped back before it held: nothing to say
      return;
    }
    // the final judgement is announced at once: the last word of a run is its final verdict
    if (open && !held.heldLongEnough(e.key(), current, now)) {
      return;
    }
    held.settled(e.key());
    announced.put(e.key(), current);
    LOG.info("run {} of {}: {}{}", e.run().run(), e.testbed(), current.bottleneck() == null ? "not judged" : current.bottleneck(),
        current.entity() == null ? "" : " on " + current.entity());
    for (VerdictListener l : listeners) {
      l.changed(e.testbed(), heard, current);
    }
  }

  /**
   * A phase still going that this round judged for the first time (gave a class) waited from its
   * start until now. A phase first judged after its end (the analyzer started late) had no live verdict.
   */
  private void observeFirstVerdicts(Verdict previous, Verdict current, List<Phase> phases) {
    Set<String> before = new java.util.HashSet<>();
    // a phase with too few readings so far has no class yet: it is judged when it gets one
    if (previous != null) {
      previous.phases().stream().filter(p -> p.bottleneck() != null).forEach(p -> before.add(p.name()));
    }
    Set<String> judged = new java.util.HashSet<>();
    current.phases().stream().filter(p -> p.bottleneck() != null).forEach(p -> judged.add(p.name()));
    double now = clock.getAsDouble();
    for (Phase p : phases) {
      if (p.end() == null && judged.contains(p.name()) && !before.contains(p.name())) {
        latency.observe(now - p.start());
      }
    }
  }

  /** The newest sample time of a run, and when (by this analyzer's clock) it last grew. */
  private record Activity(double newest, double movedAt) {}

  private Activity activity(ActiveRuns.Entry e, RunData data, double now) {
    double seen = Math.max(e.run().start(), data.latestSampleTs());
    Activity before = lastActivity.get(e.key());
    Activity current = before != null && seen <= before.newest() ? before : new Activity(seen, now);
    lastActivity.put(e.key(), current);
    return current;
  }

  /** Ends the run at its last sign of life, marked abandoned, and gives it its one final judgement. */
  private void closeAbandoned(ActiveRuns.Entry e, double end, double silentS) throws SQLException {
    RunDataLoader.closeAbandoned(database.connection(), e.testbed(), e.run().run(), end);
    Map<String, Object> workload = new java.util.LinkedHashMap<>(e.run().workload());
    workload.put("abandoned", true);
    Run ended = new Run(e.run().run(), e.run().testbed(), e.run().start(), end, workload);
    active.update(e.testbed(), ended);
    LOG.warn("run {} of {} has no end and brought no new sample for {} s (more than {} s): closed as abandoned at "
        + "its newest sample; judged once more, then no longer", e.run().run(), e.testbed(), Math.round(silentS),
        Math.round(abandonAfterS));
    ActiveRuns.Entry closed = new ActiveRuns.Entry(e.testbed(), ended);
    judgedFinal.add(closed.key());
    judge(closed);
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
