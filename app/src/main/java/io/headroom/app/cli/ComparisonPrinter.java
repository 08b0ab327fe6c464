package io.headroom.app.cli;

import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.ComparisonText;
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
    out.printf(Locale.ROOT, "A: run %s%s; B: run %s%s (a change is p < 0.05 by Mann-Whitney over the per-second samples; ~ is noise)%n",
        e(c.a().run()), testbed(c.a()), e(c.b().run()), testbed(c.b()));
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
    }
    if (!c.unmatched().a().isEmpty() || !c.unmatched().b().isEmpty()) {
      out.println();
      out.println("unmatched: only in A: " + list(c.unmatched().a()) + "; only in B: " + list(c.unmatched().b()));
    }
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
