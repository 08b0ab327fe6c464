package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's verdict from its phases' verdicts: the limit that held the most phase time. A run whose
 * phases disagree gets a lower confidence, and the evidence says which phase had which limit.
 */
public final class RunVerdicts {
  private RunVerdicts() {}

  /** @param seconds each phase's duration, same order as phases */
  public static PhaseDecision combine(String run, List<PhaseDecision> phases, List<Double> seconds) {
    if (phases.size() == 1) {
      return rename(run, phases.get(0));
    }
    Map<Bottleneck, Double> time = new LinkedHashMap<>();
    double total = 0;
    for (int i = 0; i < phases.size(); i++) {
      total += seconds.get(i);
      if (phases.get(i).bottleneck() != Bottleneck.NONE) {
        time.merge(phases.get(i).bottleneck(), seconds.get(i), Double::sum);
      }
    }
    Bottleneck winner = Bottleneck.NONE;
    for (Map.Entry<Bottleneck, Double> e : time.entrySet()) {
      if (winner == Bottleneck.NONE || e.getValue() > time.get(winner)) {
        winner = e.getKey();
      }
    }
    PhaseDecision best = null;
    double agreeing = 0;
    double confidenceSum = 0;
    int count = 0;
    for (int i = 0; i < phases.size(); i++) {
      PhaseDecision p = phases.get(i);
      if (p.bottleneck() == winner) {
        agreeing += seconds.get(i);
        confidenceSum += p.confidence();
        count++;
        if (best == null || p.confidence() > best.confidence()) {
          best = p;
        }
      }
    }
    double share = total > 0 ? agreeing / total : 0;
    double confidence = confidenceSum / count * (0.5 + 0.5 * share);
    List<String> evidence = new ArrayList<>();
    evidence.add(winner + " limited " + count + " of " + phases.size() + " phases ("
        + Fmt.pct(share) + " of the run's phase time)" + others(phases, winner));
    for (String line : best.evidence()) {
      evidence.add("[" + best.window() + "] " + line);
    }
    return best.renamed(run, Detector.round(confidence), evidence);
  }

  private static String others(List<PhaseDecision> phases, Bottleneck winner) {
    List<String> parts = new ArrayList<>();
    for (PhaseDecision p : phases) {
      if (p.bottleneck() != winner) {
        parts.add(p.window() + ": " + p.bottleneck()
            + (p.entity() == null ? "" : " " + p.entity()));
      }
    }
    return parts.isEmpty() ? "" : "; other phases: " + String.join(", ", parts);
  }

  private static PhaseDecision rename(String run, PhaseDecision only) {
    return only.renamed(run, only.confidence(), only.evidence());
  }
}
