package io.headroom.analyzer.live;

import io.headroom.model.Verdict;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hysteresis for live verdicts, as Prometheus's {@code for:} is for alerts: a judgement that
 * differs from the one last announced is announced only once every round for {@code hold} has
 * judged it the same way (same class and entity for the run and each phase). One that flips back,
 * or on to a third judgement, within the hold starts the wait again, so a run whose verdict flaps
 * between DISK and NONE every two seconds announces nothing until it settles.
 */
final class HeldChanges {
  private final double holdS;
  /** Per run: the judgement waiting to be announced, and when (by the analyzer's clock) it was first seen. */
  private final Map<String, Pending> pending = new ConcurrentHashMap<>();

  private record Pending(Verdict verdict, double since) {}

  HeldChanges(Duration hold) {
    if (hold.isNegative()) {
      throw new IllegalArgumentException("hold must be 0 or more, got " + hold);
    }
    this.holdS = hold.toMillis() / 1000.0;
  }

  /**
   * Whether {@code current}, which differs from what was last announced for {@code run}, has now
   * held for the whole hold; a judgement seen for the first time starts its wait at {@code now}.
   */
  boolean heldLongEnough(String run, Verdict current, double now) {
    Pending p = pending.compute(run, (k, old) ->
        old != null && LiveVerdicts.sameJudgement(old.verdict(), current) ? old : new Pending(current, now));
    return now - p.since() >= holdS;
  }

  /** The run's judgement is the one announced (again): nothing waits. */
  void settled(String run) {
    pending.remove(run);
  }

  /** Forgets the runs not in {@code keep}. */
  void retain(Set<String> keep) {
    pending.keySet().retainAll(keep);
  }
}
