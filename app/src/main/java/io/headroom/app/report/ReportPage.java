package io.headroom.app.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Entity;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One run's report as a single self-contained HTML page (no external fetch, so it can be mailed
 * or attached to a ticket): the verdict and each phase's evidence, throughput and latency over
 * time with the phase boundaries, the tightest resources against their ceilings, the entities
 * with what is degraded. The charts are drawn in the page from the data it carries.
 */
public final class ReportPage {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SCRIPT = resource("report.js");
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
    Run run = runId == null ? null : data.runs().get(runId);
    double start = run != null ? run.start() : firstSample(data);
    double end = run != null && run.end() != null ? run.end() : Math.max(start + 1, data.latestSampleTs());
    StringBuilder h = new StringBuilder(64 * 1024);
    h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Headroom report: ")
        .append(esc(String.valueOf(runId))).append("</title><style>").append(STYLE).append("</style></head><body>");
    h.append("<h1>Headroom run report</h1>");
    if (run != null) {
      h.append("<p><small>testbed ").append(esc(run.testbed())).append(", ").append(Instant.ofEpochMilli((long) (start * 1000)))
          .append(" to ").append(Instant.ofEpochMilli((long) (end * 1000))).append(", workload ")
          .append(esc(ReportFormat.workload(run.workload()))).append("</small></p>");
    }
    h.append("<p class=\"verdict\" id=\"verdict\">").append(esc(sentence(verdict))).append("</p>");
    phaseSentences(h, verdict.phases());
    dataPath(h, data, PathView.of(data, runId, verdict, start, end));
    PhaseMultiples.append(h, verdict.phases());
    runEvidence(h, verdict);
    SweepSection.append(h, data, runId, verdict, sweep);
    phaseSection(h, verdict.phases());
    h.append("<h2>Throughput</h2><div class=\"chart\" id=\"chart-throughput\"></div>");
    h.append("<h2>Latency</h2><div class=\"chart\" id=\"chart-latency\"></div>");
    h.append("<h2>Tightest resources against their ceilings</h2><div class=\"chart\" id=\"chart-tightest\"></div>");
    headroomTable(h, verdict.headroom());
    entities(h, data, verdict.headroom());
    h.append("<script type=\"application/json\" id=\"report-data\">")
        .append(chartData(data, runId, verdict, start, end).replace("</", "<\\/")).append("</script>");
    h.append("<script>").append(SCRIPT).append("</script></body></html>");
    return h.toString();
  }

  /** The data-path diagram (DataPathDiagram) and its colour key. */
  private static void dataPath(StringBuilder h, RunData data, PathView view) {
    h.append("<h2>Data path</h2><div class=\"path\">").append(DataPathDiagram.svg(data, view)).append("</div>")
        .append(DataPathDiagram.legend());
  }

  /** Each phase's closing sentence under the run's, before any detail. */
  private static void phaseSentences(StringBuilder h, List<PhaseVerdict> phases) {
    if (phases.size() < 2) {
      return;
    }
    h.append("<ul class=\"phase-sentences\">");
    for (PhaseVerdict d : phases) {
      h.append("<li><b>").append(esc(d.name())).append("</b>: ").append(esc(LimitSentence.withNext(d))).append("</li>");
    }
    h.append("</ul>");
  }

  /**
   * The run's own evidence without the lines it quotes from one phase ("[name] ..."): those are
   * printed once, under that phase.
   */
  private static void runEvidence(StringBuilder h, Verdict v) {
    PhaseVerdict quoted = LimitSentence.quotedPhase(v);
    String prefix = quoted == null ? null : "[" + quoted.name() + "] ";
    List<String> own = v.evidence().stream().filter(l -> prefix == null || !l.startsWith(prefix)).toList();
    list(h, own);
    if (own.size() < v.evidence().size()) {
      h.append("<p><small>The figures behind it are those of phase ").append(esc(quoted.name()))
          .append(", below.</small></p>");
    }
  }

  private static void phaseSection(StringBuilder h, List<PhaseVerdict> phases) {
    if (phases.isEmpty()) {
      return;
    }
    h.append("<h2>Phases</h2>");
    for (PhaseVerdict d : phases) {
      h.append("<h3>").append(esc(d.name())).append(": ");
      if (d.bottleneck() == null) {
        h.append("not judged");
      } else {
        h.append(d.bottleneck()).append(d.entity() == null ? "" : " on " + esc(d.entity()))
            .append(String.format(Locale.ROOT, " <small>(confidence %.2f)</small>", d.confidence()));
      }
      h.append("</h3>");
      h.append("<p class=\"phase-sentence\">").append(esc(LimitSentence.phase(d))).append("</p>");
      list(h, d.evidence());
      nextLimit(h, d);
      if (d.latency() != null) {
        h.append("<p class=\"latency\">latency: ").append(esc(LatencyLine.of(d.latency()))).append("</p>");
      }
    }
  }

  /** "next: DISK s4/perc*... at 2.02x (...)" and the sentences it comes from, or why it is not known. */
  private static void nextLimit(StringBuilder h, PhaseVerdict d) {
    if (d.nextLimit() != null) {
      h.append("<p class=\"next\">next: ").append(esc(d.nextLimit().summary())).append("</p>");
      List<String> evidence = d.nextLimit().evidence();
      list(h, evidence.subList(Math.min(1, evidence.size()), evidence.size()));
    } else if (d.nextLimitReason() != null) {
      h.append("<p class=\"next\">next: not known (").append(esc(d.nextLimitReason())).append(")</p>");
    }
  }

  private static void headroomTable(StringBuilder h, List<HeadroomEntry> headroom) {
    h.append("<h2>Headroom (p95 of ceiling, tightest first)</h2><table><tr><th>entity</th><th>kind</th><th>used</th></tr>");
    for (HeadroomEntry e : headroom) {
      h.append("<tr><td>").append(esc(e.entity())).append("</td><td>").append(esc(e.kind()))
          .append(String.format(Locale.ROOT, "</td><td>%.1f%%", e.utilization() * 100))
          .append(esc(marks(e))).append("</td></tr>");
    }
    h.append("</table>");
  }

  /** Every entity with its ceilings; one the verdict found off the data path says so beside its name. */
  private static void entities(StringBuilder h, RunData data, List<HeadroomEntry> headroom) {
    Set<String> offPath = new HashSet<>();
    headroom.stream().filter(r -> !r.onPath()).forEach(r -> offPath.add(r.entity()));
    h.append("<h2>Testbed entities</h2><table><tr><th>entity</th><th>kind</th><th>ceilings</th><th>degraded</th></tr>");
    for (Entity e : data.entities().values()) {
      String degraded = TopologyViews.degraded(e);
      h.append("<tr><td>").append(esc(e.id())).append(offPath.contains(e.id()) ? " (off the data path)" : "")
          .append("</td><td>").append(esc(e.kind())).append("</td><td>")
          .append(esc(ReportFormat.ceilings(e.capacity()))).append("</td><td class=\"degraded\">")
          .append(degraded == null ? "" : esc(degraded)).append("</td></tr>");
    }
    h.append("</table>");
  }

  private static String chartData(RunData data, String runId, Verdict verdict, double start, double end) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("start", start);
    m.put("end", end);
    List<Phase> phases = runId == null ? List.of() : data.phasesOf(runId);
    m.put("phases", phases.stream().map(p -> Map.of("name", p.name(), "start", p.start(),
        "end", p.end() == null ? end : p.end())).toList());
    m.put("throughput", ReportSeries.throughput(data, start, end));
    m.put("latency", ReportSeries.latency(data, start, end));
    m.put("tightest", ReportSeries.tightest(data, verdict.headroom(), start, end));
    try {
      return JSON.writeValueAsString(m);
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode the report's data", e);
    }
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

  private static double firstSample(RunData data) {
    double first = Double.POSITIVE_INFINITY;
    for (String id : data.entityIdsWithSamples()) {
      for (var s : data.seriesOf(id).values()) {
        if (s.size() > 0) {
          first = Math.min(first, s.ts(0));
        }
      }
    }
    return Double.isFinite(first) ? first : 0;
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
