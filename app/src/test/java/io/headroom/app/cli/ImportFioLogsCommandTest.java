package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.PhaseLatency;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * `headroom import fio OUT.json [LOG...]` on the collector's real fio 3.33 log fixtures
 * (collector-benchmarks/src/test/resources/workload/fio-files/README.md works the figures out): the logs the
 * JSON names found, the one latency distribution per phase in the verdict, and the hint a plain
 * JSON gets.
 */
class ImportFioLogsCommandTest {
  private static final Path CASE = Path.of("..", "collector-benchmarks", "src", "test", "resources", "workload", "fio-files",
      "randrw-two-jobs");
  private Cli cli = new Cli();
  @org.junit.jupiter.api.io.TempDir Path dir;

  @Test
  void thePhaseVerdictSaysWhichLatencyIsTheMergedOneAndWhichTheWorstWorkloads() throws Exception {
    assertEquals(0, cli.run("import", "fio", CASE.resolve("out.json").toString(), "--alone", "--run-id", "f1",
        "--host", "h1", "--json"), cli.err());
    Verdict v = VerdictJson.fromJson(cli.out().trim());
    PhaseLatency l = v.phases().get(0).latency();
    // README: both jobs' json+ bins added, 2000 I/Os, p99 at the bin of 8847360 ns; mix.0's own 9240576 ns
    assertEquals(8847360e-9, l.merged().p99S(), 1e-15);
    assertEquals(2000, l.merged().ios());
    assertEquals(2, l.merged().workloads());
    assertEquals("h1/fio/f1/mix.0", l.worstWorkload().workload());
    assertEquals(9240576e-9, l.worstWorkload().p99S(), 1e-15);
    assertEquals("json+ clat bins", l.from());
    assertTrue(VerdictJson.toJson(v).contains("\"latency\":{\"merged\":{\"p50_s\":"), VerdictJson.toJson(v));
    // the logs out.json's options name were found beside it: nothing to say
    assertEquals("", cli.err());

    cli = new Cli();
    Path report = dir.resolve("r.html");
    assertEquals(0, cli.run("import", "fio", CASE.resolve("out.json").toString(), "--alone", "--run-id", "f1", "--host", "h1",
        "--report", report.toString()));
    String page = java.nio.file.Files.readString(report);
    assertTrue(page.contains("<p class=\"latency\">latency: p99 8.8 ms of all 2 workloads"), page);
    assertTrue(page.contains("the worst workload") && page.contains("own p99 9.2 ms (h1/fio/f1/mix.0)"), page);
    assertTrue(cli.out().contains("  latency: p99 8.8 ms of all 2 workloads' I/Os merged (2,000 I/Os; p50 122 us,"
        + " p90 2.6 ms, p99.9 76 ms); the worst workload's own p99 9.2 ms (h1/fio/f1/mix.0); from json+ clat bins\n"),
        cli.out());
  }

  @Test
  void aPlainJsonIsToldWhatItNeedsAndLogsAloneAreARun() throws Exception {
    Path json = Path.of("..", "collector-benchmarks", "src", "test", "resources", "workload", "fio", "write-4m-json", "input.json");
    assertEquals(0, cli.run("import", "fio", json.toString(), "--alone"), cli.err());
    assertTrue(cli.err().contains("headroom import: " + json + ": one reading per job: re-run with --status-interval=1"
        + " or --write_iops_log=NAME --log_avg_msec=1000, or give the log files\n"), cli.err());
    assertTrue(cli.out().startsWith("run import-input: not judged (too few readings)"), cli.out());

    cli = new Cli();
    assertEquals(0, cli.run("import", "fio", CASE.resolve("mix_iops.1.log").toString(),
        CASE.resolve("mix_iops.2.log").toString(), "--end", "2027-01-15T08:00:00Z", "--alone", "--json", "--host", "h1"),
        cli.err());
    Verdict v = VerdictJson.fromJson(cli.out().trim());
    assertEquals("import-mix_iops.1", v.run());
    assertEquals(1, v.phases().size());
    assertNull(v.phases().get(0).latency()); // no histogram log given
  }
}
