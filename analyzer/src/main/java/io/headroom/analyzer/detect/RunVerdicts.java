package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's verdict from its phases' verdicts: the limit that held the most phase time. A run whose
 * phases disagree gets a lower confidence, and the evidence says which phase had which limit.
 * Phases with too few readings to be judged (Coverage) count for nothing: neither their time nor
 * their absent class; a run none of whose phases was judged is not judged either.
 */
public final class RunVerdicts {
  private RunVerdicts() {}

  /** @param seconds each phase's duration, same order as phases */
  public static PhaseDecision combine(String run, List<PhaseDecision> phases, List<Double> seconds) {
    if (phases.size() == 1) {
      return rename(run, phases.get(0));
    }
    List<PhaseDecision> judged = new ArrayList<>();
    List<Double> judgedSeconds = new ArrayList<>();
    for (int i = 0; i < phases.size(); i++) {
      if (phases.get(i).judged()) {
        judged.add(phases.get(i));
        judgedSeconds.add(seconds.get(i));
      }
    }
    int unjudged = phases.size() - judged.size();
    if (judged.isEmpty()) {
      return notJudged(run, phases.size(), phases.get(0));
    }
    Map<Bottleneck, Double> time = new LinkedHashMap<>();
    double total = 0;
    for (int i = 0; i < judged.size(); i++) {
      total += judgedSeconds.get(i);
      if (judged.get(i).bottleneck() != Bottleneck.NONE) {
        time.merge(judged.get(i).bottleneck(), judgedSeconds.get(i), Double::sum);
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
    for (int i = 0; i < judged.size(); i++) {
      PhaseDecision p = judged.get(i);
      if (p.bottleneck() == winner) {
        agreeing += judgedSeconds.get(i);
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
    evidence.add(winner + " limited " + count + " of " + judged.size() + (unjudged == 0 ? " phases (" : " judged phases (")
        + Fmt.pct(share) + " of " + (unjudged == 0 ? "the run's" : "their") + " phase time)" + others(judged, winner)
        + (unjudged == 0 ? "" : "; " + Fmt.count(unjudged) + (unjudged == 1 ? " phase" : " phases")
            + " not judged (too few readings)"));
    for (String line : best.evidence()) {
      evidence.add("[" + best.window() + "] " + line);
    }
    return best.renamed(run, Detector.round(confidence), evidence);
  }

  /** Every phase had too few readings: the run gets no class either, and says so. */
  private static PhaseDecision notJudged(String run, int phases, PhaseDecision first) {
    String line = "not judged: none of the run's " + Fmt.count(phases) + " phases had enough readings (first: "
        + first.window() + ": " + first.evidence().get(0) + ")";
    return new PhaseDecision(run, null, null, 0.0, Coverage.TOO_FEW_READINGS, List.of(line), List.of(), null);
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
