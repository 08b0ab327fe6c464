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
    return render(c, ReportBody.Medium.PAGE);
  }

  /** The same page as a PDF, through the run report's renderer. */
  public static byte[] pdf(Comparison c) {
    return ReportPdf.of(render(c, ReportBody.Medium.PDF));
  }

  /** The page, well-formed XHTML so the PDF renderer reads it too; its text escaped for the medium. */
  static String render(Comparison c, ReportBody.Medium m) {
    StringBuilder h = new StringBuilder(16 * 1024);
    h.append("<!DOCTYPE html><html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\"><head><meta charset=\"utf-8\"/><title>Headroom comparison: ")
        .append(m.text(name(c.b()))).append(" vs ").append(m.text(name(c.a()))).append("</title><style>")
        .append(m == ReportBody.Medium.PAGE ? ReportPage.style() : ReportPdf.style()).append(STYLE).append("</style></head><body>");
    h.append("<h1>Headroom run comparison</h1>");
    h.append("<p><small>A: ").append(runs(c.a(), m)).append(testbed(c.a(), m)).append("; B: ")
        .append(runs(c.b(), m)).append(testbed(c.b(), m)).append(". ")
        .append(m.text(io.headroom.analyzer.compare.ComparisonText.basis(c))).append("; ~ is within noise.</small></p>");
    h.append("<p class=\"verdict\" id=\"summary\">").append(m.text(c.summary())).append("</p>");
    overview(h, c.phases(), m);
    for (Comparison.PhaseComparison p : c.phases()) {
      phase(h, p, m);
    }
    unmatched(h, c.unmatched(), m);
    return h.append("</body></html>").toString();
  }

  private static void overview(StringBuilder h, List<Comparison.PhaseComparison> phases, ReportBody.Medium m) {
    h.append("<h2>Phases</h2><table id=\"phases\"><tr><th>phase</th><th>limit in A</th><th>limit in B</th>")
        .append("<th>B/A</th><th>p</th></tr>");
    for (Comparison.PhaseComparison p : phases) {
      h.append("<tr><td>").append(m.text(p.name())).append(p.bName() == null ? "" : " / " + m.text(p.bName()))
          .append("</td><td>").append(m.text(ComparisonText.limit(p.a()))).append("</td><td class=\"")
          .append(p.limitMoved() ? "moved" : "same").append("\">").append(m.text(ComparisonText.limit(p.b())))
          .append(p.limitMoved() ? " (moved)" : "").append("</td><td class=\"num\">")
          .append(m.text(ComparisonText.change(p))).append("</td><td class=\"num\">")
          .append(p.pValue() == null ? "-" : m.text(String.format(java.util.Locale.ROOT, "%.2g", p.pValue())))
          .append("</td></tr>");
    }
    h.append("</table>");
  }

  private static void phase(StringBuilder h, Comparison.PhaseComparison p, ReportBody.Medium m) {
    h.append("<h3>").append(m.text(p.name())).append(p.bName() == null ? ""
        : " <small>(B's " + m.text(p.bName()) + ", matched by its workload's parameters)</small>").append("</h3>");
    h.append("<table><tr><th>figure</th><th>A</th><th>B</th><th>B/A</th><th>p</th></tr>");
    for (ComparisonText.Row r : ComparisonText.rows(p)) {
      h.append("<tr><td>").append(m.text(r.figure())).append("</td><td class=\"num\">").append(m.text(r.a()))
          .append("</td><td class=\"num\">").append(m.text(r.b())).append("</td><td class=\"num\">").append(m.text(r.change()))
          .append("</td><td class=\"num\">").append(m.text(r.p())).append("</td></tr>");
    }
    h.append("</table>");
    h.append("<ul>");
    p.explanation().forEach(line -> h.append("<li>").append(m.text(line)).append("</li>"));
    h.append("</ul>");
  }

  private static void unmatched(StringBuilder h, Comparison.Unmatched u, ReportBody.Medium m) {
    if (u.a().isEmpty() && u.b().isEmpty()) {
      return;
    }
    h.append("<h2>Unmatched phases</h2><p id=\"unmatched\">only in A: ")
        .append(m.text(u.a().isEmpty() ? "none" : String.join(", ", u.a()))).append("; only in B: ")
        .append(m.text(u.b().isEmpty() ? "none" : String.join(", ", u.b()))).append("</p>");
  }

  /** "run s5", or with several runs a side "runs a1, a2, a3" (escaped). */
  private static String runs(Comparison.RunRef r, ReportBody.Medium m) {
    return r.runs().size() > 1 ? "runs " + m.text(String.join(", ", r.runs())) : "run " + m.text(name(r));
  }

  private static String name(Comparison.RunRef r) {
    return r.run() == null ? "(none declared)" : r.run();
  }

  private static String testbed(Comparison.RunRef r, ReportBody.Medium m) {
    return r.testbed() == null ? "" : " (testbed " + m.text(r.testbed()) + ")";
  }

}
