package io.headroom.app.report;

import static io.headroom.app.report.ReportPage.esc;

import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import com.openhtmltopdf.svgsupport.BatikSVGDrawer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Entity;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The run's report as a PDF to attach to a review, rendered in Java by openhtmltopdf (no browser
 * at run time): the page's layout (ReportBody) with the same SVG charts, drawn by openhtmltopdf's
 * Batik module, and the sweep's map; the data path also as rows. The text uses the PDF base fonts,
 * so it is kept to Latin-1.
 */
public final class ReportPdf {
  private ReportPdf() {}

  public static byte[] render(RunData data, String runId, Verdict v) {
    return of(xhtml(data, runId, v));
  }

  /** Well-formed XHTML as a PDF, SVG drawn. */
  static byte[] of(String xhtml) {
    PdfLibraryLog.install();
    ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
    try {
      PdfRendererBuilder b = new PdfRendererBuilder();
      b.useFastMode();
      b.useSVGDrawer(new BatikSVGDrawer());
      b.withHtmlContent(xhtml, null);
      b.toStream(out);
      b.run();
    } catch (IOException e) {
      throw new IllegalStateException("cannot render the report as PDF", e);
    }
    return out.toByteArray();
  }

  /** The PDF's source: well-formed XHTML, as openhtmltopdf's parser requires. */
  static String xhtml(RunData data, String runId, Verdict v) {
    ReportBody body = new ReportBody(data, runId, v, ReportBody.Medium.PDF);
    StringBuilder h = new StringBuilder(32 * 1024);
    h.append("<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>").append(x(body.title()))
        .append("</title><style>").append(SweepSection.STYLE).append(STYLE).append("</style></head><body>");
    body.append(h, SweepAxes.DEFAULT);
    return h.append("</body></html>").toString();
  }

  /** The diagram as rows: layer, entity, share of practical ceiling, and the limit or off-path mark. */
  static void pathTable(StringBuilder h, RunData data, PathView view) {
    h.append("<h3>The data path, element by element</h3><table><tr><th>layer</th><th>entity</th><th>share of practical ceiling</th></tr>");
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

  /** The PDF's style sheet, for the other pages rendered as PDF (the comparison). */
  static String style() {
    return STYLE;
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
      + " tr.limit td { font-weight: bold; border: 1.5pt solid #000; } tr.off td { color: #888; } .meta { color: #666; }"
      + " .id { white-space: nowrap; } .chart { page-break-inside: avoid; margin: 4pt 0; } .caption { font-weight: bold; margin: 2pt 0; }"
      + " .chart svg, .path svg { width: 100%; height: auto; } div.phase h3 { page-break-after: avoid; }"
      + " ul.legend { list-style: none; padding-left: 0; margin: 1pt 0 6pt 0; font-size: 8pt; }"
      + " .swatch { display: inline-block; width: 14pt; margin-right: 3pt; }"
      + " table.phases td, table.phases th { font-size: 7pt; white-space: nowrap; padding: 0.5pt 2pt; }"
      + " .sweep-one { width: 48%; } .sweep-grid { width: 100%; }"
      + " .path-legend span { border: 0.5pt solid #999; padding: 0 3pt; } .path text.limit-figure { font-weight: bold; }";
}
