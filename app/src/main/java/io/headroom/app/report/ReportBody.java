package io.headroom.app.report;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Stats;
import io.headroom.analyzer.detect.Fmt;
import io.headroom.model.Entity;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The report's body, one layout for the page and the PDF, answering in the order a reviewer asks:
 * the sentence; for a sweep its map (the limit by the parameters varied, and where it changes);
 * the data path; the phases as one table; the run's charts; then the detail, each phase with its
 * sentence, its chart over its own window and its evidence (folded on the page when there are many),
 * and the headroom and entity tables. Well-formed XHTML, as openhtmltopdf's parser requires.
 */
final class ReportBody {
  /** Phases up to this many are shown unfolded on the page; a longer run folds each phase's detail. */
  static final int OPEN_PHASES = 6;
  private static final Pattern ID = Pattern.compile("[^\\s<>&;]*/[^\\s<>&;]*");

  /** Where the body goes: the browser page, or the PDF (Latin-1 base fonts, no folding, ids kept whole). */
  enum Medium {
    PAGE, PDF;

    /** Text for an element or an attribute. */
    String text(String s) {
      return this == PDF ? ReportPdf.x(s) : ReportPage.esc(s);
    }

    /**
     * Running text: in the PDF each entity id is kept on one line (the renderer broke "s4/r760/pcie/..."
     * after a slash, and a reader copied "s4/r760 /pcie").
     */
    String prose(String s) {
      String t = text(s);
      return this == PDF ? ID.matcher(t).replaceAll(m -> "<span class=\"id\">" + m.group() + "</span>") : t;
    }
  }

  private final RunData data;
  private final String runId;
  private final Verdict verdict;
  private final Medium medium;
  private final Run run;
  private final double start;
  private final double end;
  private final List<Phase> phases;

  ReportBody(RunData data, String runId, Verdict verdict, Medium medium) {
    this.data = data;
    this.runId = runId;
    this.verdict = verdict;
    this.medium = medium;
    this.run = runId == null ? null : data.runs().get(runId);
    this.start = run != null ? run.start() : firstSample(data);
    this.end = run != null && run.end() != null ? run.end() : Math.max(start + 1, data.latestSampleTs());
    this.phases = runId == null ? List.of() : data.phasesOf(runId);
  }

  String title() {
    return "Headroom report: " + runId;
  }

  void append(StringBuilder h, SweepAxes axes) {
    h.append("<h1>Headroom run report</h1>");
    if (run != null) {
      h.append("<p class=\"meta\"><small>testbed ").append(t(run.testbed())).append(", ")
          .append(Instant.ofEpochMilli((long) (start * 1000))).append(" to ")
          .append(run.end() == null ? "(open)" : Instant.ofEpochMilli((long) (end * 1000)).toString())
          .append(", workload ").append(t(ReportFormat.workload(run.workload()))).append("</small></p>");
    }
    h.append("<p class=\"verdict\" id=\"verdict\">").append(medium.prose(LimitSentence.run(verdict))).append("</p>");
    boolean sweep = SweepSection.append(h, data, runId, verdict, axes, medium);
    dataPath(h);
    phaseTable(h, sweep);
    h.append("<h2>The run</h2>");
    figure(h, ReportCharts.throughput(data, start, end, phases), "Throughput of all workloads: IOPS (left) and bytes/s (right)");
    figure(h, ReportCharts.latency(data, start, end, phases), "Latency, the worst workload each second");
    figure(h, ReportCharts.resources(data, verdict, start, end, phases),
        "The limit and the tightest other resources against their declared ceilings");
    runEvidence(h);
    phaseDetail(h, sweep);
    headroomTable(h);
    entities(h);
  }

  /** The data-path diagram and its key; in the PDF also as rows a reader can copy. */
  private void dataPath(StringBuilder h) {
    PathView view = PathView.of(data, runId, verdict, start, end);
    h.append("<h2>Data path</h2><div class=\"path\">").append(DataPathDiagram.svg(data, view)).append("</div>")
        .append(DataPathDiagram.legend());
    if (medium == Medium.PDF) {
      ReportPdf.pathTable(h, data, view);
    }
  }

  /**
   * One row per phase: its limit, the limit's figure as the headline prints it, the confidence,
   * the workloads' mean throughput, what binds next, all in LimitSentence's words; each row links its detail.
   */
  private void phaseTable(StringBuilder h, boolean sweep) {
    if (verdict.phases().isEmpty()) {
      return;
    }
    Map<String, Phase> byName = new HashMap<>();
    phases.forEach(p -> byName.putIfAbsent(p.name(), p));
    h.append("<h2>").append(sweep ? "The " + verdict.phases().size() + " phases" : "Phases").append("</h2>")
        .append("<table class=\"phases\" id=\"phase-table\"><tr><th>phase</th><th>limit</th><th>on</th><th>at</th>")
        .append("<th>confidence</th><th>throughput</th><th>next</th></tr>");
    for (int i = 0; i < verdict.phases().size(); i++) {
      PhaseVerdict p = verdict.phases().get(i);
      List<HeadroomEntry> rows = p.bottleneck() == null ? List.of() : ReportCharts.limitRows(p);
      Phase phase = byName.get(p.name());
      h.append("<tr><td><a href=\"#phase-").append(i).append("\">").append(medium.prose(p.name())).append("</a></td><td>")
          .append(t(LimitSentence.classBrief(p))).append("</td><td>")
          .append(medium.prose(rows.isEmpty() ? "" : (p.entity() == null ? "tightest " : "") + rows.get(0).entity()))
          .append("</td><td class=\"figure\">").append(rows.isEmpty() ? "" : t(LimitSentence.figure(rows.get(0))))
          .append("</td><td>").append(p.bottleneck() == null ? "" : String.format(Locale.ROOT, "%.2f", p.confidence()))
          .append("</td><td>").append(phase == null ? "" : t(meanThroughput(phase))).append("</td><td>")
          .append(medium.prose(LimitSentence.nextBrief(p)))
          .append("</td></tr>");
    }
    h.append("</table>");
  }

  /** The phase's workloads' mean over its window, in the unit its chart uses. */
  private String meanThroughput(Phase p) {
    double to = p.end() == null ? end : p.end();
    if (ReportSeries.meanIoSize(data, p.start(), to) >= ReportCharts.LARGE_IO) {
      return Fmt.byteRate(Stats.mean(ReportSeries.bytes(data, p.start(), to).values()));
    }
    double iops = Stats.mean(ReportSeries.throughput(data, p.start(), to).values());
    return Double.isNaN(iops) ? "no readings" : Fmt.iops(iops);
  }

  private void figure(StringBuilder h, SvgChart chart, String caption) {
    h.append("<div class=\"chart\"><p class=\"caption\">").append(t(caption)).append("</p>");
    drawn(h, chart);
    h.append("</div>");
  }

  /** The chart and its key, the same on the page and in the PDF. */
  private void drawn(StringBuilder h, SvgChart chart) {
    h.append(chart.svg(medium::text)).append(chart.legend(medium::prose));
  }

  /**
   * The run's own evidence without what a phase prints below: the lines it quotes from one phase
   * ("[name] ...") and, in a run of one phase, the lines that phase prints as they are.
   */
  private void runEvidence(StringBuilder h) {
    PhaseVerdict quoted = LimitSentence.quotedPhase(verdict);
    String prefix = quoted == null ? null : "[" + quoted.name() + "] ";
    Set<String> printed = new HashSet<>();
    verdict.phases().forEach(p -> printed.addAll(p.evidence()));
    List<String> own = verdict.evidence().stream()
        .filter(l -> (prefix == null || !l.startsWith(prefix)) && !printed.contains(l)).toList();
    if (own.isEmpty()) {
      return;
    }
    list(h, own);
    if (own.size() < verdict.evidence().size() && quoted != null) {
      h.append("<p><small>The figures behind it are those of phase ").append(t(quoted.name())).append(", below.</small></p>");
    }
  }

  /** Each phase's sentence, chart and evidence: unfolded in the PDF and on a short run's page, folded on a long one's. */
  private void phaseDetail(StringBuilder h, boolean sweep) {
    if (verdict.phases().isEmpty()) {
      return;
    }
    Map<String, Phase> byName = new HashMap<>();
    phases.forEach(p -> byName.putIfAbsent(p.name(), p));
    boolean open = !sweep && verdict.phases().size() <= OPEN_PHASES;
    h.append("<h2>Phase by phase</h2>");
    for (int i = 0; i < verdict.phases().size(); i++) {
      PhaseVerdict p = verdict.phases().get(i);
      String head = t(p.name()) + ": " + (p.bottleneck() == null ? "not judged" : p.bottleneck()
          + (p.entity() == null ? "" : " on " + medium.prose(p.entity()))
          + String.format(Locale.ROOT, " <small>(confidence %.2f)</small>", p.confidence()));
      if (medium == Medium.PAGE) {
        h.append("<details class=\"phase\" id=\"phase-").append(i).append('"').append(open ? " open=\"open\"" : "")
            .append("><summary><b>").append(head).append("</b></summary>");
      } else {
        h.append("<div class=\"phase\" id=\"phase-").append(i).append("\"><h3>").append(head).append("</h3>");
      }
      h.append("<p class=\"phase-sentence\">").append(medium.prose(LimitSentence.withNext(p))).append("</p>");
      Phase phase = byName.get(p.name());
      if (phase != null) {
        h.append("<div class=\"chart\">");
        drawn(h, ReportCharts.phase(data, p, phase, i, end));
        h.append("</div>");
      }
      list(h, p.evidence());
      nextLimit(h, p);
      if (p.latency() != null) {
        h.append("<p class=\"latency\">latency: ").append(medium.prose(LatencyLine.of(p.latency()))).append("</p>");
      }
      h.append(medium == Medium.PAGE ? "</details>" : "</div>");
    }
  }

  /** The next limit's own evidence (its first line is the sentence above), or why it is not known. */
  private void nextLimit(StringBuilder h, PhaseVerdict d) {
    if (d.nextLimit() != null) {
      h.append("<p class=\"next\">next: ").append(medium.prose(d.nextLimit().summary())).append("</p>");
      List<String> evidence = d.nextLimit().evidence();
      list(h, evidence.subList(Math.min(1, evidence.size()), evidence.size()));
    } else if (d.nextLimitReason() != null) {
      h.append("<p class=\"next\">next: not known (").append(medium.prose(d.nextLimitReason())).append(")</p>");
    }
  }

  private void headroomTable(StringBuilder h) {
    h.append("<h2>Headroom (p95 of practical ceiling, tightest first)</h2><table class=\"headroom\"><tr><th>entity</th>")
        .append("<th>kind</th><th>used</th></tr>");
    for (HeadroomEntry e : verdict.headroom()) {
      h.append("<tr><td>").append(medium.prose(e.entity())).append("</td><td>").append(t(e.kind()))
          .append(String.format(Locale.ROOT, "</td><td>%.1f%%", e.utilization() * 100))
          .append(t(ReportPage.marks(e))).append("</td></tr>");
    }
    h.append("</table>");
  }

  /** Every entity with its ceilings; one the verdict found off the data path says so beside its name. */
  private void entities(StringBuilder h) {
    Set<String> offPath = new HashSet<>();
    verdict.headroom().stream().filter(r -> !r.onPath()).forEach(r -> offPath.add(r.entity()));
    h.append("<h2>Testbed entities</h2><table class=\"entities\"><tr><th>entity</th><th>kind</th><th>ceilings</th>")
        .append("<th>degraded</th></tr>");
    for (Entity e : data.entities().values()) {
      String degraded = TopologyViews.degraded(e);
      h.append("<tr><td>").append(medium.prose(e.id())).append(offPath.contains(e.id()) ? " (off the data path)" : "")
          .append("</td><td>").append(t(e.kind())).append("</td><td>")
          .append(t(ReportFormat.ceilings(e.capacity()))).append("</td><td class=\"degraded\">")
          .append(degraded == null ? "" : medium.prose(degraded)).append("</td></tr>");
    }
    h.append("</table>");
  }

  private void list(StringBuilder h, List<String> items) {
    h.append("<ul>");
    for (String s : items) {
      h.append("<li>").append(medium.prose(s)).append("</li>");
    }
    h.append("</ul>");
  }

  private String t(String s) {
    return medium.text(s);
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
    // the window is (start, end]: the first reading itself belongs in it
    return Double.isFinite(first) ? Math.nextDown(first) : 0;
  }
}
