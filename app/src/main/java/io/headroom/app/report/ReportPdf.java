package io.headroom.app.report;

import static io.headroom.app.report.ReportPage.esc;

import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Entity;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The run's report as a PDF to attach to a review, rendered in Java by openhtmltopdf (no browser
 * at run time). It runs no script, so it carries what the page draws as tables: the closing
 * sentence per run and per phase, the data path element by element with its share of ceiling and
 * the limit marked, each phase's verdict and evidence, and the headroom table with the off-path
 * marks. The text uses the PDF base fonts, so it is kept to Latin-1.
 */
public final class ReportPdf {
  private ReportPdf() {}

  public static byte[] render(RunData data, String runId, Verdict v) {
    PdfLibraryLog.install();
    ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
    try {
      PdfRendererBuilder b = new PdfRendererBuilder();
      b.useFastMode();
      b.withHtmlContent(xhtml(data, runId, v), null);
      b.toStream(out);
      b.run();
    } catch (IOException e) {
      throw new IllegalStateException("cannot render the report as PDF", e);
    }
    return out.toByteArray();
  }

  /** The PDF's source: well-formed XHTML, as openhtmltopdf's parser requires. */
  static String xhtml(RunData data, String runId, Verdict v) {
    Run run = runId == null ? null : data.runs().get(runId);
    double start = run != null ? run.start() : Double.NEGATIVE_INFINITY;
    double end = run != null && run.end() != null ? run.end() : Double.POSITIVE_INFINITY;
    StringBuilder h = new StringBuilder(32 * 1024);
    h.append("<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>Headroom report: ").append(x(String.valueOf(runId)))
        .append("</title><style>").append(STYLE).append("</style></head><body><h1>Headroom run report</h1>");
    if (run != null) {
      h.append("<p class=\"meta\">testbed ").append(x(run.testbed())).append(", ")
          .append(Instant.ofEpochMilli((long) (start * 1000))).append(" to ")
          .append(run.end() == null ? "(open)" : Instant.ofEpochMilli((long) (end * 1000)).toString())
          .append(", workload ").append(x(ReportFormat.workload(run.workload()))).append("</p>");
    }
    h.append("<p class=\"verdict\">").append(x(LimitSentence.run(v))).append("</p>");
    if (v.phases().size() > 1) {
      h.append("<ul>");
      for (PhaseVerdict p : v.phases()) {
        h.append("<li><b>").append(x(p.name())).append("</b>: ").append(x(LimitSentence.withNext(p))).append("</li>");
      }
      h.append("</ul>");
    }
    pathTable(h, data, PathView.of(data, runId, v, run != null ? start : 0, run != null ? end : data.latestSampleTs()));
    phases(h, v.phases());
    headroom(h, v.headroom());
    return h.append("</body></html>").toString();
  }

  /** The diagram as rows: layer, entity, share of practical ceiling, and the limit or off-path mark. */
  private static void pathTable(StringBuilder h, RunData data, PathView view) {
    h.append("<h2>Data path</h2><table><tr><th>layer</th><th>entity</th><th>share of practical ceiling</th></tr>");
    for (var layer : DataPathDiagram.LAYERS.entrySet()) {
      for (String id : view.onPath()) {
        Entity e = data.entity(id);
        if (!layer.getValue().contains(e.kind())) {
          continue;
        }
        OptionalDouble share = view.shareOf(id);
        boolean limit = view.limit().contains(id);
        h.append("<tr").append(limit ? " class=\"limit\"" : "").append("><td>").append(x(layer.getKey())).append("</td><td>")
            .append(x(id)).append("</td><td>")
            .append(share.isPresent() ? String.format(Locale.ROOT, "%.0f%%", share.getAsDouble() * 100) : "no ceiling read")
            .append(limit ? " (the limit)" : "").append("</td></tr>");
      }
    }
    for (HeadroomEntry off : view.offPath()) {
      h.append("<tr class=\"off\"><td>off the data path</td><td>").append(x(off.entity())).append("</td><td>")
          .append(String.format(Locale.ROOT, "%.0f%%", off.utilization() * 100)).append(" (off the data path)</td></tr>");
    }
    h.append("</table>");
  }

  private static void phases(StringBuilder h, List<PhaseVerdict> phases) {
    h.append("<h2>Phases</h2>");
    for (PhaseVerdict p : phases) {
      h.append("<h3>").append(x(p.name())).append(": ").append(p.bottleneck() == null ? "not judged"
          : p.bottleneck() + (p.entity() == null ? "" : " on " + x(p.entity()))
              + String.format(Locale.ROOT, " (confidence %.2f)", p.confidence())).append("</h3>");
      h.append("<p class=\"phase\">").append(x(LimitSentence.phase(p))).append("</p><ul>");
      for (String line : p.evidence()) {
        h.append("<li>").append(x(line)).append("</li>");
      }
      h.append("</ul>");
    }
  }

  private static void headroom(StringBuilder h, List<HeadroomEntry> rows) {
    h.append("<h2>Headroom (p95 of practical ceiling, tightest first)</h2><table><tr><th>entity</th><th>kind</th><th>used</th></tr>");
    for (HeadroomEntry e : rows) {
      h.append("<tr><td>").append(x(e.entity())).append("</td><td>").append(x(e.kind()))
          .append(String.format(Locale.ROOT, "</td><td>%.1f%%", e.utilization() * 100)).append(x(ReportPage.marks(e)))
          .append("</td></tr>");
    }
    h.append("</table>");
  }

  /** Escaped for XML, and anything outside Latin-1 (the base fonts' range) as '?', so nothing renders as a box. */
  static String x(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints().forEach(c -> b.appendCodePoint(c < 0x100 ? c : '?'));
    return esc(b.toString());
  }

  private static final String STYLE = "@page { size: A4; margin: 15mm; } body { font-family: sans-serif; font-size: 9pt; }"
      + " h1 { font-size: 14pt; } h2 { font-size: 11pt; border-bottom: 1px solid #ccc; } h3 { font-size: 10pt; }"
      + " .verdict { font-size: 11pt; font-weight: bold; padding: 4pt; background: #f4f6fa; border-left: 3pt solid #1f77b4; }"
      + " .phase { font-weight: bold; } table { border-collapse: collapse; width: 100%; }"
      + " td, th { text-align: left; padding: 1pt 4pt; border-bottom: 0.5pt solid #ddd; }"
      + " tr.limit td { font-weight: bold; border: 1.5pt solid #000; } tr.off td { color: #888; } .meta { color: #666; }";
}
