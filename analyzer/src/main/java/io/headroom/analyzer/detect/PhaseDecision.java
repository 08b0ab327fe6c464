package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import io.headroom.model.CoLimit;
import io.headroom.model.LimitGroup;
import java.util.List;

/**
 * The verdict for one window with the evidence behind it.
 *
 * @param entity null for NONE
 * @param reason why NONE (see {@link NoneReason}), null for every other class
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

  PhaseDecision renamed(String name, double newConfidence, List<String> newEvidence) {
    return new PhaseDecision(name, bottleneck, entity, newConfidence, reason, newEvidence, coLimits, group);
  }
}
