package io.headroom.app.report;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.compare.WorkloadSeconds;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Stats;
import io.headroom.analyzer.detect.Fmt;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's sweep view: for a run whose phases declare the parameters they vary (block size,
 * read share, random share, queue depth, threads), a grid of the phases by two of them, one per
 * setting of the rest, each cell the phase's limit and its workloads' mean throughput over the
 * window it was judged on, and above the grids the boundaries where the limit changes, in words.
 * A run that is no sweep gets nothing.
 */
public final class SweepSection {
  /** The grids' style, for the page and the PDF: grids side by side, compact cells, one colour per class. */
  static final String STYLE = ".sweep-grids{margin:.3em 0}.sweep-one{display:inline-block;vertical-align:top;margin:0 1em .6em 0}"
      + ".sweep-one h3{font-size:.9em;margin:.2em 0}.sweep-grid{width:auto;border-collapse:collapse}"
      + ".sweep-grid th{font-size:.75em;padding:1px 3px}"
      + ".sweep-grid td{text-align:center;font-size:.72em;border:1px solid #fff;padding:1px 3px;line-height:1.15}"
      + ".limit-ARRAY_CPU{background:#f8d7c4}.limit-HOST_CPU{background:#f6e3a6}.limit-PCIE{background:#d9c8ef}"
      + ".limit-NUMA{background:#c8e6ef}.limit-NETWORK{background:#c9dcf3}.limit-DISK{background:#d6ecc9}"
      + ".limit-NONE{background:#eeeeee}.limit-unjudged{background:#fff;color:#888}";

  private SweepSection() {}

  /**
   * Appends the sweep's map by the parameters chosen (rows, columns: "bs", "rdpct", ...; null: the
   * first varying): where the limit changes, in words, then the grids side by side; nothing when
   * the run is no sweep, or a chosen parameter does not vary in it. True when it drew one.
   */
  public static boolean append(StringBuilder h, RunData data, String runId, Verdict verdict, SweepAxes axes) {
    return append(h, data, runId, verdict, axes, ReportBody.Medium.PAGE);
  }

  static boolean append(StringBuilder h, RunData data, String runId, Verdict verdict, SweepAxes axes,
      ReportBody.Medium medium) {
    Run run = runId == null ? null : data.runs().get(runId);
    if (run == null) {
      return false;
    }
    Sweep sweep = Sweep.of(points(data, run, verdict), param(axes.rows()), param(axes.cols()));
    if (sweep == null) {
      return false;
    }
    h.append("<div class=\"sweep-map\" id=\"sweep\">");
    if (medium == ReportBody.Medium.PAGE) {
      h.append("<style>").append(STYLE).append("</style>");
    }
    h.append("<h2>Sweep: the limit by ").append(medium.text(sweep.rows.label)).append(" and ")
        .append(medium.text(sweep.cols.label)).append("</h2>");
    List<String> boundaries = sweep.boundaries();
    h.append("<p>Where the limit changes:</p><ul class=\"sweep-boundaries\">");
    for (String b : boundaries.isEmpty() ? List.of("nowhere: one limit in every phase") : boundaries) {
      h.append("<li>").append(medium.text(b)).append("</li>");
    }
    h.append("</ul><div class=\"sweep-grids\">");
    sweep.grids.forEach((key, cells) -> grid(h, sweep, key, cells, medium));
    h.append("</div></div>");
    return true;
  }

  private static SweepParam param(String name) {
    if (name == null) {
      return null;
    }
    return SweepParam.named(name);
  }

  private static void grid(StringBuilder h, Sweep sweep, List<Double> key, Sweep.Point[][] cells, ReportBody.Medium medium) {
    h.append("<div class=\"sweep-one\">");
    if (!sweep.others.isEmpty()) {
      h.append("<h3>").append(medium.text(sweep.gridName(key))).append("</h3>");
    }
    h.append("<table class=\"sweep-grid\"><tr><th>").append(medium.text(sweep.rows.label)).append(" \\ ")
        .append(medium.text(sweep.cols.label)).append("</th>");
    sweep.colValues.forEach(c -> h.append("<th>").append(medium.text(sweep.cols.shortValue(c))).append("</th>"));
    h.append("</tr>");
    for (int r = 0; r < cells.length; r++) {
      h.append("<tr><th>").append(medium.text(sweep.rows.shortValue(sweep.rowValues.get(r)))).append("</th>");
      for (Sweep.Point p : cells[r]) {
        cell(h, p, medium);
      }
      h.append("</tr>");
    }
    h.append("</table></div>");
  }

  private static void cell(StringBuilder h, Sweep.Point p, ReportBody.Medium medium) {
    if (p == null) {
      h.append("<td class=\"sweep-cell limit-unjudged\">no phase</td>");
      return;
    }
    String limit = p.limit() == null ? "unjudged" : p.limit().name();
    h.append("<td class=\"sweep-cell limit-").append(limit).append("\" title=\"").append(medium.text(p.phase()))
        .append("\" data-phase=\"").append(medium.text(p.phase())).append("\"><b>")
        .append(p.limit() == null ? "not judged" : limit).append("</b><br/>")
        .append(Double.isNaN(p.bytesPerS()) ? "no readings" : Fmt.byteRate(p.bytesPerS())).append("</td>");
  }

  /** Each phase with its declared parameters, its verdict's class, its workloads' mean bytes/s. */
  private static List<Sweep.Point> points(RunData data, Run run, Verdict verdict) {
    Map<String, PhaseVerdict> verdicts = new HashMap<>();
    verdict.phases().forEach(v -> verdicts.putIfAbsent(v.name(), v));
    List<String> workloads = new ArrayList<>();
    for (Entity e : data.entities().values()) {
      if (e.kind().equals(EntityKind.WORKLOAD)) {
        workloads.add(e.id());
      }
    }
    double runEnd = run.end() == null ? Double.POSITIVE_INFINITY : run.end();
    List<Sweep.Point> out = new ArrayList<>();
    for (Phase p : data.phasesOf(run.run())) {
      Map<SweepParam, Double> params = new EnumMap<>(SweepParam.class);
      for (SweepParam s : SweepParam.values()) {
        double v = s.valueIn(p.workload());
        if (!Double.isNaN(v)) {
          params.put(s, v);
        }
      }
      if (params.isEmpty()) {
        continue;
      }
      PhaseVerdict pv = verdicts.get(p.name());
      out.add(new Sweep.Point(p.name(), params, pv == null ? null : pv.bottleneck(),
          Stats.mean(WorkloadSeconds.of(data, RunAnalyzer.settled(p, runEnd), workloads).bytes())));
    }
    return out;
  }
}
