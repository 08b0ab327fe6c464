package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ReportPageTest {
  @Test
  void thePageIsSelfContained() {
    String html = render();
    // no src= and no href= but to a part of the page: styles inline, charts drawn on the server as SVG, no script
    assertFalse(html.matches("(?s).*\\s(src=|href=\"[^#]).*"), "the page refers to something outside itself");
    assertFalse(html.contains("<link"));
    assertFalse(html.contains("<script"));
    assertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg\" id=\"chart-throughput\""), html);
  }

  @Test
  void thePageCarriesTheVerdictThePhasesAndWhatIsDegraded() {
    RunData data = ReportScenario.build();
    Verdict v = new RunAnalyzer().analyze(data, "r1");
    String html = ReportPage.render(data, "r1", v);
    assertTrue(html.contains("<p class=\"verdict\" id=\"verdict\">" + ReportPage.esc(ReportPage.sentence(v)) + "</p>"));
    // two phases: each one's detail unfolded
    assertTrue(html.contains("<details class=\"phase\" id=\"phase-0\" open=\"open\"><summary><b>qd1: "), html);
    assertTrue(html.contains("<details class=\"phase\" id=\"phase-1\" open=\"open\"><summary><b>qd8: "), html);
    assertTrue(html.contains("trained Gen4 x8, capable of Gen4 x16"));
    // the disk's utilisation: util 1.0 in qd8, and 100,000 of 100,000 IOPS: p95 over the run = 100.0%
    assertTrue(html.contains("<tr><td>disk:nvme0n1</td><td>disk</td><td>100.0%</td></tr>"), html);
  }

  @Test
  void eachPhaseSaysWhatBindsNextOrWhyItCannotBeTold() {
    RunData data = ReportScenario.build();
    Verdict v = new RunAnalyzer().analyze(data, "r1");
    String html = ReportPage.render(data, "r1", v);
    for (PhaseVerdict p : v.phases()) {
      String line = p.nextLimit() != null ? "next: " + p.nextLimit().summary() : "next: not known (" + p.nextLimitReason() + ")";
      assertTrue(html.contains("<p class=\"next\">" + ReportPage.esc(line) + "</p>"), p.name() + ": " + line);
    }
  }

  /**
   * Study S5 with esx1's port declared 1 GbE instead of 100 GbE (it carries hundreds of MB/s):
   * its row is marked implausible, and the switch port no workload crosses is marked off the path.
   */
  @Test
  void offPathAndImplausibleRowsAreMarkedAsTheCliMarksThem() throws Exception {
    String s5 = Files.readString(Path.of("../docs/scenarios/s5-powerstore-upgrade.jsonl"));
    String port = "\"id\":\"s5/esx1/vmnic2\",\"kind\":\"net_port\",\"name\":\"s5/esx1/vmnic2\","
        + "\"attrs\":{\"fabric\":\"ethernet\",\"speed_bps\":1.0E11},\"capacity\":{\"bytes_per_s\":1.25E10}";
    assertTrue(s5.contains(port));
    Path f = Files.createTempFile("s5-1gbe", ".jsonl");
    Files.writeString(f, s5.replace(port, port.replace("1.0E11", "1.0E9").replace("1.25E10", "1.25E8")));
    RunData data = new RunData();
    new RecordingReader(false).read(f, data::accept);
    Files.delete(f);
    Verdict v = new RunAnalyzer().analyze(data, "s5");
    String html = ReportPage.render(data, "s5", v);
    // the switch port: tx p95 0.9865 of 12.5 GB/s; ethernet's practical ceiling is 95% of line rate: 0.9865 / 0.95 = 103.8%
    assertTrue(html.contains("<tr><td>s5/sw1/port/1-30</td><td>net_port</td><td>103.8% (off the data path)</td></tr>"), html);
    HeadroomEntry vmnic = v.headroom().stream().filter(h -> h.entity().equals("s5/esx1/vmnic2")).findFirst().orElseThrow();
    assertTrue(vmnic.implausible());
    assertTrue(html.contains(String.format(java.util.Locale.ROOT,
        "<tr><td>s5/esx1/vmnic2</td><td>net_port</td><td>%.1f%% (implausible reading: ceiling or counter wrong)</td></tr>",
        vmnic.utilization() * 100)), html);
    // an implausible reading is never the headroom the sentence quotes
    assertFalse(ReportPage.sentence(v).contains("s5/esx1/vmnic2"), ReportPage.sentence(v));
  }

  /** S5's run evidence quotes phase 8k-rand-read25's 9 lines; the page prints them once, under the phase. */
  @Test
  void theRunsEvidenceDoesNotRepeatItsPhasesLines() throws Exception {
    RunData data = new RunData();
    new RecordingReader(false).read(Path.of("../docs/scenarios/s5-powerstore-upgrade.jsonl"), data::accept);
    Verdict v = new RunAnalyzer().analyze(data, "s5");
    String html = ReportPage.render(data, "s5", v);
    PhaseVerdict quoted = v.phases().get(2);
    assertEquals("8k-rand-read25", quoted.name());
    for (String line : quoted.evidence()) {
      assertTrue(v.evidence().contains("[8k-rand-read25] " + line), line);
      // lastIndexOf: the distractor lines are the same in every phase
      int at = html.lastIndexOf("<li>" + ReportPage.esc(line) + "</li>");
      assertTrue(at > html.indexOf("<summary><b>8k-rand-read25: "), "not under its phase: " + line);
      assertFalse(html.contains("<li>" + ReportPage.esc("[8k-rand-read25] " + line) + "</li>"), line);
    }
    assertTrue(html.contains("<li>ARRAY_CPU limited 2 of 3 phases (67% of the run's phase time); other phases: "
        + "4k-rand-read100: NONE</li></ul><p><small>The figures behind it are those of phase 8k-rand-read25, below."), html);
    // each phase's own sentence under its heading
    assertTrue(html.contains("<p class=\"phase-sentence\">" + ReportPage.esc(LimitSentence.withNext(quoted)) + "</p>"));
  }

  /**
   * A live run: open, and a third phase declared to start after the last reading and not started
   * yet. The page and the PDF say what is not known in words, never "Infinity" or "NaN".
   */
  @Test
  void anOpenRunWithAPhaseNotStartedPrintsNoInfinity() throws Exception {
    RunData data = ReportScenario.build();
    data.accept(new io.headroom.model.Run("r1", "lab", ReportScenario.T0, null, java.util.Map.of("tool", "fio")));
    data.accept(new io.headroom.model.Phase("r1", "qd32", ReportScenario.T0 + 90, null));
    Verdict v = new RunAnalyzer().analyze(data, "r1");
    String html = ReportPage.render(data, "r1", v);
    String pdf = ReportPdf.xhtml(data, "r1", v);
    for (String page : List.of(html, pdf)) {
      assertFalse(page.contains("Infinity") || page.contains("NaN"), page);
    }
    // the phase not started: its chart draws nothing and says so, its throughput "no readings"
    assertTrue(html.contains("id=\"phase-chart-2\""), html);
    assertTrue(html.contains("no samples in this window"), html);
    assertTrue(html.contains("<td>no readings</td>"), html);
  }

  @Test
  void longSeriesAreThinnedToAtMost600PointsKeepingTheLast() {
    TreeMap<Double, Double> points = new TreeMap<>();
    for (int i = 0; i < 3600; i++) {
      points.put((double) i, (double) i);
    }
    // 3600 points: every 6th (ceil(3600 / 600) = 6) gives 0, 6, ..., 3594 = 600 points, plus the last (3599)
    ReportSeries.Line l = ReportSeries.thin("x", points);
    assertEquals(601, l.ts().length);
    assertEquals(3594.0, l.ts()[599]);
    assertEquals(3599.0, l.ts()[600]);
    ReportSeries.Line small = ReportSeries.thin("x", new TreeMap<>(java.util.Map.of(1.0, 2.0, 2.0, 3.0)));
    assertEquals(2, small.ts().length);
  }

  @Test
  void theChartsDataIsTheScenariosSeries() {
    RunData data = ReportScenario.build();
    ReportSeries.Line iops = ReportSeries.throughput(data, ReportScenario.T0, ReportScenario.T0 + 60);
    assertEquals(60, iops.ts().length);
    assertEquals(40_000.0, iops.values()[0]);
    assertEquals(100_000.0, iops.values()[59]);
    List<ReportSeries.Line> lat = ReportSeries.latency(data, ReportScenario.T0, ReportScenario.T0 + 60);
    // the scenario records p99 only: the mean read and write lines are empty
    assertEquals(List.of(0, 0, 60), lat.stream().map(l -> l.ts().length).toList());
    assertEquals(2.0, lat.get(2).values()[59], 1e-12); // 0.002 s = 2 ms
    HeadroomEntry disk = new RunAnalyzer().analyze(data, "r1").headroom().stream()
        .filter(h -> h.entity().equals("disk:nvme0n1")).findFirst().orElseThrow();
    ReportSeries.Line share = ReportSeries.share(data, disk, ReportScenario.T0, ReportScenario.T0 + 60);
    assertEquals(60, share.ts().length);
    // at second 1: util 0.4 and 40,000 / 100,000 IOPS = 0.4; at second 60: 1.0 both ways
    assertEquals(0.4, share.values()[0], 1e-12);
    assertEquals(1.0, share.values()[59], 1e-12);
    // qd8's window (T0+30, T0+60]: its 30 readings, none of qd1's (the one stamped T0+30 covers qd1's last second)
    ReportSeries.Line qd8 = ReportSeries.throughput(data, ReportScenario.T0 + 30, ReportScenario.T0 + 60);
    assertEquals(30, qd8.ts().length);
    assertEquals(ReportScenario.T0 + 31, qd8.ts()[0]);
    assertEquals(100_000.0, qd8.values()[0]);
  }

  static String render() {
    RunData data = ReportScenario.build();
    Verdict v = new RunAnalyzer().analyze(data, "r1");
    return ReportPage.render(data, "r1", v);
  }
}
