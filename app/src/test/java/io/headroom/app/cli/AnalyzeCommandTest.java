package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `headroom analyze` as a user runs it: exit code, stdout and stderr. */
class AnalyzeCommandTest {
  @TempDir Path dir;
  private final Cli cli = new Cli();

  private int run(String... args) {
    return cli.run(args);
  }

  private Path recording(String... lines) throws Exception {
    Path f = dir.resolve("run.jsonl");
    Files.write(f, java.util.List.of(lines));
    return f;
  }

  private static final String[] GOOD = {
    "{\"type\":\"run\",\"run\":\"r1\",\"testbed\":\"lab\",\"start\":100,\"end\":110,\"workload\":{\"tool\":\"fio\"}}",
    "{\"type\":\"entity\",\"id\":\"h1/cpu\",\"kind\":\"host_cpu\"}",
    "{\"type\":\"entity\",\"id\":\"h1/net/eth0\",\"kind\":\"net_port\",\"capacity\":{\"bytes_per_s\":1.25e9}}",
    "{\"type\":\"sample\",\"ts\":101,\"entity\":\"h1/cpu\",\"metric\":\"util\",\"value\":0.30}",
    "{\"type\":\"sample\",\"ts\":102,\"entity\":\"h1/cpu\",\"metric\":\"util\",\"value\":0.50}",
    "{\"type\":\"sample\",\"ts\":101,\"entity\":\"h1/net/eth0\",\"metric\":\"tx_bytes_per_s\",\"value\":2.5e8}",
  };

  /** eth0 carrying 250 MB/s at second {@code ts}, as GOOD[5] does at 101. */
  private static String eth0(int ts) {
    return sample("h1/net/eth0", ts);
  }

  private static String sample(String entity, int ts) {
    return "{\"type\":\"sample\",\"ts\":" + ts + ",\"entity\":\"" + entity + "\",\"metric\":\"tx_bytes_per_s\",\"value\":2.5e8}";
  }

  @Test
  void aBadLineStopsTheReadNamingFileAndLine() throws Exception {
    Path f = recording(GOOD[0], GOOD[1], "{\"type\":\"sample\",\"ts\":101,\"entity\":\"h1/cpu\",\"metric\":\"util\"}", GOOD[3]);
    assertEquals(2, run("analyze", f.toString()));
    assertEquals("headroom analyze: " + f + ":3: missing field \"value\"\n", cli.err());
    assertEquals("", cli.out());
  }

  @Test
  void lenientSkipsTheBadLineAndJudgesTheRest() throws Exception {
    // eth0 read at 101..105: 5 readings, what a run needs to be judged (docs/detection.md)
    Path f = recording(GOOD[0], GOOD[1], GOOD[2], "not json at all", GOOD[3], GOOD[4], GOOD[5], eth0(102), eth0(103),
        eth0(104), eth0(105));
    assertEquals(0, run("analyze", "--lenient", "--json", f.toString()));
    assertTrue(cli.err().startsWith(
        "headroom analyze: skipped 1 bad line(s) of " + f + "; first: " + f + ":4: not JSON"), cli.err());
    Verdict v = VerdictJson.fromJson(cli.out().trim());
    assertEquals("r1", v.run());
    assertEquals(Bottleneck.NONE, v.bottleneck());
    // p95 of (0.30, 0.50) = 0.49 (a CPU's practical ceiling is util 1.0 at the defaults);
    // eth0 2.5e8 of 1.25e9 = 0.20 of line rate, / 0.95 (a port of unknown fabric) = 0.2105 of practical
    assertEquals("h1/cpu", v.headroom().get(0).entity());
    assertEquals(0.49, v.headroom().get(0).utilization(), 1e-9);
    assertEquals("h1/net/eth0", v.headroom().get(1).entity());
    assertEquals(0.2105, v.headroom().get(1).utilization(), 1e-9);
    assertEquals(0.20, v.headroom().get(1).lineRate(), 1e-9);
  }

  @Test
  void thresholdsFromTheTestbedFileChangeTheVerdict() throws Exception {
    Path s2 = Path.of("../docs/scenarios/s2-nvmeof-oltp.jsonl");
    assertEquals(0, run("analyze", "--json", s2.toString()));
    assertEquals(Bottleneck.NONE, VerdictJson.fromJson(cli.out().trim()).bottleneck());
    // the ESX hosts run at p95 0.49: call a CPU full from 45% and they become the limit
    Path testbed = dir.resolve("strict.yaml");
    Files.writeString(testbed, "testbed: s2\ndetection:\n  thresholds:\n    cpu_busy: 0.45\n");
    Cli strict = new Cli();
    assertEquals(0, strict.run("analyze", "--json", "--testbed", testbed.toString(), s2.toString()));
    Verdict v = VerdictJson.fromJson(strict.out().trim());
    assertEquals(Bottleneck.HOST_CPU, v.bottleneck());
    assertEquals("s2/esx1/cpu", v.entity());
  }

  @Test
  void onsetSettingsOfTheTestbedFileAreReadAndAWrongOneIsNamed() throws Exception {
    Path s2 = Path.of("../docs/scenarios/s2-nvmeof-oltp.jsonl");
    Path ok = dir.resolve("onsets.yaml");
    Files.writeString(ok, "testbed: s2\ndetection:\n  onsets:\n    recent_window_s: 10\n");
    Cli bound = new Cli();
    assertEquals(0, bound.run("analyze", "--json", "--testbed", ok.toString(), s2.toString()), bound.err());
    assertEquals(Bottleneck.NONE, VerdictJson.fromJson(bound.out().trim()).bottleneck());
    Path wrong = dir.resolve("bad-onsets.yaml");
    Files.writeString(wrong, "testbed: s2\ndetection:\n  onsets:\n    level_shift: 0\n");
    Cli refused = new Cli();
    assertEquals(2, refused.run("analyze", "--testbed", wrong.toString(), s2.toString()));
    assertTrue(refused.err().contains(wrong + ": detection.onsets.level_shift must be in (0, 1], got 0.0"), refused.err());
  }

  private static final Path S1 = Path.of("../docs/scenarios/s1-fc-san.jsonl");
  private static final Path S2 = Path.of("../docs/scenarios/s2-nvmeof-oltp.jsonl");

  /** What `headroom analyze ARGS` prints on stdout, from a fresh launcher. */
  private static String alone(String... args) {
    Cli one = new Cli();
    assertEquals(0, one.run(args), one.err());
    return one.out();
  }

  @Test
  void severalFilesGetOneVerdictEachUnderTheirNameInTheOrderGiven() {
    assertEquals(0, run("analyze", S2.toString(), S1.toString()), cli.err());
    assertEquals("== " + S2 + " ==\n" + alone("analyze", S2.toString())
        + "\n== " + S1 + " ==\n" + alone("analyze", S1.toString()), cli.out());
    assertEquals("", cli.err());
  }

  @Test
  void severalFilesWithJsonAreOneVerdictObjectALine() throws Exception {
    assertEquals(0, run("analyze", "--json", S2.toString(), S1.toString()), cli.err());
    assertEquals(alone("analyze", "--json", S2.toString()) + alone("analyze", "--json", S1.toString()), cli.out());
    assertEquals(Bottleneck.NONE, VerdictJson.fromJson(cli.out().lines().findFirst().orElseThrow()).bottleneck());
  }

  @Test
  void reportAndRunTakeOneFileAndSaySoBeforeAnyVerdict() {
    assertEquals(2, run("analyze", "--report", dir.resolve("r.html").toString(), S2.toString(), S1.toString()));
    assertEquals("headroom analyze: --report writes one run's page: give one FILE, not 2\n", cli.err());
    assertEquals("", cli.out());
    Cli runs = new Cli();
    assertEquals(2, runs.run("analyze", "--run", "r1", S2.toString(), S1.toString()));
    assertEquals("headroom analyze: --run names a run of one recording: give one FILE, not 2\n", runs.err());
  }

  @Test
  void aMissingFileAmongSeveralStopsBeforeTheFirstVerdict() {
    assertEquals(2, run("analyze", S2.toString(), dir.resolve("nope.jsonl").toString()));
    assertEquals("headroom analyze: " + dir.resolve("nope.jsonl") + ": no such file\n", cli.err());
    assertEquals("", cli.out());
  }

  @Test
  void reportSaysWhereItWroteAndHowBig() throws Exception {
    Path page = dir.resolve("r.html");
    assertEquals(0, run("analyze", "--report", page.toString(), S2.toString()), cli.err());
    long kb = Math.max(1, Math.round(Files.size(page) / 1000.0)); // whole kB of 1000 bytes, rounded
    assertEquals("report: wrote " + page + " (" + kb + " kB)\n", cli.err());
    assertEquals(alone("analyze", S2.toString()), cli.out(), "stdout is the verdict alone");
  }

  /** --report FILE.pdf: the PDF, said on stderr as the page is, holding the verdict's first line. */
  @Test
  void aReportEndingInPdfIsAPdfWithTheClosingSentence() throws Exception {
    Path pdf = dir.resolve("r.PDF"); // the extension in any case
    assertEquals(0, run("analyze", "--report", pdf.toString(), S2.toString()), cli.err());
    long kb = Math.max(1, Math.round(Files.size(pdf) / 1000.0));
    assertEquals("report: wrote " + pdf + " (" + kb + " kB)\n", cli.err());
    byte[] bytes = Files.readAllBytes(pdf);
    assertEquals("%PDF-", new String(bytes, 0, 5, java.nio.charset.StandardCharsets.US_ASCII));
    org.junit.jupiter.api.Assumptions.assumeTrue(io.headroom.app.report.PdfText.available(),
        "pdftotext is not installed (apt-get install poppler-utils)");
    String first = cli.out().lines().findFirst().orElseThrow(); // the closing sentence, as the page's headline
    assertTrue(io.headroom.app.report.PdfText.holds(io.headroom.app.report.PdfText.of(bytes), first), first);
  }

  @Test
  void aReportInAMissingDirectorySaysNoSuchDirectory() {
    Path page = dir.resolve("x").resolve("r.html");
    assertEquals(2, run("analyze", "--report", page.toString(), S2.toString()));
    assertEquals("headroom analyze: --report: cannot write " + page + ": no such directory: " + dir.resolve("x") + "\n",
        cli.err());
  }

  /** A name it writes neither HTML nor PDF under is refused before the analysis, naming the endings, and nothing is written. */
  @Test
  void aReportUnderAnotherEndingIsRefusedNamingTheEndingsItWrites() {
    Path docx = dir.resolve("out.docx");
    assertEquals(2, run("analyze", "--report", docx.toString(), S2.toString()));
    assertEquals("headroom analyze: --report " + docx + ": writes HTML (.html, .htm) or PDF (.pdf); name the file with one"
        + " of these endings\n", cli.err());
    assertEquals("", cli.out(), "no verdict printed before the refusal");
    assertFalse(Files.exists(docx));
  }

  @Test
  void aReportOntoADirectorySaysItIsOne() {
    assertEquals(2, run("analyze", "--report", dir.toString(), S2.toString()));
    assertEquals("headroom analyze: --report: cannot write " + dir + ": is a directory\n", cli.err());
  }

  @Test
  void aMissingFileIsOneLineNotAStackTrace() {
    assertEquals(2, run("analyze", dir.resolve("nope.jsonl").toString()));
    assertEquals("headroom analyze: " + dir.resolve("nope.jsonl") + ": no such file\n", cli.err());
  }

  /** Runs analyze on the lines and returns its one-line error (exit 2, nothing on stdout). */
  private String refused(String... lines) throws Exception {
    Path f = recording(lines);
    assertEquals(2, run("analyze", f.toString()), cli.out());
    assertEquals("", cli.out());
    return cli.err().replace(f.toString(), "FILE");
  }

  @Test
  void anEmptyRecordingIsAnErrorNotAVerdict() throws Exception {
    assertEquals("headroom analyze: FILE: empty recording: no records, nothing to judge\n", refused());
  }

  @Test
  void aRecordingWithoutSamplesIsAnError() throws Exception {
    assertEquals("headroom analyze: FILE: no samples: 3 record(s), not one reading to judge\n",
        refused(GOOD[0], GOOD[1], GOOD[2]));
  }

  @Test
  void aRunWithoutSamplesInItsSpanIsAnError() throws Exception {
    // the run spans 100..110; the only reading is at 200
    assertEquals("headroom analyze: FILE: run \"r1\" has no samples between its start 100.0 and its end 110.0,"
        + " nothing to judge\n", refused(GOOD[0], GOOD[1],
            "{\"type\":\"sample\",\"ts\":200,\"entity\":\"h1/cpu\",\"metric\":\"util\",\"value\":0.3}"));
  }

  @Test
  void negativeUtilisationIsRefusedByLine() throws Exception {
    assertEquals("headroom analyze: FILE:4: util of h1/cpu is -0.77: a share must lie in 0..2\n",
        refused(GOOD[0], GOOD[1], GOOD[2],
            "{\"type\":\"sample\",\"ts\":101,\"entity\":\"h1/cpu\",\"metric\":\"util\",\"value\":-0.77}"));
  }

  @Test
  void aUtilisationOf1e300IsRefused() throws Exception {
    assertEquals("headroom analyze: FILE:4: util of h1/cpu is 1.0E300: a share must lie in 0..2\n",
        refused(GOOD[0], GOOD[1], GOOD[2],
            "{\"type\":\"sample\",\"ts\":101,\"entity\":\"h1/cpu\",\"metric\":\"util\",\"value\":1e300}"));
  }

  @Test
  void subnormalAndOverflowingCapacitiesAreRefused() throws Exception {
    assertEquals("headroom analyze: FILE:2: capacity \"bytes_per_s\" of entity \"h1/net/eth0\" is 1.0E-320:"
        + " a ceiling must be a positive, finite, normal number\n", refused(GOOD[0],
            "{\"type\":\"entity\",\"id\":\"h1/net/eth0\",\"kind\":\"net_port\",\"capacity\":{\"bytes_per_s\":1e-320}}"));
    Cli again = new Cli();
    Path f = recording(GOOD[0],
        "{\"type\":\"entity\",\"id\":\"h1/net/eth0\",\"kind\":\"net_port\",\"capacity\":{\"bytes_per_s\":1e400}}");
    assertEquals(2, again.run("analyze", f.toString()));
    assertEquals("headroom analyze: " + f + ":2: capacity \"bytes_per_s\" of entity \"h1/net/eth0\" is Infinity:"
        + " a ceiling must be a positive, finite, normal number\n", again.err());
  }

  @Test
  void aPhaseEndingBeforeItStartsIsRefused() throws Exception {
    assertEquals("headroom analyze: FILE:2: phase \"p1\" ends (100.0) before it starts (105.0)\n",
        refused(GOOD[0], "{\"type\":\"phase\",\"run\":\"r1\",\"name\":\"p1\",\"start\":105,\"end\":100}"));
  }

  @Test
  void anEntityDeclaredAgainAsAnotherKindIsRefused() throws Exception {
    assertEquals("headroom analyze: FILE:4: entity \"h1/cpu\" declared again with other contents (first at line 2):"
        + " kind host_cpu, now disk\n",
        refused(GOOD[0], GOOD[1], GOOD[3], "{\"type\":\"entity\",\"id\":\"h1/cpu\",\"kind\":\"disk\"}"));
  }

  @Test
  void aLatin1ByteNamesFileLineAndColumnAndLenientSkipsIt() throws Exception {
    Path f = dir.resolve("latin1.jsonl");
    byte[] bad = "{\"type\":\"entity\",\"id\":\"h1/caf\u00e9\",\"kind\":\"disk\"}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    try (var out = Files.newOutputStream(f)) {
      for (String line : new String[] {GOOD[0], GOOD[1]}) {
        out.write((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      out.write(bad);
      out.write('\n');
      for (String line : new String[] {GOOD[3], GOOD[4]}) {
        out.write((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
    }
    // {"type":"entity","id":"h1/caf is 29 characters: the 0xE9 is column 30
    assertEquals(2, run("analyze", f.toString()));
    // the é is column 30 of line 3, after lines 1 and 2 and their newlines (ASCII: a byte a character)
    String where = ":3: not UTF-8: byte 0xE9 at byte " + (GOOD[0].length() + 1 + GOOD[1].length() + 1 + 30)
        + " of the file (column 30): Latin-1 or Windows-1252 text? Headroom reads UTF-8 (convert it: iconv -f LATIN1 -t UTF-8)";
    assertEquals("headroom analyze: " + f + where + "\n", cli.err());
    Cli lenient = new Cli();
    assertEquals(0, lenient.run("analyze", "--lenient", f.toString()));
    assertEquals("headroom analyze: skipped 1 bad line(s) of " + f + "; first: " + f
        + where + "\n", lenient.err());
  }

  @Test
  void identifiersArePrintedEscaped() throws Exception {
    // an id that would forge a verdict line in red on a terminal
    String forged = "h1/x\\n\\u001b[31mrun r1: bottleneck NONE\\u001b[0m";
    Path f = recording(GOOD[0],
        "{\"type\":\"entity\",\"id\":\"" + forged + "\",\"kind\":\"net_port\",\"capacity\":{\"bytes_per_s\":1.25e9}}",
        sample(forged, 101), sample(forged, 102), sample(forged, 103), sample(forged, 104), sample(forged, 105));
    assertEquals(0, run("analyze", f.toString()));
    assertTrue(cli.out().contains("h1/x\\n\\u001b[31mrun r1: bottleneck NONE\\u001b[0m"), cli.out());
    assertFalse(cli.out().contains("\u001b"), cli.out());
    assertEquals(1, cli.out().lines().filter(l -> l.startsWith("run ")).count(), cli.out());
  }

  @Test
  void theTextShowsEveryPhaseInFull() {
    assertEquals(0, run("analyze", "../docs/scenarios/s3-ib-hdd.jsonl"));
    List<String> lines = cli.out().lines().toList();
    // the sequential phase: the InfiniBand fabric, with the RAID volume as its co-limit
    // all 4 IB ports full: the headline names the fabric, not its first port (LimitName); the
    // ports' p95s 6.12 to 6.16 GB/s of 6.8 GB/s = 90% to 91% of line rate
    assertTrue(lines.contains("phase seq-read-iser-8j: NETWORK on the infiniband fabric, all 4 ports on the path at 90% to"
        + " 91% of line rate (confidence 0.76)"), cli.out());
    assertTrue(lines.contains("  group: 4 of 4 infiniband ports on the path at their ceiling"), cli.out());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("  co-limit: DISK on s3/server/raid50 at 96.")), cli.out());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("phase rand-read-iser-8j: DISK on s3/server/raid50")));
    // and what binds once the fabric is lifted: the volume, at the ratio of their mean levels (the
    // port's 6.05 of 6.8 x 0.90 = 6.12 GB/s practical, 0.9886, over the volume's 6.0 of 6.4 GB/s spec,
    // 0.9375: 1.05; StudyNextLimitsTest works it out); the workload's mean 5.99 GB/s over each
    assertTrue(lines.contains("  next: DISK s3/server/raid50 at 1.05x (s3/server/raid50 would be full at 6.39 GB/s"
        + " where s3/sx1012/port/1 is full at 6.06 GB/s)"), cli.out());
    // the headroom table: use of the practical ceiling, line rate beside it
    assertTrue(lines.contains("    of practical  of line rate  reading         kind        entity"), cli.out());

    Cli s2 = new Cli();
    assertEquals(0, s2.run("analyze", "../docs/scenarios/s2-nvmeof-oltp.jsonl"));
    assertTrue(s2.out().lines().anyMatch(l -> l.equals("  reason: workload_concurrency")), s2.out());
  }

  @Test
  void theTextNamesTheNextLimitOfEachPhaseOrWhyThereIsNone() {
    assertEquals(0, run("analyze", "../docs/scenarios/s4-r760-nvme-perc.jsonl"));
    List<String> lines = cli.out().lines().toList();
    // behind the PERC's x16 link (mean 28.1 GB/s of 27.4 practical: 102.5%) the drives' volume at
    // 28.1 of 56.8 GB/s (49.5%): 2.07x; the workload's mean 28.19 GB/s over each (the means as read:
    // 28.19 / 0.5049 = 57.1 GB/s, 28.19 / 1.0236 = 27.54 GB/s)
    assertTrue(lines.contains("  next: DISK s4/perc0/vd0 at 2.07x (s4/perc0/vd0 would be full at 57.1 GB/s where"
        + " s4/r760/pcie/0000:4a:00.0 is full at 27.54 GB/s)"), cli.out());
    // NUMA is a placement, not a ceiling
    assertTrue(lines.contains("  next: not known (placement_limit)"), cli.out());
    // two PERC volumes as one resource, their common name starred
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("  next: DISK s4/perc*/vd0 at 1.65x (")), cli.out());
  }

  @Test
  void aShareIsPrintedWithOneDecimalAndAnAbsurdOneInScientificNotation() {
    // 0.885 of the practical ceiling; 1e300 can only come from a verdict stored before strict input
    assertEquals("88.5%", VerdictPrinter.percent(0.885));
    assertEquals("1.000e+302%", VerdictPrinter.percent(1e300));
  }

  /**
   * Issue 29 in the text a person reads: study S5 with esx1's port declared 1 GbE (it carries
   * up to 260% of that) is the array CPU, the port's row marked; a run of 2 readings is not judged.
   */
  @Test
  void anImplausibleRowIsMarkedAndARunWithTooFewReadingsSaysItWasNotJudged() throws Exception {
    String s5 = Files.readString(Path.of("../docs/scenarios/s5-powerstore-upgrade.jsonl"));
    String port = "\"id\":\"s5/esx1/vmnic2\",\"kind\":\"net_port\",\"name\":\"s5/esx1/vmnic2\","
        + "\"attrs\":{\"fabric\":\"ethernet\",\"speed_bps\":1.0E11},\"capacity\":{\"bytes_per_s\":1.25E10}";
    assertTrue(s5.contains(port));
    Path f = dir.resolve("s5-1gbe.jsonl");
    Files.writeString(f, s5.replace(port, port.replace("1.0E11", "1.0E9").replace("1.25E10", "1.25E8")));
    assertEquals(0, run("analyze", f.toString()));
    // the closing sentence first (LimitSentence), the class line under it
    assertTrue(cli.out().startsWith("Run s5 (ARRAY_CPU in 2 of 3 phases; figures of 8k-rand-read25): The limit was the "
        + "array CPU: the array s5/ps1200t, both nodes at 96%"), cli.out());
    assertTrue(cli.out().lines().skip(1).findFirst().orElse("").startsWith(
        "run s5: bottleneck ARRAY_CPU on the array s5/ps1200t, both nodes at 96% (confidence "), cli.out());
    assertTrue(cli.out().lines().anyMatch(l -> l.endsWith(" s5/esx1/vmnic2  (implausible reading: ceiling or counter wrong)")),
        cli.out());

    // GOOD: h1/cpu read twice, eth0 once, no phases: the run is one window of 2 readings at most
    Cli thin = new Cli();
    assertEquals(0, thin.run("analyze", recording(GOOD).toString()));
    assertTrue(thin.out().startsWith("run r1: not judged (too few readings)\n  - not judged, too few readings: 0 of the"
        + " workload and at most 2 of any entity"), thin.out());
  }
}
