package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Stats;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every sentence the scenario corpus (docs/scenarios/*.jsonl: the five studies, the 125-phase
 * sweep and the rest) makes a report say, read for contradictions: a part never above its whole;
 * "it questions the verdict" never beside a confidence above the bound the verdict is then held
 * to; a ceiling's percentages the same in the headline, the phase table, the chart's key and the
 * line the chart draws; a limit's row at its ceiling (docs/detection.md, "One ceiling story");
 * no "Infinity" or "NaN"; a one-phase run's evidence printed once.
 */
class SentenceConsistencyTest {
  /** LatencyAttribution.QUESTIONED: the confidence a verdict keeps at most when its latency split questions it (docs/detection.md). */
  private static final double QUESTIONED = 0.8;
  /** Thresholds.atCeiling's default: a rule calls a resource full from 90% of its practical ceiling (docs/detection.md, section 2). */
  private static final double AT_CEILING = 0.90;
  private static final Pattern LATENCY = Pattern.compile("^latency, \\w+s: of ([\\d.]+) (ms|us) per \\w+, (.*?): the time is");
  private static final Pattern PART = Pattern.compile("([\\d.]+) (ms|us) \\((\\d+)%\\)");
  private static final Pattern FIGURE = Pattern.compile("(\\d+)% (of line rate|busy|of its spec)(?: \\((\\d+)% of its practical ceiling\\))?");
  private static final Pattern ROW = Pattern.compile("<tr><td><a href=\"#phase-(\\d+)\">.*?</a></td><td>[^<]*</td><td>[^<]*</td>"
      + "<td class=\"figure\">([^<]*)</td>");

  static Stream<String> corpus() throws Exception {
    try (Stream<Path> files = Files.list(Path.of("../docs/scenarios"))) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jsonl")).sorted().toList().stream();
    }
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void noSentenceContradictsAnother(String file) throws Exception {
    RunData data = new RunData();
    new RecordingReader(false).read(Path.of("../docs/scenarios", file), data::accept);
    assertFalse(data.runs().isEmpty(), file + " declares no run");
    for (String run : data.runs().keySet()) {
      Verdict v = new RunAnalyzer().analyze(data, run);
      String where = file + " " + run;
      String page = ReportPage.render(data, run, v);
      for (String s : sentences(v)) {
        assertFalse(s.contains("Infinity") || s.contains("NaN"), where + ": " + s);
        partsWithinTheirWhole(where, s);
      }
      questionsHoldTheConfidence(where, v);
      Map<String, Phase> phases = new HashMap<>();
      data.phasesOf(run).forEach(p -> phases.put(p.name(), p));
      Map<Integer, String> tableFigures = tableFigures(page);
      for (int i = 0; i < v.phases().size(); i++) {
        PhaseVerdict p = v.phases().get(i);
        ceilingReadsTheSame(where + " " + p.name(), data, p, phases.get(p.name()), tableFigures.get(i), page);
      }
      if (v.phases().size() == 1) {
        onePhasePrintsItsEvidenceOnce(where, v.phases().get(0), page);
      }
    }
  }

  /** Every sentence of the verdict as the report prints it: the headline, each phase's, their evidence and next limits'. */
  private static List<String> sentences(Verdict v) {
    List<String> out = new ArrayList<>(v.evidence());
    out.add(LimitSentence.run(v));
    for (PhaseVerdict p : v.phases()) {
      out.add(LimitSentence.withNext(p));
      out.addAll(p.evidence());
      if (p.nextLimit() != null) {
        out.add(p.nextLimit().summary());
        out.addAll(p.nextLimit().evidence());
      }
      if (p.nextLimitReason() != null) {
        out.add(p.nextLimitReason());
      }
      ReportCharts.limitRows(p).forEach(h -> out.add(LimitSentence.figure(h)));
    }
    return out;
  }

  /** "of 0.15 ms per write, the host's device saw 0.12 ms (80%), 0.03 ms (20%) ...": each part at most the whole, the shares 100% together. */
  private static void partsWithinTheirWhole(String where, String s) {
    Matcher m = LATENCY.matcher(s);
    if (!m.find()) {
      return;
    }
    double whole = seconds(m.group(1), m.group(2));
    Matcher part = PART.matcher(m.group(3));
    int shares = 0;
    int parts = 0;
    while (part.find()) {
      double value = seconds(part.group(1), part.group(2));
      int share = Integer.parseInt(part.group(3));
      assertTrue(value <= whole * (1 + 1e-9) && share <= 100, where + ": a part above its whole: " + s);
      shares += share;
      parts++;
    }
    // each share rounded on its own: n parts add up to 100 within n/2 points
    assertTrue(parts == 0 || Math.abs(shares - 100) <= (parts + 1) / 2, where + ": shares add up to " + shares + "%: " + s);
  }

  private static double seconds(String value, String unit) {
    return Double.parseDouble(value) * (unit.equals("ms") ? 1e-3 : 1e-6);
  }

  /** A phase whose evidence questions its verdict keeps at most QUESTIONED; a run quoting such a line likewise. */
  private static void questionsHoldTheConfidence(String where, Verdict v) {
    for (PhaseVerdict p : v.phases()) {
      if (p.evidence().stream().anyMatch(l -> l.contains("it questions the verdict"))) {
        assertTrue(p.confidence() <= QUESTIONED + 1e-9, where + " " + p.name() + ": questioned at confidence " + p.confidence());
      }
    }
    if (v.evidence().stream().anyMatch(l -> l.contains("it questions the verdict"))) {
      assertTrue(v.confidence() <= QUESTIONED + 1e-9, where + ": the run questioned at confidence " + v.confidence());
    }
  }

  /**
   * The limit's (NONE: the tightest's) figure: the same words in the phase's sentence, the phase
   * table and the chart's key, its numbers the headroom row's shares rounded, the line drawn with
   * that p95 over the window the phase was judged on, and at its ceiling unless nothing was.
   */
  private static void ceilingReadsTheSame(String where, RunData data, PhaseVerdict p, Phase phase, String tableFigure,
      String page) {
    if (p.bottleneck() == null) {
      return;
    }
    List<HeadroomEntry> rows = ReportCharts.limitRows(p);
    if (rows.isEmpty()) {
      return;
    }
    HeadroomEntry row = rows.get(0);
    String figure = LimitSentence.figure(row);
    Matcher f = FIGURE.matcher(figure);
    assertTrue(f.matches(), where + ": " + figure);
    assertEquals(Math.round(row.lineRate() * 100), Long.parseLong(f.group(1)), where + ": " + figure + " vs " + row);
    if (f.group(3) != null) {
      assertEquals(Math.round(row.utilization() * 100), Long.parseLong(f.group(3)), where + ": " + figure + " vs " + row);
    }
    assertEquals(ReportPage.esc(figure), tableFigure, where + ": the phase table");
    String key = (p.bottleneck() == Bottleneck.NONE || p.entity() == null ? "tightest: " : "the limit: ") + row.entity() + " "
        + row.reading() + ", p95 " + figure;
    assertTrue(page.contains("</span> " + ReportPage.esc(key) + "</li>"), where + ": the chart's key lacks " + key);
    String sentence = LimitSentence.phase(p);
    if (sentence.contains(row.entity() + " at ") || sentence.contains(row.entity() + ", was at ")) {
      assertTrue(sentence.contains(row.entity() + " at " + figure) || sentence.contains(row.entity() + ", was at " + figure),
          where + ": " + sentence + " vs " + figure);
    }
    // the line the chart draws has the row's p95 over the window the phase was judged on
    double runEnd = phase.end() == null ? Double.POSITIVE_INFINITY : phase.end();
    var judged = RunAnalyzer.settled(phase, runEnd);
    ReportSeries.Line drawn = ReportSeries.share(data, row, judged.from(), judged.to());
    if (drawn.values().length > 0) {
      assertEquals(row.lineRate(), Stats.percentile(drawn.values(), 0.95), 0.01, where + ": the chart's " + row.entity());
    }
    if (p.bottleneck() != Bottleneck.NONE && p.bottleneck() != Bottleneck.NUMA) {
      assertTrue(row.utilization() >= AT_CEILING, where + ": a limit below its ceiling: " + row);
    }
    if (p.bottleneck() == Bottleneck.NONE && row.utilization() >= AT_CEILING) {
      assertTrue(sentence.contains("without holding the workload back"), where + ": " + sentence);
    }
  }

  /** The figure cell of each row of the phase table, by phase index. */
  private static Map<Integer, String> tableFigures(String page) {
    Map<Integer, String> out = new HashMap<>();
    Matcher m = ROW.matcher(page);
    while (m.find()) {
      out.put(Integer.parseInt(m.group(1)), m.group(2));
    }
    return out;
  }

  /** A run of one phase: each of the phase's evidence lines printed once (the run's own evidence repeated them). */
  private static void onePhasePrintsItsEvidenceOnce(String where, PhaseVerdict p, String page) {
    for (String line : p.evidence()) {
      String li = "<li>" + ReportPage.esc(line) + "</li>";
      int first = page.indexOf(li);
      assertTrue(first >= 0, where + ": not printed: " + line);
      assertEquals(-1, page.indexOf(li, first + 1), where + ": printed twice: " + line);
    }
  }
}
