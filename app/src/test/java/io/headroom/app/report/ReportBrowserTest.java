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
 * app/target/report-browser/ for a person to look at. Skipped when Chromium is not installed.
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
    assertTrue(polyline.find(), "no line drawn");
    assertEquals(60, polyline.group(1).trim().split(" ").length);
    // two phase boundaries per chart, three charts
    assertEquals(6, count(dom.stdout, "class=\"phase-boundary\""));

    Path shot = OUT.resolve("report.png");
    Files.deleteIfExists(shot);
    chromium(chromium, "--window-size=900,1800", "--screenshot=" + shot.toAbsolutePath(), url);
    assertTrue(Files.size(shot) > 10_000, "screenshot " + shot + " is " + Files.size(shot) + " bytes");
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
