package io.headroom.app.report;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;


/**
 * One run's report as a single self-contained HTML page (no external fetch, no script, so it can be
 * mailed or attached to a ticket): the layout of ReportBody with its charts drawn as SVG on the
 * server (ReportCharts), the same SVG the PDF carries.
 */
public final class ReportPage {
  private static final String STYLE = resource("report.css");

  private ReportPage() {}

  /** The verdict as the sentence the studies end with, the page's headline (LimitSentence). */
  public static String sentence(Verdict v) {
    return LimitSentence.run(v);
  }

  /** " (off the data path)", " (implausible reading: ceiling or counter wrong)", both or none: as the CLI marks a row. */
  static String marks(HeadroomEntry h) {
    return (h.onPath() ? "" : " (off the data path)") + (h.implausible() ? " (implausible reading: ceiling or counter wrong)" : "");
  }

  public static String render(RunData data, String runId, Verdict verdict) {
    return render(data, runId, verdict, SweepAxes.DEFAULT);
  }

  /** The page with its sweep view by the parameters chosen. */
  public static String render(RunData data, String runId, Verdict verdict, SweepAxes sweep) {
    ReportBody body = new ReportBody(data, runId, verdict, ReportBody.Medium.PAGE);
    StringBuilder h = new StringBuilder(64 * 1024);
    h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"/><title>").append(esc(body.title()))
        .append("</title><style>").append(STYLE).append("</style></head><body>");
    body.append(h, sweep);
    return h.append("</body></html>").toString();
  }

  /** The run report's style sheet, for the other pages drawn in its style. */
  static String style() {
    return STYLE;
  }

  static void list(StringBuilder h, List<String> items) {
    h.append("<ul>");
    for (String s : items) {
      h.append("<li>").append(esc(s)).append("</li>");
    }
    h.append("</ul>");
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String resource(String name) {
    try (InputStream in = ReportPage.class.getResourceAsStream("/report/" + name)) {
      if (in == null) {
        throw new IllegalStateException("/report/" + name + " is not on the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read /report/" + name, e);
    }
  }
}
