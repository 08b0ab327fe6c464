package io.headroom.analyzer.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs the phases of two runs: first by name, then what is left by the workload's parameters
 * (a phase renamed between runs, "direct-seqread" against "perc1-seqread"), each phase at most
 * once, in A's order. What finds no partner is listed, not dropped.
 */
final class PhaseMatcher {
  private PhaseMatcher() {}

  record Pair(PhaseView a, PhaseView b, String matchedBy) {}

  record Result(List<Pair> pairs, List<PhaseView> onlyA, List<PhaseView> onlyB) {}

  static Result match(List<PhaseView> a, List<PhaseView> b) {
    Map<String, PhaseView> leftB = new LinkedHashMap<>();
    for (PhaseView p : b) {
      leftB.putIfAbsent(p.name, p);
    }
    List<Pair> pairs = new ArrayList<>();
    List<PhaseView> leftA = new ArrayList<>();
    for (PhaseView p : a) {
      PhaseView same = leftB.remove(p.name);
      if (same != null) {
        pairs.add(new Pair(p, same, "name"));
      } else {
        leftA.add(p);
      }
    }
    List<PhaseView> onlyA = new ArrayList<>();
    for (PhaseView p : leftA) {
      PhaseView alike = alike(p, leftB);
      if (alike != null) {
        leftB.remove(alike.name);
        pairs.add(new Pair(p, alike, "parameters"));
      } else {
        onlyA.add(p);
      }
    }
    pairs.sort(java.util.Comparator.comparingInt(x -> a.indexOf(x.a())));
    return new Result(pairs, onlyA, new ArrayList<>(leftB.values()));
  }

  /** The first phase left in B that ran the same workload; null when none did. */
  private static PhaseView alike(PhaseView p, Map<String, PhaseView> leftB) {
    Map<String, String> sig = p.signature();
    if (sig.isEmpty()) {
      return null;
    }
    for (PhaseView q : leftB.values()) {
      if (sig.equals(q.signature())) {
        return q;
      }
    }
    return null;
  }
}
