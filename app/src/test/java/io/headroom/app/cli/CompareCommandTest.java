package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.app.testing.StoredRecording;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `headroom compare` on study S5's before/after recordings, from the files and from a real database. */
class CompareCommandTest {
  private static final String BEFORE = "../docs/scenarios/s5-powerstore-before.jsonl";
  private static final String AFTER = "../docs/scenarios/s5-powerstore-upgrade.jsonl";
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theJsonIsTheDocumentedContract() throws Exception {
    Cli cli = new Cli();
    assertEquals(0, cli.run("compare", BEFORE, AFTER, "--json"), cli.err());
    JsonNode c = JSON.readTree(cli.out());
    assertEquals(List.of("a", "b", "phases", "unmatched", "summary"), names(c));
    assertEquals("s5-before", c.get("a").get("run").asText());
    assertEquals("s5-powerstore", c.get("b").get("testbed").asText());
    JsonNode read100 = c.get("phases").get(0);
    // issue 46 added "noise" at the end (what decided significance) and "runs" to a and b; none lost or renamed
    assertEquals(List.of("name", "matched_by", "a", "b", "change", "change_of", "p_value", "significant",
        "limit_moved", "metrics", "explanation", "noise"), names(read100), "b_name only when matched by parameters");
    assertEquals(List.of("run", "testbed", "runs"), names(c.get("a")));
    assertEquals(List.of("basis", "floor", "floor_from", "runs_a", "runs_b", "spread_a", "spread_b", "within_noise",
        "runs_needed"), names(read100.get("noise")));
    assertEquals("noise_floor", read100.get("noise").get("basis").asText());
    assertEquals(0.035, read100.get("noise").get("floor").asDouble());
    assertEquals(List.of("phase", "bottleneck", "entity", "members", "limit_utilization", "throughput_bytes_per_s",
        "iops", "latency_s", "read_share"), names(read100.get("a")));
    assertEquals("4k-rand-read100", read100.get("name").asText());
    assertEquals("ARRAY_CPU", read100.get("a").get("bottleneck").asText());
    assertEquals("NONE", read100.get("b").get("bottleneck").asText());
    assertTrue(read100.get("b").get("entity").isNull());
    // 150,000 / 130,435 IOPS of 4 KiB each: 1.15, within the noise of two 55-reading means
    assertEquals(1.15, read100.get("change").asDouble(), 0.015);
    assertTrue(read100.get("significant").asBoolean());
    assertTrue(read100.get("limit_moved").asBoolean());
    // each worker keeps 0.97 x 64 I/Os in flight at 130,435 / 2 IOPS: 0.97 x 64 / 65,217.5 = 0.952 ms
    // (Little's law, S5PowerStore.pattern); 5% noise on 55 readings: 3 x 5% / sqrt(55) = 2% either way
    assertEquals(0.97 * 64 / (130_435 / 2.0), read100.get("a").get("latency_s").get("mean").asDouble(),
        0.02 * 0.97 * 64 / (130_435 / 2.0));
    assertTrue(read100.get("a").get("latency_s").get("p99").isNull(), "the recording reports no p99");
    assertTrue(read100.get("explanation").get(0).asText().startsWith("4k-rand-read100 +15%: the limit moved from ARRAY_CPU"));
    JsonNode read25 = c.get("phases").get(2);
    assertTrue(!read25.get("significant").asBoolean() && read25.get("p_value").asDouble() >= 0.05);
    assertEquals(0, c.get("unmatched").get("a").size());
    assertTrue(c.get("summary").asText().startsWith("s5 vs s5-before: read-heavy phase +15%"));
  }

  @Test
  void theTextStartsWithTheLineToPaste() {
    Cli cli = new Cli();
    assertEquals(0, cli.run("compare", BEFORE, AFTER), cli.err());
    String[] lines = cli.out().split("\n");
    assertTrue(lines[0].startsWith("s5 vs s5-before: read-heavy phase +15% (the limit moved: ARRAY_CPU -> NONE)"), lines[0]);
    assertTrue(cli.out().contains("phase 4k-rand-read100: +15%; limit ARRAY_CPU on s5/ps1200t/node-a -> NONE (moved)"),
        cli.out());
    assertTrue(cli.out().contains("phase 8k-rand-read25: ~; limit ARRAY_CPU on s5/ps1200t/node-a -> ARRAY_CPU on s5/ps1200t/node-a\n"),
        cli.out());
    assertTrue(cli.out().contains("A: run s5-before (testbed s5-powerstore); B: run s5 (testbed s5-powerstore) (one run a "
        + "side: a change is beyond the 3.5% run-to-run noise floor (the default; --noise-floor sets it) with p < 0.05 by "
        + "Mann-Whitney over the per-second samples; ~ is within noise)\n"), cli.out());
    // 8k-rand-read25 moved by -0.3%: 2 x 7.84888 x 0.0175^2 / delta^2 runs, hundreds; one run a side has them all but one
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("  - within noise: about (\\d+) runs a side \\((\\d+) more\\) "
        + "would tell a change of -0\\.3% \\(5% two-sided, 80% power\\)\n").matcher(cli.out());
    assertTrue(m.find(), cli.out());
    assertEquals(Integer.parseInt(m.group(1)) - 1, Integer.parseInt(m.group(2)), "one run a side already");
  }

  @Test
  void theReportPageCarriesTheSummary(@TempDir Path dir) throws Exception {
    Path page = dir.resolve("compare.html");
    Cli cli = new Cli();
    assertEquals(0, cli.run("compare", BEFORE, AFTER, "--report", page.toString()), cli.err());
    String html = Files.readString(page);
    String summary = cli.out().split("\n")[0];
    assertTrue(html.contains("<p class=\"verdict\" id=\"summary\">" + summary.replace(">", "&gt;") + "</p>"), html);
    long kb = ReportFile.kilobytes(Files.size(page)); // whole kB of 1000 bytes, rounded (AnalyzeCommandTest checks the arithmetic)
    assertEquals("report: wrote " + page + " (" + kb + " kB)\n", cli.err(), "said on stderr; stdout stays the comparison");
  }

  /** compare --report x.pdf writes a PDF (it wrote HTML under that name), holding the summary line. */
  @Test
  void aReportEndingInPdfIsTheComparisonAsAPdf(@TempDir Path dir) throws Exception {
    Path pdf = dir.resolve("cmp.pdf");
    Cli cli = new Cli();
    assertEquals(0, cli.run("compare", BEFORE, AFTER, "--report", pdf.toString()), cli.err());
    byte[] bytes = Files.readAllBytes(pdf);
    assertEquals("%PDF-", new String(bytes, 0, 5, java.nio.charset.StandardCharsets.US_ASCII));
    org.junit.jupiter.api.Assumptions.assumeTrue(io.headroom.app.report.PdfText.available(),
        "pdftotext is not installed (apt-get install poppler-utils)");
    String summary = cli.out().split("\n")[0];
    assertTrue(io.headroom.app.report.PdfText.holds(io.headroom.app.report.PdfText.of(bytes), summary), summary);
  }

  @Test
  void aReportUnderAnotherEndingIsRefusedBeforeTheComparison(@TempDir Path dir) {
    Path docx = dir.resolve("cmp.docx");
    Cli cli = new Cli();
    assertEquals(ExitCodes.USAGE, cli.run("compare", BEFORE, AFTER, "--report", docx.toString()));
    assertEquals("headroom compare: --report " + docx + ": writes HTML (.html, .htm) or PDF (.pdf); name the file with one"
        + " of these endings\n", cli.err());
    assertFalse(Files.exists(docx));
  }

  @Test
  void anUnknownRunWithoutATestbedFileSaysWhatToDo() {
    Cli cli = new Cli();
    assertEquals(ExitCodes.USAGE, cli.run("compare", BEFORE, "s5"));
    assertTrue(cli.err().contains("s5: no such recording; to compare run ids, name the testbed file whose database "
        + "holds them with --testbed"), cli.err());
  }

  @Test
  void runIdsAreComparedFromTheTestbedsDatabase(@TempDir Path dir) throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      try (var database = db.migrated(); Connection c = database.connection()) {
        StoredRecording.store(c, RecordingReader.readAll(Path.of(BEFORE), false));
        StoredRecording.store(c, RecordingReader.readAll(Path.of(AFTER), false));
      }
      Path testbed = dir.resolve("testbed.yaml");
      Files.writeString(testbed, "testbed: s5-powerstore\ndatabase:\n  url: " + db.url() + "\n");
      Cli fromFiles = new Cli();
      assertEquals(0, fromFiles.run("compare", BEFORE, AFTER), fromFiles.err());
      Cli stored = new Cli();
      assertEquals(0, stored.run("compare", "--testbed", testbed.toString(), "s5-before", "s5"), stored.err());
      assertEquals(fromFiles.out(), stored.out(), "the same runs compared from the database and from the files");
      Cli missing = new Cli();
      assertEquals(ExitCodes.USAGE, missing.run("compare", "--testbed", testbed.toString(), "s5-before", "s6"));
      assertTrue(missing.err().contains("no run \"s6\""), missing.err());
    }
  }

  @Test
  void aDatabaseThatDoesNotAnswerIsUnavailable(@TempDir Path dir) throws Exception {
    // port 1 on the loopback: nothing listens there, the connection is refused at once
    Path testbed = dir.resolve("testbed.yaml");
    Files.writeString(testbed, "testbed: lab\ndatabase:\n  url: jdbc:postgresql://127.0.0.1:1/headroom\n");
    Cli cli = new Cli();
    assertEquals(ExitCodes.UNAVAILABLE, cli.run("compare", "--testbed", testbed.toString(), "r1", "r2"));
    assertTrue(cli.err().startsWith("headroom compare: the database at jdbc:postgresql://127.0.0.1:1/headroom did not answer: "),
        cli.err());
  }

  @Test
  void theGatePassesExitsFourOnARegressionAndWritesJunit(@TempDir Path dir) throws Exception {
    Path xml = dir.resolve("compare.xml");
    Cli pass = new Cli();
    // the upgrade: +15%, +15%, -0.3% (~): nothing fell
    assertEquals(ExitCodes.OK, pass.run("compare", BEFORE, AFTER, "--fail-on", "throughput<-5%", "--junit", xml.toString()),
        pass.err());
    String[] lines = pass.out().split("\n");
    assertEquals("headroom compare: PASS (3 checks: throughput<-5% on 3 phases); B s5 against A s5-before",
        lines[lines.length - 1]);
    assertTrue(Files.readString(xml).contains("<testsuite name=\"headroom compare s5 against s5-before\" tests=\"3\" "
        + "failures=\"0\""), Files.readString(xml));

    // the other way round the two read-heavy phases fall by 1 / 1.15: -13%, past -5% and beyond the 3.5% floor
    Cli fail = new Cli();
    assertEquals(ExitCodes.REGRESSION, fail.run("compare", AFTER, BEFORE, "--fail-on", "throughput<-5%",
        "--junit", xml.toString(), "--json"), fail.err());
    JSON.readTree(fail.out()); // stdout stays one JSON object; the line goes to stderr
    assertTrue(fail.err().startsWith("headroom compare: FAIL (2 of 3 checks): 4k-rand-read100 throughput -13% (p="),
        fail.err());
    assertTrue(fail.err().endsWith("; B s5-before against A s5\n"), fail.err());
    String junit = Files.readString(xml);
    assertTrue(junit.contains("failures=\"2\""), junit);
    assertTrue(junit.contains("<testcase classname=\"headroom.compare.4k-rand-read100\" name=\"throughput&lt;-5%\">"
        + "\n      <failure type=\"regression\""), junit);

    // a tolerance of 20% is not passed by -13%
    Cli wide = new Cli();
    assertEquals(ExitCodes.OK, wide.run("compare", AFTER, BEFORE, "--fail-on", "throughput<-20%"), wide.err());
  }

  @Test
  void toleranceFilesAndBadTolerancesAndFloors(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("tolerances");
    Files.writeString(file, "# nightly\nthroughput<-5%\niops<-5%  # the same figure here\n");
    Cli fromFile = new Cli();
    assertEquals(ExitCodes.REGRESSION, fromFile.run("compare", AFTER, BEFORE, "--tolerances", file.toString()));
    assertTrue(fromFile.out().contains("FAIL (4 of 6 checks)"), fromFile.out());

    Cli sign = new Cli();
    assertEquals(ExitCodes.USAGE, sign.run("compare", AFTER, BEFORE, "--fail-on", "throughput<5%"));
    assertTrue(sign.err().contains("--fail-on: \"throughput<5%\": < bounds a fall, so its percentage is negative: "
        + "throughput<-5%"), sign.err());
    Cli junitAlone = new Cli();
    assertEquals(ExitCodes.USAGE, junitAlone.run("compare", AFTER, BEFORE, "--junit", dir.resolve("j.xml").toString()));
    Cli missing = new Cli();
    assertEquals(ExitCodes.USAGE, missing.run("compare", AFTER, BEFORE, "--tolerances", dir.resolve("none").toString()));

    // a 20% floor makes the +15% phases noise, and says which floor applied
    Cli floor = new Cli();
    assertEquals(ExitCodes.OK, floor.run("compare", BEFORE, AFTER, "--noise-floor", "20%"), floor.err());
    assertTrue(floor.out().contains("beyond the 20% run-to-run noise floor (--noise-floor)"), floor.out());
    assertTrue(floor.out().contains("phase 4k-rand-read100: ~;"), floor.out());
    Cli badFloor = new Cli();
    assertEquals(ExitCodes.USAGE, badFloor.run("compare", BEFORE, AFTER, "--noise-floor", "3"));
    assertTrue(badFloor.err().contains("--noise-floor: noise floor 3: a share under 1, or a percentage: 3%?"), badFloor.err());

    Path testbed = dir.resolve("testbed.yaml");
    Files.writeString(testbed, "testbed: s5-powerstore\ndetection:\n  compare:\n    noise_floor: 16%\n");
    Cli fromTestbed = new Cli();
    assertEquals(ExitCodes.OK, fromTestbed.run("compare", "--testbed", testbed.toString(), BEFORE, AFTER, "--json"),
        fromTestbed.err());
    JsonNode noise = JSON.readTree(fromTestbed.out()).get("phases").get(0).get("noise");
    assertEquals("testbed", noise.get("floor_from").asText());
    assertEquals(0.16, noise.get("floor").asDouble(), 1e-12);
    Files.writeString(testbed, "testbed: s5-powerstore\ndetection:\n  compare:\n    noise_flor: 16%\n");
    Cli typo = new Cli();
    assertEquals(ExitCodes.USAGE, typo.run("compare", "--testbed", testbed.toString(), BEFORE, AFTER));
    assertTrue(typo.err().contains("detection.compare: unknown key 'noise_flor'; its one key is noise_floor"), typo.err());
  }

  /** A copy of a recording under another run id: the same data, another run. */
  private static String rerun(Path dir, String recording, String run, String as) throws Exception {
    Path copy = dir.resolve(as + ".jsonl");
    Files.writeString(copy, Files.readString(Path.of(recording)).replace("\"" + run + "\"", "\"" + as + "\""));
    return copy.toString();
  }

  @Test
  void severalRunsASideAreSplitAtTheDoubleDash(@TempDir Path dir) throws Exception {
    String before2 = rerun(dir, BEFORE, "s5-before", "s5-before-2");
    String before3 = rerun(dir, BEFORE, "s5-before", "s5-before-3");
    String after2 = rerun(dir, AFTER, "s5", "s5-2");
    Cli cli = new Cli();
    assertEquals(0, cli.run("compare", "--json", BEFORE, before2, before3, "--", AFTER, after2), cli.err());
    JsonNode c = JSON.readTree(cli.out());
    assertEquals(List.of("s5-before", "s5-before-2", "s5-before-3"), JSON.convertValue(c.get("a").get("runs"), List.class));
    assertEquals(2, c.get("b").get("runs").size());
    JsonNode noise = c.get("phases").get(0).get("noise");
    assertEquals("runs", noise.get("basis").asText());
    assertEquals(3, noise.get("runs_a").asInt());
    assertEquals(2, noise.get("runs_b").asInt());
    // the same data thrice: no spread
    assertEquals(0.0, noise.get("spread_a").asDouble());
    Path page = dir.resolve("runs.html");
    Cli withPage = new Cli();
    assertEquals(0, withPage.run("compare", "--report", page.toString(), BEFORE, before2, "--", AFTER, after2),
        withPage.err());
    String html = Files.readString(page);
    assertTrue(html.contains("A: runs s5-before, s5-before-2 (testbed s5-powerstore); B: runs s5, s5-2 (testbed "
        + "s5-powerstore). each run one observation: a change is p &lt; 0.05 by Welch's t-test on the run means; "
        + "~ is within noise."), html);

    Cli twice = new Cli();
    assertEquals(ExitCodes.USAGE, twice.run("compare", BEFORE, BEFORE, "--", AFTER, after2));
    assertTrue(twice.err().contains("run s5-before is given twice for A: each run is one observation, so give each once"),
        twice.err());
    Cli three = new Cli();
    assertEquals(ExitCodes.USAGE, three.run("compare", BEFORE, AFTER, AFTER));
    assertTrue(three.err().contains("give A and B, or several runs a side as A1 A2 -- B1 B2; got 3 runs and no --"),
        three.err());
    Cli empty = new Cli();
    assertEquals(ExitCodes.USAGE, empty.run("compare", BEFORE, AFTER, "--"));
  }

  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.fieldNames().forEachRemaining(out::add);
    return out;
  }
}
