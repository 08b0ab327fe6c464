package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.app.testing.TestDatabase;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `headroom import` of the collector's vdbench case block-two-runs: run definitions rd_seq_write
 * (intervals 1-3, 09:00:01.002-09:00:03.003) and rd_rand_mix (09:00:05.001-09:00:07.001) of
 * 2026-11-30 UTC, one sample row each second: read/write IOPS and bytes per row, and a latency for
 * each direction that did I/O (rd_seq_write writes only: 5 metrics; rd_rand_mix 70% reads: 6).
 */
class ImportCommandTest {
  private static final Path FLATFILE = Path.of("..", "collector-benchmarks", "src", "test", "resources", "workload",
      "vdbench", "block-two-runs", "flatfile.html");
  @TempDir Path dir;
  private Cli cli = new Cli();

  @Test
  void aVdbenchFlatfileAloneBecomesARunWithOnePhasePerRunDefinition() throws Exception {
    assertEquals(0, cli.run("import", "vdbench", FLATFILE.toString(), "--alone", "--run-id", "v1", "--host", "h1",
        "--json", "--report", dir.resolve("r.html").toString()), cli.err());
    Verdict v = VerdictJson.fromJson(cli.out().trim());
    assertEquals("v1", v.run());
    // each run definition has 3 one-second rows: fewer than the 5
    // readings a phase is judged from, so neither phase nor the run gets a class (docs/detection.md)
    assertEquals(null, v.bottleneck());
    assertEquals(java.util.List.of("rd_seq_write", "rd_rand_mix"), v.phases().stream().map(p -> p.name()).toList());
    assertEquals(java.util.List.of("too_few_readings", "too_few_readings"), v.phases().stream().map(p -> p.reason()).toList());
    assertTrue(Files.readString(dir.resolve("r.html")).contains("Run v1: not judged (too few readings)"));
    assertTrue(cli.err().endsWith("report: wrote " + dir.resolve("r.html") + " ("
        + ReportFile.kilobytes(Files.size(dir.resolve("r.html"))) + " kB)\n"), cli.err());
  }

  @Test
  void withADatabaseTheRunIsStoredOnceAndJudgedWithTheStoredTelemetry() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      String[] args = {"import", "vdbench", FLATFILE.toString(), "--db", db.url(), "--run-id", "v1", "--host", "h1", "--json"};
      assertEquals(0, cli.run(args), cli.err());
      // telemetry already stored for the window: a disk at util 0.5 at 09:00:02 and 0.7 at 09:00:06 UTC
      double t0 = java.time.Instant.parse("2026-11-30T09:00:00Z").getEpochSecond();
      try (Connection c = db.connect(); Statement s = c.createStatement()) {
        s.execute("INSERT INTO entity (testbed, entity, kind) VALUES ('local', 'h1/disk/sda', 'disk')");
        s.execute("INSERT INTO sample SELECT to_timestamp(" + (t0 + 2) + "), e.id, m.id, 0.5 FROM entity e, metric m "
            + "WHERE e.entity = 'h1/disk/sda' AND m.name = 'write_iops'"); // a metric row exists from the import
        s.execute("INSERT INTO metric (name) VALUES ('util') ON CONFLICT DO NOTHING");
        s.execute("INSERT INTO sample SELECT to_timestamp(" + (t0 + 2) + "), e.id, m.id, 0.5 FROM entity e, metric m "
            + "WHERE e.entity = 'h1/disk/sda' AND m.name = 'util'");
        s.execute("INSERT INTO sample SELECT to_timestamp(" + (t0 + 6) + "), e.id, m.id, 0.7 FROM entity e, metric m "
            + "WHERE e.entity = 'h1/disk/sda' AND m.name = 'util'");
      }
      cli = new Cli();
      assertEquals(0, cli.run(args), cli.err()); // the same file again
      Verdict v = VerdictJson.fromJson(cli.out().trim());
      // the stored disk is in the headroom: one util reading per phase, 0.5 in rd_seq_write and 0.7
      // in rd_rand_mix; the run's row is the disk's tightest phase: 0.7 of util's ceiling 1.0
      assertEquals("h1/disk/sda", v.headroom().get(0).entity());
      assertEquals(0.7, v.headroom().get(0).lineRate(), 1e-9);
      assertEquals(0.5, v.phases().get(0).headroom().get(0).lineRate(), 1e-9);
      // 3 rows x 5 metrics + 3 rows x 6 metrics = 33 workload samples (the avg_ rows left out), stored once
      assertEquals(33, count(db, "SELECT count(*) FROM sample s JOIN entity e ON e.id = s.entity_id WHERE e.kind = 'workload'"));
      assertEquals(2, count(db, "SELECT count(*) FROM phase WHERE run = 'v1'"));
      assertEquals(2, count(db, "SELECT count(*) FROM verdict WHERE run = 'v1'"));
    }
  }

  @Test
  void aFileThatIsNotWhatTheToolWritesIsAClearError() throws Exception {
    Path bad = Files.writeString(dir.resolve("flatfile.html"), "<pre>\nnot a flatfile\n");
    assertEquals(2, cli.run("import", "vdbench", bad.toString(), "--alone"));
    assertTrue(cli.err().startsWith("headroom import: " + bad), cli.err());
    cli = new Cli();
    assertEquals(2, cli.run("import", "sysbench", bad.toString(), "--alone"));
    assertEquals("headroom import: " + bad + ": no sysbench interval line (\"[ 1s ] ...\"): run sysbench with --report-interval=1\n",
        cli.err());
    cli = new Cli();
    assertEquals(2, cli.run("import", "iometer", bad.toString(), "--alone"));
    assertEquals("headroom import: TOOL must be fio, vdbench, sysbench or hcibench, not \"iometer\"\n", cli.err());
  }

  private static long count(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
