package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import io.headroom.model.CoLimit;
import io.headroom.model.LimitGroup;
import java.util.List;

/**
 * The verdict for one window with the evidence behind it.
 *
 * @param bottleneck null when the window was not judged (too few readings, {@link Coverage})
 * @param entity null for NONE and for a window not judged
 * @param reason why NONE (see {@link NoneReason}) or why not judged ({@link Coverage#TOO_FEW_READINGS}),
 *     null for every other class
 * @param coLimits the other classes at their ceiling in the window, hardest pressed first
 * @param group the parallel members the limiting entity is one of, null when none
 */
public record PhaseDecision(
    String window,
    Bottleneck bottleneck,
    String entity,
    double confidence,
    String reason,
    List<String> evidence,
    List<CoLimit> coLimits,
    LimitGroup group) {
  public PhaseDecision {
    evidence = List.copyOf(evidence);
    coLimits = List.copyOf(coLimits);
  }

  /** False for a window with too few readings to be given a class. */
  public boolean judged() {
    return bottleneck != null;
  }

  PhaseDecision renamed(String name, double newConfidence, List<String> newEvidence) {
    return new PhaseDecision(name, bottleneck, entity, newConfidence, reason, newEvidence, coLimits, group);
  }
}
