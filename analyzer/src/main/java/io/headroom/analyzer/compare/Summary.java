package io.headroom.analyzer.compare;

import io.headroom.analyzer.detect.Fmt;
import io.headroom.model.Bottleneck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The comparison in one line a reviewer can paste: the matched phases grouped by their mix
 * (read-heavy, mixed, write-heavy), each group's significant change and what became of its limit.
 * "s5 vs s5-before: read-heavy phase +15% (the limit moved: ARRAY_CPU -> NONE), write-heavy phase
 * unchanged (~)".
 */
final class Summary {
  /** At least two thirds of the bytes read: read-heavy; at most one third: write-heavy. */
  static final double READ_HEAVY = 2.0 / 3;
  static final double WRITE_HEAVY = 1.0 / 3;

  private Summary() {}

  static String of(Comparison.RunRef a, Comparison.RunRef b, List<Comparison.PhaseComparison> phases,
      Comparison.Unmatched unmatched) {
    Map<String, List<Comparison.PhaseComparison>> groups = new LinkedHashMap<>();
    for (String label : List.of("read-heavy", "mixed", "write-heavy", "other")) {
      groups.put(label, new ArrayList<>());
    }
    for (Comparison.PhaseComparison p : phases) {
      groups.get(mix(p)).add(p);
    }
    List<String> parts = new ArrayList<>();
    groups.forEach((label, list) -> {
      if (!list.isEmpty()) {
        parts.add(label + (list.size() == 1 ? " phase " : " phases ") + group(list));
      }
    });
    if (parts.isEmpty()) {
      parts.add("no phase matched");
    }
    List<String> left = new ArrayList<>();
    if (!unmatched.a().isEmpty()) {
      left.add(unmatched.a().size() + " only in " + name(a));
    }
    if (!unmatched.b().isEmpty()) {
      left.add(unmatched.b().size() + " only in " + name(b));
    }
    String tail = left.isEmpty() ? "" : "; phases unmatched: " + String.join(", ", left);
    return name(b) + " vs " + name(a) + ": " + String.join(", ", parts) + tail;
  }

  static String mix(Comparison.PhaseComparison p) {
    Double share = p.a().readShare() != null ? p.a().readShare() : p.b().readShare();
    if (share == null) {
      return "other";
    }
    return share >= READ_HEAVY ? "read-heavy" : share <= WRITE_HEAVY ? "write-heavy" : "mixed";
  }

  /** "+15%", "+12% to +18%", "unchanged (~)", with what the limit did in parentheses. */
  private static String group(List<Comparison.PhaseComparison> list) {
    List<Comparison.PhaseComparison> changed = list.stream().filter(Comparison.PhaseComparison::significant).toList();
    StringBuilder s = new StringBuilder();
    if (list.stream().allMatch(p -> p.change() == null)) {
      // nothing to test is not "unchanged"
      s.append("without workload readings to compare");
    } else if (changed.isEmpty()) {
      s.append("unchanged (~)");
    } else {
      double lo = changed.stream().mapToDouble(Comparison.PhaseComparison::change).min().orElseThrow();
      double hi = changed.stream().mapToDouble(Comparison.PhaseComparison::change).max().orElseThrow();
      String from = RunComparer.percentChange(lo);
      String to = RunComparer.percentChange(hi);
      s.append(from.equals(to) ? from : from + " to " + to);
      if (changed.size() < list.size()) {
        s.append(", ").append(list.size() - changed.size()).append(" of ").append(list.size()).append(" ~");
      }
    }
    return s.append(" (").append(limits(list)).append(')').toString();
  }

  private static String limits(List<Comparison.PhaseComparison> list) {
    Set<String> moves = new LinkedHashSet<>();
    Set<Bottleneck> stayed = new LinkedHashSet<>();
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    Set<String> entities = new LinkedHashSet<>();
    for (Comparison.PhaseComparison p : list) {
      if (p.limitMoved()) {
        moves.add(p.a().bottleneck() + " -> " + p.b().bottleneck());
      } else {
        stayed.add(p.b().bottleneck());
        if (p.b().limitUtilization() != null) {
          lo = Math.min(lo, p.b().limitUtilization());
          hi = Math.max(hi, p.b().limitUtilization());
          entities.add(p.b().entity());
        }
      }
    }
    List<String> out = new ArrayList<>();
    if (!moves.isEmpty()) {
      out.add("the limit moved: " + String.join(", ", moves));
    }
    if (stayed.equals(Set.of(Bottleneck.NONE))) {
      out.add("nothing at its ceiling");
    } else if (stayed.size() == 1) {
      String at = entities.isEmpty() ? "" : ", " + String.join(" and ", entities) + " now at "
          + (Fmt.pct(lo).equals(Fmt.pct(hi)) ? Fmt.pct(hi) : Fmt.pct(lo) + "-" + Fmt.pct(hi))
          + " of its practical ceiling";
      out.add(stayed.iterator().next() + " still the limit" + at);
    } else if (!stayed.isEmpty()) {
      out.add("limits unchanged: " + stayed);
    }
    return String.join("; ", out);
  }

  private static String name(Comparison.RunRef r) {
    return r.run() == null ? "(no run)" : r.run();
  }
}
