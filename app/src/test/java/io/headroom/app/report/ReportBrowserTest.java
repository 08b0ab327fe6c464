package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The report of the scenario opened in headless Chromium (Debian package chromium): what it
 * rendered, no console message, and a screenshot kept in app/target/report-browser/ for a person to
 * look at; the S5, S4 and S1 pages open with the closing sentence and its figures, the sweep's with
 * its map. The SVG the server drew is read back: every phase chart starts inside its phase's window
 * at a value of that phase, and draws the limit the phase names. Skipped when Chromium is not installed.
 */
class ReportBrowserTest {
  private static final Path OUT = Path.of("target", "report-browser");

  @Test
  void chromiumShowsTheVerdictAndTheServersChartsWithoutConsoleErrors() throws Exception {
    String chromium = chromium();
    assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): browser test skipped");
    Files.createDirectories(OUT);
    RunData data = ReportScenario.build();
    Verdict v = new RunAnalyzer().analyze(data, "r1");
    Path page = OUT.resolve("report.html");
    Files.writeString(page, ReportPage.render(data, "r1", v));
    String url = page.toAbsolutePath().toUri().toString();

    Run dom = chromium(chromium, "--enable-logging=stderr", "--v=0", "--dump-dom", url);
    assertEquals(List.of(), dom.stderr.lines().filter(l -> l.contains(":CONSOLE")).toList(), "console messages");
    assertTrue(dom.stdout.contains("<p class=\"verdict\" id=\"verdict\">" + ReportPage.esc(ReportPage.sentence(v)) + "</p>"));
    // the scenario's readings stamped T0+1 .. T0+60, each a point: IOPS 60 (no bytes recorded), p99
    // latency 60 (no means recorded); the resources chart the limit, the disk (its util and IOPS
    // against 1.0 and 100,000 IOPS), 60 (the link had no readings)
    assertEquals(60, drawnPoints(dom.stdout, "chart-throughput"));
    assertEquals(60, drawnPoints(dom.stdout, "chart-latency"));
    assertEquals(60, drawnPoints(dom.stdout, "chart-resources"));
    // two phase boundaries on each of the three run charts, none on a phase's own
    assertEquals(6, count(dom.stdout, "class=\"phase-boundary\""));
    // each phase over its own window: qd1 (T0, T0+30] the 30 readings T0+1..T0+30, qd8 (T0+30, T0+60]
    // T0+31..T0+60; throughput and the disk, 30 + 30 each
    assertEquals(60, drawnPoints(dom.stdout, "phase-chart-0"));
    assertEquals(60, drawnPoints(dom.stdout, "phase-chart-1"));
    phaseChartsStartInsideTheirPhase(dom.stdout, data, v, "r1");

    Path shot = OUT.resolve("report.png");
    Files.deleteIfExists(shot);
    chromium(chromium, "--window-size=900,1800", "--screenshot=" + shot.toAbsolutePath(), url);
    assertTrue(Files.size(shot) > 10_000, "screenshot " + shot + " is " + Files.size(shot) + " bytes");
  }

  @Test
  void theS5PageOpensWithTheLimitItsFiguresAndWhatHadHeadroom() throws Exception {
    // the array (both nodes, not node-a), the nodes' p95 busy (0.96 each), and what had room:
    // the hosts at 57% and the 100 GbE ports at 3% (315.7 MB/s of 12.5 GB/s)
    // 2 hcibench workloads: mean read latency in all 180 s (180 points), mean write in the two
    // mixed phases (120 points), no p99 recorded: 300 points drawn
    // on no phase's path: node-a of the other array (ps500t), esx1's unused HBA link and the
    // switch port no workload crosses; the limit outlined: both ps1200t nodes (the group at its ceiling)
    Opened s5 = openScenario("s5-powerstore-upgrade", "s5", 300,
        List.of("s5/esx1/pcie/0000:b1:00.0", "s5/ps500t/node-a", "s5/sw1/port/1-30"),
        List.of("s5/ps1200t/node-a", "s5/ps1200t/node-b"),
        // the group's headline (LimitName): both nodes at 96%, the array named, not its first member
        "The limit was the array CPU: the array s5/ps1200t, both nodes at 96%", "(s5/esx2/cpu) at 57% busy",
        "(s5/esx1/vmnic2) at 3% of line rate had headroom", "Next: the host CPU s5/esx*/cpu");
    String dom = s5.dom();
    // the off-path switch port (103.8% of practical) never appears without its mark: after its
    // name in the headroom table, the chart's legend and the entities, before it in the evidence
    Matcher port = Pattern.compile("s5/sw1/port/1-30(.{0,60})").matcher(dom);
    int seen = 0;
    while (port.find()) {
      String before = dom.substring(Math.max(0, port.start() - 40), port.start());
      assertTrue(port.group(1).contains("(off the data path)") || before.contains("off the data path")
          || inOffPathNode(dom, port.start()), "unmarked: " + before + "s5/sw1/port/1-30" + port.group(1));
      seen++;
    }
    // 3 phases' evidence, the headroom row, the entity row, the resources chart's line (its
    // data-entity and its title, one match; its legend another), and in the path diagram's grey
    // strip its element (data-entity and title, one match) and its label
    assertEquals(9, seen);
    // and on the resources chart its line is the one drawn grey and dashed
    assertEquals(1, count(dom, "stroke=\"#999\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\""));
    assertTrue(dom.contains("stroke-dasharray=\"5 3\" points=\""), "no muted line");
  }

  @Test
  void theS4PageOpensWithThePercLinkAtItsLineRate() throws Exception {
    // perc1-seqread: 28.38 GB/s of 31.5 GB/s = 90% of line rate, 0.90 / 0.87 practical = 104%;
    // latency: mean write in the three write phases (180 points), mean read in seqread and oltp (120)
    // on no phase's path: the lab array's node-b, the NIC port and the link 0000:31:00.0 (26 of the 29 entities are)
    Opened s4 = openScenario("s4-r760-nvme-perc", "s4", 300,
        List.of("s4/lab-array/node-b", "s4/r760/nic/p1", "s4/r760/pcie/0000:31:00.0"), List.of("s4/r760/pcie/0000:4a:00.0"),
        "The limit was the PCIe link: s4/r760/pcie/0000:4a:00.0 at 90% of line rate (104% of its practical ceiling)",
        "the tightest disk (s4/perc0/vd0) at 51% of its spec", "Next: the disk s4/perc0/vd0 would be full at 2.07x");
    // perc1-seqread (64 KiB): drawn in bytes/s, and starting at its own reading, not the 3.3M IOPS of the phase before
    assertEquals("bytes/s", unitOf(s4.dom(), s4.phaseChart("perc1-seqread"), "left"));
  }

  @Test
  void theS1PageOpensWithTheGpuRaidLinkAndNamesTheFabricInItsPhase() throws Exception {
    // the run's limit is the x8 link (13.97 of 15.75 GB/s = 89%, / 0.87 = 102%); the FC phase's
    // sentence names the 32 ports, not the first; latency: 60 write points (randwrite), 60 read (seqread)
    // on no phase's path: the backup switch's port, the second x16 link and the other array node (48 of 51 are)
    Opened s1 = openScenario("s1-fc-san", "s1", 120,
        List.of("s1/backup-sw/port/7", "s1/r750/pcie/0000:17:00.0", "s1/r750b/cpu"), List.of("s1/r750/pcie/0000:ca:00.0"),
        "The limit was the PCIe link: s1/r750/pcie/0000:ca:00.0 at 89% of line rate (102% of its practical ceiling)");
    String dom = s1.dom();
    assertTrue(dom.contains("The limit was the network: the fc fabric, all 32 ports on the path at 100% of line rate"), dom);
    // the FC phase (1 MiB reads, 25.6 GB/s at 24,432 IOPS) in bytes/s; the local 4 KiB random writes in IOPS
    assertEquals("bytes/s", unitOf(dom, s1.phaseChart("fc-gpu-seqread-8T/32Q"), "left"));
    assertEquals("IOPS", unitOf(dom, s1.phaseChart("local-gpu-randwrite-8T/32Q"), "left"));
    // the run's resources chart draws the PCIe link the headline names, first, with its practical ceiling
    Matcher first = Pattern.compile("<polyline class=\"series\" data-role=\"(\\w+)\"[^>]*data-entity=\"([^\"]+)\"")
        .matcher(svgOf(dom, "chart-resources"));
    assertTrue(first.find());
    assertEquals("limit s1/r750/pcie/0000:ca:00.0", first.group(1) + " " + first.group(2));
    assertTrue(svgOf(dom, "chart-resources").contains("class=\"level\" data-role=\"ceiling\" data-value=\"0.87"), "the link's 87%");
  }

  @Test
  void theSweepPageGridsTheHciBenchPatternsAndNamesWhereTheLimitChanges() throws Exception {
    // docs/scenarios/s5-sweep-125.jsonl (S5Sweep in the analyzer's scenario generator): 5 block
    // sizes x 5 read shares x 5 random shares; rows block size, columns write share, one grid per
    // random share. Latency: mean read latency in the 100 phases with reads (15 s each: 1,500
    // points, thinned to every 3rd of at most 600 plus the last: 501), mean write latency in the
    // 100 with writes (501)
    // the data-path diagram is the S5 tests' subject: null skips its check here
    String dom = openScenario("s5-sweep-125", "s5-sweep", 1002, null, null).dom();
    // the map before any other chart, the data path's diagram included: the first screen answers where the limit changes
    int map = dom.indexOf("<div class=\"sweep-map\" id=\"sweep\">");
    assertTrue(map > 0 && map < dom.indexOf("<svg"), "the sweep map is not the report's first chart");
    assertTrue(map < dom.indexOf("<table class=\"phases\""), "the map comes before the phase table");
    // 125 phases, each folded with its chart
    assertEquals(125, count(dom, "<details class=\"phase\" id=\"phase-"));
    assertEquals(0, count(dom, "<details class=\"phase\" id=\"phase-0\" open"));
    assertEquals(125, count(dom, "class=\"sweep-cell "));
    // by S5Sweep's rules: 64 KiB the network (5 x 5 = 25); up to 32 KiB the array CPU from 50%
    // writes (3 of 5 mixes) at random 0-50% and from 25% writes (4 of 5) at 75-100%:
    // 4 sizes x (3 x 3 + 2 x 4) = 68; the rest nothing full: 4 x (3 x 2 + 2 x 1) = 32
    assertEquals(25, count(dom, "class=\"sweep-cell limit-NETWORK\""));
    assertEquals(68, count(dom, "class=\"sweep-cell limit-ARRAY_CPU\""));
    assertEquals(32, count(dom, "class=\"sweep-cell limit-NONE\""));
    assertEquals(5, count(dom, "<table class=\"sweep-grid\">"));
    assertTrue(dom.contains("<h3>random share 75%</h3>"), "grid of random share 75%");
    Matcher boundaries = Pattern.compile("<ul class=\"sweep-boundaries\">(.*?)</ul>").matcher(dom);
    assertTrue(boundaries.find(), "no boundaries");
    assertEquals("<li>array CPU from 25% writes at every block size up to 32 KiB (random share 75% and 100%)</li>"
        + "<li>array CPU from 50% writes at every block size up to 32 KiB (random share 0%, 25% and 50%)</li>"
        + "<li>the network from 64 KiB blocks at every write share</li>", boundaries.group(1));
    // cells, each the formula's throughput as recorded (readings at four significant digits):
    // 4k-rd50-rand0 array CPU: 400,000 / (1 + 3 x 0.5) = 160,000 IOPS; reads and writes
    // 80,000 x 4096 = 327.68 MB/s each, recorded 327.7: 655.4 MB/s
    assertTrue(dom.contains("title=\"4k-rd50-rand0\" data-phase=\"4k-rd50-rand0\"><b>ARRAY_CPU</b><br>655.4 MB/s</td>"), "4k-rd50-rand0");
    // 64k-rd100-rand0 network: 95% of 12.5 GB/s = 11.875 GB/s, recorded 11.88
    assertTrue(dom.contains("title=\"64k-rd100-rand0\" data-phase=\"64k-rd100-rand0\"><b>NETWORK</b><br>11.88 GB/s</td>"), "64k-rd100-rand0");
    // 8k-rd75-rand50 nothing full: 160,000 / (1.25 x 1.25) = 102,400 IOPS x 8192 B; reads 75%
    // 629.1456 MB/s recorded 629.1, writes 209.7152 recorded 209.7: 838.8 MB/s
    assertTrue(dom.contains("title=\"8k-rd75-rand50\" data-phase=\"8k-rd75-rand50\"><b>NONE</b><br>838.8 MB/s</td>"), "8k-rd75-rand50");
  }

  /**
   * The scenario's report in Chromium: no console message, its first paragraph after the title
   * and the testbed line is the verdict holding every fragment, its latency chart has the points;
   * a screenshot at 1400 px is kept. Returns the rendered DOM.
   */
  private static Opened openScenario(String file, String run, int latencyPoints, List<String> offPath, List<String> limit,
      String... fragments) throws Exception {
    String chromium = chromium();
    assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): browser test skipped");
    Files.createDirectories(OUT);
    RunData data = new RunData();
    new io.headroom.model.recording.RecordingReader(false).read(Path.of("../docs/scenarios/" + file + ".jsonl"),
        data::accept);
    Verdict v = new RunAnalyzer().analyze(data, run);
    Path page = OUT.resolve("report-" + run + ".html");
    Files.writeString(page, ReportPage.render(data, run, v));
    String url = page.toAbsolutePath().toUri().toString();
    Run dom = chromium(chromium, "--enable-logging=stderr", "--v=0", "--dump-dom", url);
    assertEquals(List.of(), dom.stderr.lines().filter(l -> l.contains(":CONSOLE")).toList(), "console messages");
    String body = dom.stdout.substring(dom.stdout.indexOf("</h1>"));
    Matcher first = Pattern.compile("<p( class=\"[^\"]*\")?[^>]*>(?!<small>)(.*?)</p>").matcher(body);
    assertTrue(first.find(), body);
    assertEquals(" class=\"verdict\"", first.group(1));
    for (String must : fragments) {
      assertTrue(first.group(2).contains(must), must + " missing from the first sentence: " + first.group(2));
    }
    assertEquals(latencyPoints, drawnPoints(dom.stdout, "chart-latency"));
    if (offPath != null) {
      pathDiagram(dom.stdout, data, offPath, limit);
    }
    phaseChartsStartInsideTheirPhase(dom.stdout, data, v, run);
    namedLimitsArePlotted(dom.stdout, v);
    Path shot = OUT.resolve("report-" + run + ".png");
    Files.deleteIfExists(shot);
    chromium(chromium, "--window-size=1400,2400", "--screenshot=" + shot.toAbsolutePath(), url);
    assertTrue(Files.size(shot) > 10_000, "screenshot " + shot + " is " + Files.size(shot) + " bytes");
    return new Opened(dom.stdout, v);
  }

  /** A scenario's rendered page and its verdict. */
  private record Opened(String dom, Verdict verdict) {
    /** The id of the named phase's chart. */
    String phaseChart(String phase) {
      for (int i = 0; i < verdict.phases().size(); i++) {
        if (verdict.phases().get(i).name().equals(phase)) {
          return "phase-chart-" + i;
        }
      }
      throw new AssertionError("no phase " + phase);
    }
  }

  /**
   * Every phase chart read back from the rendered SVG: its first point of every line lies in the
   * phase's window (start, end], and the first throughput point's value lies within the phase's
   * own throughput readings, summed here over the workloads from the recording in the chart's unit
   * (S1's FC phase began at the phase before's 996.8k IOPS). Pixels are rounded to 0.1, so a value
   * is read back to within 0.1 px of the plot's scale.
   */
  private static void phaseChartsStartInsideTheirPhase(String dom, RunData data, Verdict v, String run) {
    java.util.Map<String, io.headroom.model.Phase> phases = new java.util.HashMap<>();
    data.phasesOf(run).forEach(p -> phases.put(p.name(), p));
    for (int i = 0; i < v.phases().size(); i++) {
      io.headroom.model.Phase phase = phases.get(v.phases().get(i).name());
      String svg = svgOf(dom, "phase-chart-" + i);
      Chart c = Chart.of(svg);
      assertEquals(phase.start(), c.t0, 1e-6, "phase-chart-" + i + " starts where its phase starts");
      double[] range = throughputRange(data, phase, unitOf(dom, "phase-chart-" + i, "left"));
      Matcher line = Pattern.compile("<polyline class=\"series\" data-role=\"(\\w+(?:-\\w+)?)\" data-side=\"(\\w+)\"[^>]*"
          + " points=\"([-\\d.]+),([-\\d.]+)").matcher(svg);
      int lines = 0;
      while (line.find()) {
        lines++;
        double t = c.time(Double.parseDouble(line.group(3)));
        assertTrue(t > phase.start() && t <= phase.end() + c.timePerTenthPx(), v.phases().get(i).name() + ": first point at "
            + (t - phase.start()) + " s into the phase");
        if (line.group(1).equals("throughput")) {
          double value = c.value(Double.parseDouble(line.group(4)), line.group(2));
          double slack = c.valuePerTenthPx(line.group(2));
          assertTrue(value >= range[0] - slack && value <= range[1] + slack, v.phases().get(i).name() + ": first point "
              + value + " outside the phase's readings [" + range[0] + ", " + range[1] + "]");
        }
      }
      assertTrue(lines >= 1, "phase-chart-" + i + " draws nothing");
    }
  }

  /**
   * The limit each phase names is a line of its chart (NONE: its tightest resource), with a
   * ceiling level; and the run's resources chart draws the limit its headline names.
   */
  private static void namedLimitsArePlotted(String dom, Verdict v) {
    for (int i = 0; i < v.phases().size(); i++) {
      var p = v.phases().get(i);
      if (p.bottleneck() == null) {
        continue;
      }
      String svg = svgOf(dom, "phase-chart-" + i);
      if (p.bottleneck() == io.headroom.model.Bottleneck.NONE) {
        assertTrue(svg.contains("data-role=\"tightest\""), p.name() + ": its tightest resource not drawn");
      } else {
        assertTrue(Pattern.compile("data-role=\"limit\"[^>]* data-entity=\"" + Pattern.quote(p.entity()) + "\"").matcher(svg).find(),
            p.name() + ": its limit " + p.entity() + " not drawn");
        assertTrue(svg.contains("class=\"level\" data-role=\"ceiling\""), p.name() + ": no ceiling line");
      }
    }
    PhaseVerdict quoted = LimitSentence.quotedPhase(v);
    if (quoted != null && quoted.entity() != null) {
      assertTrue(Pattern.compile("data-role=\"limit\"[^>]* data-entity=\"" + Pattern.quote(quoted.entity()) + "\"")
          .matcher(svgOf(dom, "chart-resources")).find(), "the run's limit " + quoted.entity() + " not on the resources chart");
    }
  }

  /** The phase's workloads' throughput per reading in (start, end], in the unit named: its least and greatest. */
  private static double[] throughputRange(RunData data, io.headroom.model.Phase p, String unit) {
    List<String> metrics = unit.equals("bytes/s") ? List.of("read_bytes_per_s", "write_bytes_per_s") : List.of("read_iops", "write_iops");
    java.util.TreeMap<Double, Double> sum = new java.util.TreeMap<>();
    for (var e : data.entities().values()) {
      if (!e.kind().equals("workload")) {
        continue;
      }
      for (String m : metrics) {
        var s = data.seriesOf(e.id()).get(m);
        for (int k = 0; s != null && k < s.size(); k++) {
          if (s.ts(k) > p.start() && s.ts(k) <= p.end()) {
            sum.merge(s.ts(k), s.value(k), Double::sum);
          }
        }
      }
    }
    return new double[] {java.util.Collections.min(sum.values()), java.util.Collections.max(sum.values())};
  }

  /** A chart's scale as its SVG states it: the time span, the plot's pixels, each axis's top. */
  private record Chart(double t0, double t1, double x0, double y1, double x1, double y0, double leftMax, double rightMax) {
    static Chart of(String svg) {
      String[] plot = attr(svg, "data-plot").split(" ");
      return new Chart(Double.parseDouble(attr(svg, "data-t0")), Double.parseDouble(attr(svg, "data-t1")),
          Double.parseDouble(plot[0]), Double.parseDouble(plot[1]), Double.parseDouble(plot[2]), Double.parseDouble(plot[3]),
          Double.parseDouble(attr(svg, "data-left-max")), Double.parseDouble(attr(svg, "data-right-max")));
    }

    double time(double x) {
      return t0 + (x - x0) / (x1 - x0) * (t1 - t0);
    }

    double timePerTenthPx() {
      return 0.1 * (t1 - t0) / (x1 - x0);
    }

    double value(double y, String side) {
      return (y0 - y) / (y0 - y1) * (side.equals("left") ? leftMax : rightMax);
    }

    double valuePerTenthPx(String side) {
      return 0.1 / (y0 - y1) * (side.equals("left") ? leftMax : rightMax);
    }
  }

  private static String unitOf(String dom, String chartId, String side) {
    return attr(svgOf(dom, chartId), "data-" + side + "-unit");
  }

  private static String svgOf(String dom, String chartId) {
    int at = dom.indexOf("id=\"" + chartId + "\"");
    assertTrue(at > 0, "no chart " + chartId);
    int start = dom.lastIndexOf("<svg", at);
    return dom.substring(start, dom.indexOf("</svg>", at));
  }

  private static String attr(String svg, String name) {
    Matcher m = Pattern.compile(" " + name + "=\"([^\"]*)\"").matcher(svg.substring(0, svg.indexOf('>')));
    assertTrue(m.find(), name + " missing");
    return m.group(1);
  }

  /**
   * The data-path diagram as drawn: one element per entity of the recording on the path (all but
   * {@code offPath}), the limit's elements and only they outlined thick, and each off-path entity
   * drawn, if at all, in the grey strip with its mark.
   */
  private static void pathDiagram(String dom, RunData data, List<String> offPath, List<String> limit) {
    String svg = dom.substring(dom.indexOf("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"data-path\""));
    svg = svg.substring(0, svg.indexOf("</svg>"));
    Matcher node = Pattern.compile("<g class=\"node (on-path|off-path)( limit)?\" data-entity=\"([^\"]+)\"(.*?)</g>").matcher(svg);
    java.util.Set<String> on = new java.util.TreeSet<>();
    java.util.Set<String> outlined = new java.util.TreeSet<>();
    while (node.find()) {
      String id = node.group(3);
      if (node.group(1).equals("off-path")) {
        assertTrue(offPath.contains(id), id + " drawn off the path");
        assertTrue(node.group(4).contains("(off the data path)</text>"), "unmarked: " + id);
        continue;
      }
      on.add(id);
      if (node.group(2) != null) {
        outlined.add(id);
        assertTrue(node.group(4).contains("stroke=\"#000\" stroke-width=\"4\""), "not outlined thick: " + id);
      }
    }
    java.util.Set<String> expected = new java.util.TreeSet<>(data.entities().keySet());
    offPath.forEach(expected::remove);
    assertEquals(expected, on);
    assertEquals(new java.util.TreeSet<>(limit), outlined);
  }

  /** True when the text at {@code at} lies inside the path diagram's element of an off-path entity. */
  private static boolean inOffPathNode(String dom, int at) {
    int g = dom.lastIndexOf("<g class=\"node ", at);
    return g >= 0 && dom.startsWith("<g class=\"node off-path\"", g) && dom.indexOf("</g>", g) > at;
  }

  private record Run(String stdout, String stderr) {}

  private static Run chromium(String binary, String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu",
        "--user-data-dir=" + Files.createTempDirectory("headroom-chromium")));
    cmd.addAll(List.of(args));
    Path err = Files.createTempFile("chromium", ".err");
    Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(p.waitFor(90, TimeUnit.SECONDS), "chromium did not finish");
    return new Run(out, Files.readString(err));
  }

  private static int drawnPoints(String dom, String chartId) {
    return Integer.parseInt(attr(svgOf(dom, chartId), "data-points"));
  }

  private static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }

  private static String chromium() {
    for (String c : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
      if (Files.isExecutable(Path.of(c))) {
        return c;
      }
    }
    return null;
  }
}
