package io.headroom.app.cli;

import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.ComparisonText;
import io.headroom.analyzer.compare.RunComparer;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A comparison as a person reads it: the summary line to paste, then each matched phase with its
 * limit on both sides, its figures (A, B, the change or "~" for noise, p) and its explanation,
 * then the phases left unmatched. Everything from the recordings is printed escaped (TextEscape).
 */
final class ComparisonPrinter {
  private ComparisonPrinter() {}

  static void print(Comparison c, PrintWriter out) {
    out.println(e(c.summary()));
    out.printf(Locale.ROOT, "A: %s%s; B: %s%s (%s; ~ is within noise)%n",
        runs(c.a()), testbed(c.a()), runs(c.b()), testbed(c.b()), ComparisonText.basis(c));
    for (Comparison.PhaseComparison p : c.phases()) {
      out.println();
      out.printf(Locale.ROOT, "phase %s%s: %s; limit %s -> %s%s%n", e(p.name()),
          p.bName() == null ? "" : " (B: " + e(p.bName()) + ", matched by its workload's parameters)",
          ComparisonText.change(p), e(ComparisonText.limit(p.a())), e(ComparisonText.limit(p.b())),
          p.limitMoved() ? " (moved)" : "");
      out.printf(Locale.ROOT, "  %-14s %18s %18s %8s  %s%n", "", "A", "B", "B/A", "p");
      for (ComparisonText.Row r : ComparisonText.rows(p)) {
        out.printf(Locale.ROOT, "  %-14s %18s %18s %8s  %s%n", r.figure(), r.a(), r.b(), r.change(), r.p());
      }
      for (String line : p.explanation()) {
        out.println("  - " + e(line));
      }
      if (p.noise().runsNeeded() != null) {
        Comparison.Noise n = p.noise();
        int more = n.runsNeeded() - Math.min(n.runsA(), n.runsB());
        out.printf(Locale.ROOT, "  - within noise: about %d runs a side%s would tell a change of %s (5%% two-sided, 80%% power)%n",
            n.runsNeeded(), more > 0 ? " (" + more + " more)" : "", RunComparer.percentChange(p.change()));
      }
    }
    if (!c.unmatched().a().isEmpty() || !c.unmatched().b().isEmpty()) {
      out.println();
      out.println("unmatched: only in A: " + list(c.unmatched().a()) + "; only in B: " + list(c.unmatched().b()));
    }
  }

  /** "run s5", "runs a1, a2, a3". */
  private static String runs(Comparison.RunRef r) {
    return r.runs().size() > 1 ? "runs " + e(String.join(", ", r.runs())) : "run " + e(r.run());
  }

  private static String list(java.util.List<String> names) {
    return names.isEmpty() ? "none" : e(String.join(", ", names));
  }

  private static String testbed(Comparison.RunRef r) {
    return r.testbed() == null ? "" : " (testbed " + e(r.testbed()) + ")";
  }

  private static String e(String s) {
    return TextEscape.of(s == null ? "(none declared)" : s);
  }
}
