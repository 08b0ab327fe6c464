package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
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
 * rendered after its script ran, no console message, and a screenshot kept in
 * app/target/report-browser/ for a person to look at; the S5, S4 and S1 scenario pages open with
 * the closing sentence and its figures. Skipped when Chromium is not installed.
 */
class ReportBrowserTest {
  private static final Path OUT = Path.of("target", "report-browser");

  @Test
  void chromiumDrawsTheVerdictAndTheChartsWithoutConsoleErrors() throws Exception {
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
    // the scenario's 60 seconds, each a point: throughput and latency have 60, the tightest
    // chart one line of 60 per entity with a ceiling that had samples (the disk; the link had none)
    assertEquals(60, drawnPoints(dom.stdout, "chart-throughput"));
    assertEquals(60, drawnPoints(dom.stdout, "chart-latency"));
    assertEquals(60, drawnPoints(dom.stdout, "chart-tightest"));
    Matcher polyline = Pattern.compile("<polyline points=\"([^\"]+)\"").matcher(dom.stdout);
    assertTrue(polyline.find(dom.stdout.indexOf("id=\"chart-throughput\"")), "no line drawn");
    assertEquals(60, polyline.group(1).trim().split(" ").length);
    // two phase boundaries per chart, three charts (the phases' small charts draw none)
    assertEquals(6, count(dom.stdout, "class=\"phase-boundary\""));
    // small multiples over each phase's own span: qd1 [T0, T0+30] holds the readings stamped
    // T0+1..T0+30 (30), qd8 [T0+30, T0+60] those of T0+30..T0+60 (31, both ends inclusive); the
    // scenario records p99 latency only, one line each
    assertEquals(30, drawnPoints(dom.stdout, "mini-throughput-0"));
    assertEquals(31, drawnPoints(dom.stdout, "mini-throughput-1"));
    assertEquals(30, drawnPoints(dom.stdout, "mini-latency-0"));
    assertEquals(31, drawnPoints(dom.stdout, "mini-latency-1"));

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
    String dom = openScenario("s5-powerstore-upgrade", "s5", 300,
        List.of("s5/esx1/pcie/0000:b1:00.0", "s5/ps500t/node-a", "s5/sw1/port/1-30"),
        List.of("s5/ps1200t/node-a", "s5/ps1200t/node-b"),
        // the group's headline (LimitName): both nodes at 96%, the array named, not its first member
        "The limit was the array CPU: the array s5/ps1200t, both nodes at 96%", "(s5/esx2/cpu) at 57% busy",
        "(s5/esx1/vmnic2) at 3% of line rate had headroom", "Next: the host CPU s5/esx*/cpu");
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
    // 3 phases' evidence, the headroom row, the entity row, the chart's legend and its data, and
    // in the path diagram's grey strip its element (data-entity and title, one match) and its label
    assertEquals(9, seen);
    // and in the tightest chart its line is the one drawn grey
    assertEquals(1, count(dom, "stroke=\"#999\" stroke-width=\"1.5\" class=\"series\""));
  }

  @Test
  void theS4PageOpensWithThePercLinkAtItsLineRate() throws Exception {
    // perc1-seqread: 28.38 GB/s of 31.5 GB/s = 90% of line rate, 0.90 / 0.87 practical = 104%;
    // latency: mean write in the three write phases (180 points), mean read in seqread and oltp (120)
    // on no phase's path: the lab array's node-b, the NIC port and the link 0000:31:00.0 (26 of the 29 entities are)
    openScenario("s4-r760-nvme-perc", "s4", 300,
        List.of("s4/lab-array/node-b", "s4/r760/nic/p1", "s4/r760/pcie/0000:31:00.0"), List.of("s4/r760/pcie/0000:4a:00.0"),
        "The limit was the PCIe link: s4/r760/pcie/0000:4a:00.0 at 90% of line rate (104% of its practical ceiling)",
        "the tightest disk (s4/perc0/vd0) at 51% of its spec", "Next: the disk s4/perc0/vd0 would be full at 2.02x");
  }

  @Test
  void theS1PageOpensWithTheGpuRaidLinkAndNamesTheFabricInItsPhase() throws Exception {
    // the run's limit is the x8 link (13.97 of 15.75 GB/s = 89%, / 0.87 = 102%); the FC phase's
    // sentence names the 32 ports, not the first; latency: 60 write points (randwrite), 60 read (seqread)
    // on no phase's path: the backup switch's port, the second x16 link and the other array node (48 of 51 are)
    String dom = openScenario("s1-fc-san", "s1", 120,
        List.of("s1/backup-sw/port/7", "s1/r750/pcie/0000:17:00.0", "s1/r750b/cpu"), List.of("s1/r750/pcie/0000:ca:00.0"),
        "The limit was the PCIe link: s1/r750/pcie/0000:ca:00.0 at 89% of line rate (102% of its practical ceiling)");
    assertTrue(dom.contains("The limit was the network: the fc fabric, all 32 ports on the path at 100% of line rate"), dom);
  }

  @Test
  void theSweepPageGridsTheHciBenchPatternsAndNamesWhereTheLimitChanges() throws Exception {
    // docs/scenarios/s5-sweep-125.jsonl (S5Sweep in the analyzer's scenario generator): 5 block
    // sizes x 5 read shares x 5 random shares; rows block size, columns write share, one grid per
    // random share. Latency: mean read latency in the 100 phases with reads (15 s each: 1,500
    // points, thinned to every 3rd of at most 600 plus the last: 501), mean write latency in the
    // 100 with writes (501)
    // the data-path diagram is the S5 tests' subject: null skips its check here
    String dom = openScenario("s5-sweep-125", "s5-sweep", 1002, null, null);
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
  private static String openScenario(String file, String run, int latencyPoints, List<String> offPath, List<String> limit,
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
    Path shot = OUT.resolve("report-" + run + ".png");
    Files.deleteIfExists(shot);
    chromium(chromium, "--window-size=1400,2400", "--screenshot=" + shot.toAbsolutePath(), url);
    assertTrue(Files.size(shot) > 10_000, "screenshot " + shot + " is " + Files.size(shot) + " bytes");
    return dom.stdout;
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
    Matcher m = Pattern.compile("id=\"" + chartId + "\" data-points=\"(\\d+)\"").matcher(dom);
    assertTrue(m.find(), chartId + " has no data-points: its script did not run");
    return Integer.parseInt(m.group(1));
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
