package io.headroom.app.report;

import io.headroom.analyzer.detect.Fmt;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's charts, built from the run's data and verdict (SvgChart draws them; the page and
 * the PDF embed the same SVG): the run's throughput (IOPS and bytes/s on two axes), its latency,
 * the named limit and the tightest other resources against their declared ceilings, and one chart
 * per phase over that phase's own window with its throughput in the unit that fits it and its limit
 * (NONE: its tightest resource) with the practical ceiling drawn.
 */
final class ReportCharts {
  /** A phase whose workloads' mean I/O is this large or larger is drawn in bytes/s (sequential), else in IOPS. */
  static final double LARGE_IO = 64 * 1024;
  static final int RUN_WIDTH = 1100;
  static final int PHASE_WIDTH = 760;
  /** Resources on the run's resource chart, the limit's members included. */
  static final int RESOURCES = 5;
  /** Members of a limiting group drawn on a phase's chart. */
  static final int MEMBERS = 4;
  private static final double AT_CEILING = Thresholds.defaults().atCeiling();

  private static final SvgChart.Axis IOPS = new SvgChart.Axis("IOPS", ReportCharts::count, 0);
  private static final SvgChart.Axis BYTES = new SvgChart.Axis("bytes/s", Fmt::byteRate, 0);
  private static final SvgChart.Axis SHARE = new SvgChart.Axis("% of declared ceiling", v -> percent(v), 1.05);
  private static final SvgChart.Axis MS = new SvgChart.Axis("ms", v -> ReportFormat.trim(Math.round(v * 100) / 100.0), 0);

  private ReportCharts() {}

  /** The run's throughput: IOPS on the left, bytes/s on the right, the phases marked. */
  static SvgChart throughput(RunData data, double from, double to, List<Phase> phases) {
    SvgChart c = new SvgChart("chart-throughput", from, to, RUN_WIDTH, 200, IOPS).right(BYTES).timeLabel("seconds into the run");
    line(c, ReportSeries.throughput(data, from, to), SvgChart.Side.LEFT, "throughput", null, false);
    line(c, ReportSeries.bytes(data, from, to), SvgChart.Side.RIGHT, "throughput", null, false);
    phaseMarks(c, phases);
    return c;
  }

  static SvgChart latency(RunData data, double from, double to, List<Phase> phases) {
    SvgChart c = new SvgChart("chart-latency", from, to, RUN_WIDTH, 160, MS).timeLabel("seconds into the run");
    for (ReportSeries.Line l : ReportSeries.latency(data, from, to)) {
      line(c, l, SvgChart.Side.LEFT, "latency", null, false);
    }
    phaseMarks(c, phases);
    return c;
  }

  /**
   * The run's named limit first (the row the headline quotes), its practical ceiling drawn, then
   * the run's tightest other resources; off the data path grey, dashed and marked.
   */
  static SvgChart resources(RunData data, Verdict v, double from, double to, List<Phase> phases) {
    SvgChart c = new SvgChart("chart-resources", from, to, RUN_WIDTH, 200, SHARE).timeLabel("seconds into the run");
    PhaseVerdict quoted = LimitSentence.quotedPhase(v);
    List<HeadroomEntry> limit = quoted == null || quoted.bottleneck() == null ? List.of() : limitRows(quoted);
    if (!limit.isEmpty()) {
      ceilings(c, limit.get(0));
      named(c, data, quoted, limit, from, to);
    }
    int others = RESOURCES - limit.size();
    for (HeadroomEntry h : v.headroom()) {
      if (others == 0) {
        break;
      }
      if (!h.implausible() && limit.stream().noneMatch(l -> l.entity().equals(h.entity()))) {
        ReportSeries.Line s = ReportSeries.share(data, h, from, to);
        c.line(new SvgChart.Line(h.entity() + ReportPage.marks(h) + " " + h.reading() + ", p95 " + LimitSentence.figure(h),
            s.ts(), s.values(), SvgChart.Side.LEFT, "resource", h.entity(), !h.onPath()));
        others--;
      }
    }
    phaseMarks(c, phases);
    return c;
  }

  /**
   * One phase over its own window (start, end]: its workloads' throughput in bytes/s when its I/O
   * is large, else IOPS, on the left; on the right its limit (or NONE's tightest resource) against
   * its declared ceiling, with the practical ceiling and where the rule calls it full.
   */
  static SvgChart phase(RunData data, PhaseVerdict p, Phase phase, int index, double runEnd) {
    double from = phase.start();
    double to = phase.end() == null ? runEnd : phase.end();
    boolean large = ReportSeries.meanIoSize(data, from, to) >= LARGE_IO;
    SvgChart c = new SvgChart("phase-chart-" + index, from, to, PHASE_WIDTH, 150, large ? BYTES : IOPS).right(SHARE)
        .timeLabel("seconds into the phase");
    line(c, large ? ReportSeries.bytes(data, from, to) : ReportSeries.throughput(data, from, to), SvgChart.Side.LEFT,
        "throughput", null, false);
    List<HeadroomEntry> limit = p.bottleneck() == null ? List.of() : limitRows(p);
    if (!limit.isEmpty()) {
      ceilings(c, limit.get(0));
      named(c, data, p, limit, from, to);
    }
    return c;
  }

  /**
   * The rows a phase names: its limit (and the group's other members at their ceiling, up to
   * MEMBERS), or NONE's tightest plausible row on the path; none when nothing was read.
   */
  static List<HeadroomEntry> limitRows(PhaseVerdict p) {
    List<HeadroomEntry> rows = new ArrayList<>();
    if (p.bottleneck() == Bottleneck.NONE || p.entity() == null) {
      p.headroom().stream().filter(h -> h.onPath() && !h.implausible()).findFirst().ifPresent(rows::add);
      return rows;
    }
    List<String> members = p.group() != null && p.group().atCeiling() >= 2 ? p.group().entities() : List.of(p.entity());
    for (String m : members) {
      if (rows.size() == MEMBERS) {
        break;
      }
      p.headroom().stream().filter(h -> h.entity().equals(m)).findFirst().ifPresent(rows::add);
    }
    return rows;
  }

  /**
   * The phase's limit rows as lines on the chart's share axis: the verdict's entity "limit" (NONE's
   * tightest "tightest"), the group's other members "limit-member"; each labelled with the figure
   * the headline and the table print (LimitSentence.figure), so the three read the same percentage.
   */
  private static void named(SvgChart c, RunData data, PhaseVerdict p, List<HeadroomEntry> rows, double from, double to) {
    boolean none = p.bottleneck() == Bottleneck.NONE || p.entity() == null;
    for (HeadroomEntry h : rows) {
      String role = none ? "tightest" : h.entity().equals(p.entity()) ? "limit" : "limit-member";
      ReportSeries.Line s = ReportSeries.share(data, h, from, to);
      c.line(new SvgChart.Line((none ? "tightest: " : "the limit: ") + h.entity() + " " + h.reading() + ", p95 "
          + LimitSentence.figure(h), s.ts(), s.values(), shareSide(c), role, h.entity(), false));
    }
  }

  /** The row's practical ceiling and the share of it from which a rule calls it full, as shares of its declared ceiling. */
  private static void ceilings(SvgChart c, HeadroomEntry h) {
    if (!(h.utilization() > 0)) {
      return;
    }
    double practical = h.lineRate() / h.utilization();
    c.level(new SvgChart.Level(practical, shareSide(c), "practical ceiling of " + h.entity() + ": " + percent(practical)
        + " of its declared ceiling; at its ceiling from " + percent(AT_CEILING) + " of it (" + percent(AT_CEILING * practical) + ")",
        "ceiling"));
  }

  /** The share of a declared ceiling is read on the right axis of a chart that has one (a phase's), else on the left. */
  private static SvgChart.Side shareSide(SvgChart c) {
    return c.hasRight() ? SvgChart.Side.RIGHT : SvgChart.Side.LEFT;
  }

  private static void line(SvgChart c, ReportSeries.Line l, SvgChart.Side side, String role, String entity, boolean muted) {
    c.line(new SvgChart.Line(l.name(), l.ts(), l.values(), side, role, entity, muted));
  }

  private static void phaseMarks(SvgChart c, List<Phase> phases) {
    if (phases.size() < 2 || phases.size() > 12) {
      // a sweep's 125 boundaries would hide the lines; its map says where each phase is
      return;
    }
    for (Phase p : phases) {
      c.mark(new SvgChart.Mark(p.start(), p.name()));
    }
  }

  static String percent(double share) {
    return String.format(Locale.ROOT, "%.0f%%", share * 100);
  }

  /** An axis's count: "996.8k", "1.2M", "8500", "0.25". */
  static String count(double v) {
    double a = Math.abs(v);
    if (a >= 1e6) {
      return ReportFormat.trim(Math.round(v / 1e4) / 100.0) + "M";
    }
    if (a >= 1e4) {
      return ReportFormat.trim(Math.round(v / 1e2) / 10.0) + "k";
    }
    return ReportFormat.trim(a >= 10 ? Math.round(v) : Math.round(v * 100) / 100.0);
  }
}
