package io.headroom.app.dashboards;

import io.headroom.app.testing.TestDatabase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.model.Bottleneck;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every SQL query of every dashboard, expanded as Grafana expands it, run against a database
 * filled with committed scenario recordings through Migrations and SampleStore; the values the
 * panels show are checked against figures worked out from the recordings themselves.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DashboardQueriesTest {
  private static final double EPS = 1e-9;
  private static final String INTERVAL = "10s";

  private TestDatabase db;
  private Connection c;
  private Scenario s3;
  private Scenario s4;
  private Scenario s5;
  private Verdict s5Verdict;
  private List<Scenario> scenarios;

  @BeforeAll
  void fill() throws Exception {
    db = TestDatabase.create();
    c = db.connect();
    Migrations.migrateAndMaintain(c, TestDatabase.KEEPING_FIXED_DATES);
    s3 = Scenario.load("s3-ib-hdd.jsonl");
    s4 = Scenario.load("s4-r760-nvme-perc.jsonl");
    s5 = Scenario.load("s5-powerstore-upgrade.jsonl");
    scenarios = List.of(s3, s4, s5);
    for (Scenario s : scenarios) {
      s.store(c);
    }
    s5Verdict = s5.verdict();
    // An earlier, different verdict first: the panels must show the latest one.
    insertVerdict(s5, 60, new Verdict("s5", Bottleneck.NONE, null, 0.4, List.of("earlier"), List.of(), List.of()));
    insertVerdict(s5, 120, s5Verdict);
    TimeBucketShim.ensure(c);
  }

  @AfterAll
  void drop() throws Exception {
    if (c != null) {
      c.close();
    }
    if (db != null) {
      db.close();
    }
  }

  private void insertVerdict(Scenario s, long secondsAfterEnd, Verdict v) throws Exception {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO verdict (testbed, run, computed_at, bottleneck, "
        + "entity, confidence, body) VALUES (?, ?, ?, ?, ?, ?, ?::jsonb)")) {
      ps.setString(1, s.testbed());
      ps.setString(2, s.run.run());
      ps.setTimestamp(3, Timestamp.from(s.end().plusSeconds(secondsAfterEnd)));
      ps.setString(4, v.bottleneck().name());
      ps.setString(5, v.entity());
      ps.setDouble(6, v.confidence());
      ps.setString(7, VerdictJson.toJson(v));
      ps.executeUpdate();
    }
  }

  /** The run's own window, as the Runs panel's link opens it. */
  private static GrafanaMacros macros(Scenario s, boolean timescale) {
    return new GrafanaMacros(s.start(), s.end(), INTERVAL,
        Map.of("testbed", s.testbed(), "run", s.run.run()), timescale);
  }

  private List<Map<String, Object>> rows(Scenario s, DashboardModel.Query q) {
    return QueryRunner.rows(c, q, macros(s, true));
  }

  private static DashboardModel overview() {
    return DashboardModel.byUid("headroom-run");
  }

  private static DashboardModel resources() {
    return DashboardModel.byUid("headroom-resources");
  }

  @Test
  void everyQueryRunsAndBothTimeGroupFormsAgree() {
    List<String> failures = new ArrayList<>();
    int ran = 0;
    for (DashboardModel d : DashboardModel.all()) {
      for (DashboardModel.Query q : d.queries()) {
        for (Scenario s : scenarios) {
          try {
            List<Map<String, Object>> timescale = QueryRunner.rows(c, q, macros(s, true));
            List<Map<String, Object>> plain = QueryRunner.rows(c, q, macros(s, false));
            String difference = QueryRunner.difference(timescale, plain);
            if (difference != null) {
              failures.add(q.where() + " (" + s.testbed() + "): time_bucket and floor-epoch forms differ: " + difference);
            }
            ran++;
          } catch (AssertionError e) {
            failures.add(e.getMessage());
          }
        }
      }
    }
    assertTrue(failures.isEmpty(), String.join("\n\n", failures));
    assertTrue(ran >= 3 * 20, "ran " + ran + " queries");
  }

  @Test
  void everyQueryRunsAsTheReadOnlyRoleWhichCannotWrite() throws Exception {
    try (Connection reader = db.connect(); java.sql.Statement st = reader.createStatement()) {
      st.execute("SET ROLE headroom_reader");
      int ran = 0;
      for (DashboardModel d : DashboardModel.all()) {
        for (DashboardModel.Query q : d.queries()) {
          for (boolean timescale : new boolean[] {true, false}) {
            QueryRunner.rows(reader, q, macros(s5, timescale));
            ran++;
          }
        }
      }
      assertTrue(ran >= 2 * 20, "ran " + ran + " queries");
      // It reads the samples the panels read ...
      try (java.sql.ResultSet rs = st.executeQuery("SELECT count(*) FROM dash_sample")) {
        rs.next();
        assertTrue(rs.getLong(1) > 0);
      }
      // ... and may change nothing: 42501 is insufficient_privilege.
      for (String write : List.of("INSERT INTO annotation (testbed, run, ts, source, text) VALUES ('x', 'y', now(), 'api', 'z')",
          "DELETE FROM sample", "UPDATE entity SET kind = 'x'", "DROP VIEW dash_sample")) {
        java.sql.SQLException e = org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class,
            () -> st.execute(write), write);
        assertEquals("42501", e.getSQLState(), write + ": " + e.getMessage());
      }
    }
  }

  @Test
  void variablesListTheTestbedsAndTheTestbedsRuns() {
    for (DashboardModel d : DashboardModel.all()) {
      List<Object> testbeds = column(rows(s5, d.variableQuery("testbed")), "testbed");
      assertEquals(List.of("s3-ib", "s4-r760", "s5-powerstore"), testbeds, d.file);
      assertEquals(List.of("s5"), column(rows(s5, d.variableQuery("run")), "run"), d.file);
      assertEquals(List.of("s4"), column(rows(s4, d.variableQuery("run")), "run"), d.file);
    }
  }

  @Test
  void phaseAnnotationsAreTheRunsPhasesWithTheirBounds() {
    for (DashboardModel d : DashboardModel.all()) {
      List<Map<String, Object>> rows = rows(s5, d.annotationQuery("Phases"));
      assertEquals(List.of("4k-rand-read100", "4k-rand-read50", "8k-rand-read25"), column(rows, "text"), d.file);
      for (int i = 0; i < rows.size(); i++) {
        assertEquals(s5.phases.get(i).start(), (Double) rows.get(i).get("time"), EPS);
        assertEquals(s5.phases.get(i).end(), ((Timestamp) rows.get(i).get("timeend")).getTime() / 1000.0, EPS);
      }
    }
  }

  @Test
  void runNotesAreTheRunsAnnotationsInItsWindow() throws Exception {
    // a verdict change 10 s into the run, a note posted through the API 20 s in, and one an hour
    // after the run (outside the window the link opens): the first two show
    try (PreparedStatement ps = c.prepareStatement(
        "INSERT INTO annotation (testbed, run, ts, source, text) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
      Object[][] notes = {{s5.start().plusSeconds(10), "verdict", "bottleneck ARRAY_CPU"},
          {s5.start().plusSeconds(20), "api", "cache flushed"}, {s5.end().plusSeconds(3600), "api", "later"}};
      for (Object[] n : notes) {
        ps.setString(1, s5.testbed());
        ps.setString(2, s5.run.run());
        ps.setTimestamp(3, Timestamp.from((java.time.Instant) n[0]));
        ps.setString(4, (String) n[1]);
        ps.setString(5, (String) n[2]);
        ps.addBatch();
      }
      ps.executeBatch();
    }
    for (DashboardModel d : DashboardModel.all()) {
      List<Map<String, Object>> rows = rows(s5, d.annotationQuery("Run notes"));
      assertEquals(List.of("bottleneck ARRAY_CPU", "cache flushed"), column(rows, "text"), d.file);
      assertEquals(List.of("verdict", "api"), column(rows, "tags"), d.file);
    }
  }

  @Test
  void verdictPanelShowsTheLatestVerdictRow() {
    List<Map<String, Object>> rows = rows(s5, overview().panelQuery("Verdict"));
    assertEquals(1, rows.size());
    Map<String, Object> row = rows.get(0);
    assertEquals(Bottleneck.ARRAY_CPU, s5Verdict.bottleneck(), "the s5 scenario's expected verdict");
    assertEquals("ARRAY_CPU", row.get("bottleneck"));
    assertEquals(s5Verdict.entity(), row.get("entity"));
    assertEquals(s5Verdict.confidence(), (Double) row.get("confidence"), EPS);
    assertEquals(s5.run.end() + 120, (Double) row.get("time"), EPS);
  }

  @Test
  void evidenceAndPhaseVerdictPanelsUnpackTheLatestVerdictBody() {
    List<Map<String, Object>> evidence = rows(s5, overview().panelQuery("Verdict evidence"));
    assertEquals(s5Verdict.evidence(), column(evidence, "evidence"));
    assertFalse(s5Verdict.evidence().isEmpty());

    List<Map<String, Object>> phases = rows(s5, overview().panelQuery("Phase verdicts"));
    assertEquals(s5Verdict.phases().size(), phases.size());
    for (int i = 0; i < phases.size(); i++) {
      PhaseVerdict p = s5Verdict.phases().get(i);
      assertEquals(p.name(), phases.get(i).get("phase"));
      assertEquals(p.bottleneck().name(), phases.get(i).get("bottleneck"));
      assertEquals(p.entity(), phases.get(i).get("entity"));
      assertEquals(p.confidence(), (Double) phases.get(i).get("confidence"), EPS);
    }
    assertEquals(List.of("NONE", "ARRAY_CPU", "ARRAY_CPU"), column(phases, "bottleneck"));
  }

  @Test
  void runsPanelLinksTheRunsWindowInMilliseconds() {
    List<Map<String, Object>> rows = rows(s5, overview().panelQuery("Runs"));
    assertEquals(1, rows.size());
    assertEquals("s5", rows.get(0).get("run"));
    assertEquals("hcibench", rows.get(0).get("tool"));
    assertEquals(s5.run.start() * 1000, (Double) rows.get(0).get("from_ms"), EPS);
    assertEquals(s5.run.end() * 1000, (Double) rows.get(0).get("to_ms"), EPS);
  }

  @Test
  void headroomIsTightestFirstWithTheUtilisationWorkedOutFromTheRecording() {
    List<Map<String, Object>> rows = rows(s5, overview().panelQuery("Headroom (p95 against ceiling, tightest first)"));
    Map<String, Double> expected = s5.utilization();
    List<String> expectedOrder = expected.entrySet().stream()
        .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .map(Map.Entry::getKey).collect(Collectors.toList());
    assertEquals(expectedOrder, column(rows, "entity"));
    for (Map<String, Object> r : rows) {
      assertEquals(expected.get(r.get("entity")), (Double) r.get("utilization"), EPS, (String) r.get("entity"));
    }
    // The distractor: a switch port at 98.6% that no workload crosses is tightest, and flagged off the path.
    Map<String, Object> first = rows.get(0);
    assertEquals("s5/sw1/port/1-30", first.get("entity"));
    assertEquals(0.98564, (Double) first.get("utilization"), EPS);
    assertEquals("tx_bytes_per_s", first.get("tightest_metric"));
    assertEquals(Boolean.FALSE, first.get("on_data_path"));
    Map<String, Object> second = rows.get(1);
    assertEquals("s5/ps1200t/node-a", second.get("entity"));
    assertEquals(0.95482, (Double) second.get("utilization"), EPS);
    assertEquals(Boolean.TRUE, second.get("on_data_path"));
    assertEquals(s5Verdict.entity(), second.get("entity"), "the verdict names the tightest entity on the path");
  }

  @Test
  void workloadIopsHasOnePointPerIntervalHoldingTheMean() {
    List<Map<String, Object>> rows = rows(s5, overview().panelQuery("Workload IOPS"));
    Map<Long, Double> expected = s5.bucketMeans("s5/esx1/hcibench", "read_iops", 10);
    Map<Long, Double> actual = QueryRunner.series(rows, "s5/esx1/hcibench read_iops", "value");
    assertEquals(19, expected.size(), "180 one-second readings from :01 fall in 19 ten-second buckets");
    assertEquals(expected.keySet(), actual.keySet());
    expected.forEach((t, v) -> assertEquals(v, actual.get(t), 1e-6, "bucket " + t));
    // Writes start with the second phase (4k-rand-read50): 12 buckets from its start, plus the boundary.
    assertEquals(s5.bucketMeans("s5/esx1/hcibench", "write_iops", 10).size(),
        QueryRunner.series(rows, "s5/esx1/hcibench write_iops", "value").size());
  }

  @Test
  void portPanelShowsEachDirectionAsPercentOfLineRate() {
    List<Map<String, Object>> rows = rows(s5, resources().panelQuery("Port rx/tx, % of capacity"));
    Map<Long, Double> tx = QueryRunner.series(rows, "s5/sw1/port/1-30 tx", "value");
    Map<Long, Double> bytes = s5.bucketMeans("s5/sw1/port/1-30", "tx_bytes_per_s", 10);
    assertEquals(bytes.keySet(), tx.keySet());
    bytes.forEach((t, v) -> assertEquals(100 * v / 1.25e10, tx.get(t), 1e-6, "bucket " + t));
  }

  @Test
  void pciePanelShowsThePercLinkNearItsLineCodedRate() {
    List<Map<String, Object>> rows = rows(s4, resources().panelQuery("PCIe link throughput, % of capacity"));
    Map<Long, Double> read = QueryRunner.series(rows, "s4/r760/pcie/0000:4a:00.0 device-to-host", "value");
    Map<Long, Double> bytes = s4.bucketMeans("s4/r760/pcie/0000:4a:00.0", "read_bytes_per_s", 10);
    assertEquals(bytes.keySet(), read.keySet());
    bytes.forEach((t, v) -> assertEquals(100 * v / 3.15e10, read.get(t), 1e-6, "bucket " + t));
    double peak = read.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    assertTrue(peak > 85 && peak < 95, "perc1-seqread moves 28.1 of 31.5 GB/s, got " + peak + "%");
  }

  @Test
  void cpuNumaAndDiskPanelsCarryTheRecordedMeans() {
    assertSeries(s5, "CPU utilisation: hosts, sockets, array nodes", "s5/ps1200t/node-a", "s5/ps1200t/node-a", "util");
    assertSeries(s4, "NUMA: remote memory access ratio per socket", "s4/r760/cpu/socket0", "s4/r760/cpu/socket0",
        "remote_access_ratio");
    assertSeries(s3, "Disk utilisation", "s3/server/raid50", "s3/server/raid50", "util");
    assertSeries(s3, "Disk queue depth", "s3/server/raid50", "s3/server/raid50", "queue_depth");
    assertSeries(s3, "Disk latency", "s3/server/raid50 read_latency_s", "s3/server/raid50", "read_latency_s");
  }

  private void assertSeries(Scenario s, String panel, String label, String entity, String metric) {
    Map<Long, Double> actual = QueryRunner.series(rows(s, resources().panelQuery(panel)), label, "value");
    Map<Long, Double> expected = s.bucketMeans(entity, metric, 10);
    assertEquals(expected.keySet(), actual.keySet(), panel);
    expected.forEach((t, v) -> assertEquals(v, actual.get(t), 1e-9 + Math.abs(v) * 1e-12, panel + " bucket " + t));
  }

  @Test
  void perMinutePanelReadsTheRollupsMeanAndPeak() {
    List<Map<String, Object>> rows = rows(s5, resources().panelQuery("CPU utilisation per minute (sample_1m: mean and peak)"));
    Map<Long, Double> mean = QueryRunner.series(rows, "s5/ps1200t/node-a", "mean");
    Map<Long, Double> peak = QueryRunner.series(rows, "s5/ps1200t/node-a", "peak");
    // $__timeFilter keeps buckets that start inside the range: the run starts at :20 past a minute,
    // so its first (partial) minute is left out and the three minutes after it remain.
    List<Long> minutes = minutesStartingWithin(s5);
    assertEquals(3, minutes.size());
    assertEquals(minutes, new ArrayList<>(mean.keySet()));
    for (long m : minutes) {
      double[] inMinute = s5.series.get("s5/ps1200t/node-a").get("util").stream()
          .filter(r -> r[0] >= m && r[0] < m + 60).mapToDouble(r -> r[1]).toArray();
      assertEquals(java.util.Arrays.stream(inMinute).average().orElseThrow(), mean.get(m), 1e-9);
      assertEquals(java.util.Arrays.stream(inMinute).max().orElseThrow(), peak.get(m), 0);
    }
  }

  private static List<Long> minutesStartingWithin(Scenario s) {
    List<Long> out = new ArrayList<>();
    for (long m = (long) Math.ceil(s.run.start() / 60) * 60; m <= s.run.end(); m += 60) {
      long sampleMinute = m;
      boolean any = s.series.get("s5/ps1200t/node-a").get("util").stream()
          .anyMatch(r -> r[0] >= sampleMinute && r[0] < sampleMinute + 60);
      if (any) {
        out.add(m);
      }
    }
    return out;
  }

  private static List<Object> column(List<Map<String, Object>> rows, String name) {
    return rows.stream().map(r -> r.get(name)).collect(Collectors.toList());
  }
}
