package io.headroom.app.report;

import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.ComparisonText;
import java.util.List;

/**
 * Run B against run A as one self-contained HTML page, in the run report's style: the summary
 * line, a table of the matched phases (each side's limit, the change, whether the limit moved),
 * then each phase's figures with their tests and its explanation, and the phases left unmatched.
 */
public final class ComparePage {
  private static final String STYLE = ".moved { color: #b00; font-weight: 600; } .same { color: #888; } "
      + "td.num { text-align: right; font-variant-numeric: tabular-nums; }";

  private ComparePage() {}

  public static String render(Comparison c) {
    StringBuilder h = new StringBuilder(16 * 1024);
    h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Headroom comparison: ")
        .append(esc(name(c.b()))).append(" vs ").append(esc(name(c.a()))).append("</title><style>")
        .append(ReportPage.style()).append(STYLE).append("</style></head><body>");
    h.append("<h1>Headroom run comparison</h1>");
    h.append("<p><small>A: ").append(runs(c.a())).append(testbed(c.a())).append("; B: ")
        .append(runs(c.b())).append(testbed(c.b())).append(". ")
        .append(esc(io.headroom.analyzer.compare.ComparisonText.basis(c))).append("; ~ is within noise.</small></p>");
    h.append("<p class=\"verdict\" id=\"summary\">").append(esc(c.summary())).append("</p>");
    overview(h, c.phases());
    for (Comparison.PhaseComparison p : c.phases()) {
      phase(h, p);
    }
    unmatched(h, c.unmatched());
    return h.append("</body></html>").toString();
  }

  private static void overview(StringBuilder h, List<Comparison.PhaseComparison> phases) {
    h.append("<h2>Phases</h2><table id=\"phases\"><tr><th>phase</th><th>limit in A</th><th>limit in B</th>")
        .append("<th>B/A</th><th>p</th></tr>");
    for (Comparison.PhaseComparison p : phases) {
      h.append("<tr><td>").append(esc(p.name())).append(p.bName() == null ? "" : " / " + esc(p.bName()))
          .append("</td><td>").append(esc(ComparisonText.limit(p.a()))).append("</td><td class=\"")
          .append(p.limitMoved() ? "moved" : "same").append("\">").append(esc(ComparisonText.limit(p.b())))
          .append(p.limitMoved() ? " (moved)" : "").append("</td><td class=\"num\">")
          .append(esc(ComparisonText.change(p))).append("</td><td class=\"num\">")
          .append(p.pValue() == null ? "-" : esc(String.format(java.util.Locale.ROOT, "%.2g", p.pValue())))
          .append("</td></tr>");
    }
    h.append("</table>");
  }

  private static void phase(StringBuilder h, Comparison.PhaseComparison p) {
    h.append("<h3>").append(esc(p.name())).append(p.bName() == null ? ""
        : " <small>(B's " + esc(p.bName()) + ", matched by its workload's parameters)</small>").append("</h3>");
    h.append("<table><tr><th>figure</th><th>A</th><th>B</th><th>B/A</th><th>p</th></tr>");
    for (ComparisonText.Row r : ComparisonText.rows(p)) {
      h.append("<tr><td>").append(esc(r.figure())).append("</td><td class=\"num\">").append(esc(r.a()))
          .append("</td><td class=\"num\">").append(esc(r.b())).append("</td><td class=\"num\">").append(esc(r.change()))
          .append("</td><td class=\"num\">").append(esc(r.p())).append("</td></tr>");
    }
    h.append("</table>");
    ReportPage.list(h, p.explanation());
  }

  private static void unmatched(StringBuilder h, Comparison.Unmatched u) {
    if (u.a().isEmpty() && u.b().isEmpty()) {
      return;
    }
    h.append("<h2>Unmatched phases</h2><p id=\"unmatched\">only in A: ")
        .append(esc(u.a().isEmpty() ? "none" : String.join(", ", u.a()))).append("; only in B: ")
        .append(esc(u.b().isEmpty() ? "none" : String.join(", ", u.b()))).append("</p>");
  }

  /** "run s5", or with several runs a side "runs a1, a2, a3" (escaped). */
  private static String runs(Comparison.RunRef r) {
    return r.runs().size() > 1 ? "runs " + esc(String.join(", ", r.runs())) : "run " + esc(name(r));
  }

  private static String name(Comparison.RunRef r) {
    return r.run() == null ? "(none declared)" : r.run();
  }

  private static String testbed(Comparison.RunRef r) {
    return r.testbed() == null ? "" : " (testbed " + esc(r.testbed()) + ")";
  }

  private static String esc(String s) {
    return ReportPage.esc(s);
  }
}
