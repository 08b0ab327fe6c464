package io.headroom.app.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.testing.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The fabric, array and health dashboards' panels, read through the V6 and V7 views, on a database
 * holding the s5 recording plus readings no recording has (pause frames, credit starvation, the
 * collectors' own metrics, dead letters, the analyzers' own health), each written here with values whose bucket means are
 * worked out in the comments. Both time-group forms (time_bucket and floor-epoch) are compared for
 * every query by DashboardQueriesTest; here each panel's figures are checked in both.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FabricArrayHealthPanelsTest {
  private static final String PORT = "s5/sw1/port/1-30";
  private static final String SOURCE = "s5/collector/redfish-r750a";

  private TestDatabase db;
  private Connection c;
  private Scenario s5;
  private Instant t0;

  @BeforeAll
  void fill() throws Exception {
    db = TestDatabase.create();
    c = db.connect();
    Migrations.migrateAndMaintain(c, TestDatabase.KEEPING_FIXED_DATES);
    s5 = Scenario.load("s5-powerstore-upgrade.jsonl");
    s5.store(c);
    TimeBucketShim.ensure(c);
    t0 = s5.start();
    // The run starts on a ten-second boundary (1796300000), so second i falls in bucket i / 10.
    assertEquals(0, t0.getEpochSecond() % 10);
    for (int i = 0; i < 20; i++) {
      insert(PORT, "net_port", "pause_per_s", i, i);
      insert(PORT, "net_port", "tx_credit_zero_fraction", i, 0.25);
      insert(PORT, "net_port", "errors_per_s", i, i < 10 ? 3 : 0);
      insert(SOURCE, "collector", "scrape_duration_s", i, i < 10 ? 0.5 : 1.5);
      insert(SOURCE, "collector", "scrape_success", i, i % 5 == 4 ? 0 : 1);
      insert(SOURCE, "collector", "scrape_missed_intervals", i, i / 5);
      insert("s5/collector", "collector", "spool_bytes", i, 1000 * i);
      insert("s5/ps1200t/node-a", "array_cpu", "headroom_util", i, i < 10 ? 0.6 : 0.8);
      insert("s5/ps1200t/node-a", "array_cpu", "optimal_util", i, 0.7);
    }
    // what two analyzers record of themselves every 5 s (HealthRecorder): a1's lag 100 * i,
    // a2's 50 * i; a1's slack target failed 0, 1, 3, 3 alerts in all by seconds 0, 5, 10, 15
    for (int i = 0; i < 20; i += 5) {
      analyzerHealth(i, "a1", "ingest_lag_records", "", "", 100 * i);
      analyzerHealth(i, "a2", "ingest_lag_records", "", "", 50 * i);
      analyzerHealth(i, "a1", "alerts_failed_total", "slack:hooks#1", "slack", i == 0 ? 0 : i == 5 ? 1 : 3);
    }
    deadLetter(1, "undecodable");
    deadLetter(2, "undecodable");
    deadLetter(12, "refused");
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

  @Test
  void fabricShowsEachDirectionOfAPortAgainstItsLineRate() {
    for (boolean timescale : new boolean[] {true, false}) {
      Map<Long, Double> rx = series(fabric(), "Port traffic per direction, % of line rate", "A",
          "s5/ps1200t/node-a/eth0 rx", timescale);
      Map<Long, Double> bytes = s5.bucketMeans("s5/ps1200t/node-a/eth0", "rx_bytes_per_s", 10);
      assertEquals(bytes.keySet(), rx.keySet());
      // 100 Gb/s port: 1.25e10 bytes/s is 100%.
      bytes.forEach((t, v) -> assertEquals(100 * v / 1.25e10, rx.get(t), 1e-6, "bucket " + t));
    }
  }

  @Test
  void busiestPortsTableStartsWithTheDistractorSwitchPort() {
    List<Map<String, Object>> rows = rows(fabric(), "Busiest ports in range (peak % of line rate)", "A", true);
    double peakTx = s5.series.get(PORT).get("tx_bytes_per_s").stream().mapToDouble(r -> r[1]).max().orElseThrow();
    assertEquals(PORT, rows.get(0).get("entity"));
    assertEquals("tx", rows.get(0).get("direction"));
    assertEquals(100 * peakTx / 1.25e10, (Double) rows.get(0).get("peak_pct"), 1e-6);
  }

  @Test
  void pauseAndCreditStarvationCarryTheWrittenValues() {
    for (boolean timescale : new boolean[] {true, false}) {
      // pause_per_s = i: mean of 0..9 is 4.5, of 10..19 is 14.5
      assertEquals(buckets(4.5, 14.5), series(fabric(), "Pause frames per second (FC: transmit credit reached zero)",
          "A", PORT, timescale));
      // 0.25 of the time without credit is 25%
      assertEquals(buckets(25.0, 25.0), series(fabric(), "FC credit starvation, % of time", "A", PORT, timescale));
      // 3 errors/s for the first ten seconds, none after
      List<Map<String, Object>> errors = rows(fabric(), "Port errors per second", "A", timescale);
      assertEquals(buckets(3.0, 0.0), QueryRunner.series(errors, PORT, "value"));
      // The recording's errors_per_s are a PCIe link's (AER): a fabric panel leaves them out.
      assertEquals(List.of(PORT), errors.stream().map(r -> r.get("metric")).distinct().toList());
    }
  }

  @Test
  void arrayPanelPutsNodeCpuInPercentBesideTheWorkloadsReadsPlusWrites() {
    String title = "Controller CPU per node against workload throughput";
    for (boolean timescale : new boolean[] {true, false}) {
      Map<Long, Double> cpu = series(array(), title, "A", "s5/ps1200t/node-a", timescale);
      Map<Long, Double> util = s5.bucketMeans("s5/ps1200t/node-a", "util", 10);
      assertEquals(util.keySet(), cpu.keySet());
      util.forEach((t, v) -> assertEquals(100 * v, cpu.get(t), 1e-9, "bucket " + t));

      Map<Long, Double> shown = series(array(), title, "B", "s5/esx1/hcibench throughput", timescale);
      Map<Long, Double> expected = readsPlusWritesBucketMeans("s5/esx1/hcibench");
      assertEquals(expected.keySet(), shown.keySet());
      expected.forEach((t, v) -> assertEquals(v, shown.get(t), 1e-3, "bucket " + t));
    }
  }

  @Test
  void ontapPanelPutsTheNodesUtilisationBesideItsOptimalPoint() {
    String title = "ONTAP: node utilisation against its optimal point";
    for (boolean timescale : new boolean[] {true, false}) {
      // headroom_util 0.6 then 0.8, optimal_util 0.7 throughout: in percent
      assertEquals(buckets(60.0, 80.0), series(array(), title, "A", "s5/ps1200t/node-a current", timescale));
      assertEquals(buckets(70.0, 70.0), series(array(), title, "A", "s5/ps1200t/node-a optimal point", timescale));
    }
  }

  @Test
  void healthPanelsShowScrapesSpoolAndDeadLetters() {
    for (boolean timescale : new boolean[] {true, false}) {
      // 0.5 s for the first ten scrapes, 1.5 s for the next ten
      assertEquals(buckets(0.5, 1.5), series(health(), "Scrape duration per source", "A", SOURCE, timescale));
      // every fifth scrape (i % 5 == 4) failed: 8 of 10 succeeded in each bucket
      assertEquals(buckets(80.0, 80.0), series(health(), "Scrape success per source, % of scrapes", "A", SOURCE,
          timescale));
      // running count i / 5: its highest in 0..9 is 1, in 10..19 is 3
      assertEquals(buckets(1.0, 3.0), series(health(), "Missed scrape intervals per source", "A", SOURCE, timescale));
      // 1000 * i bytes: highest 9000 and 19000
      assertEquals(buckets(9000.0, 19000.0), series(health(), "Spool bytes per collector", "A", "s5/collector",
          timescale));
      // two undecodable records at +1 s and +2 s, one refused at +12 s
      assertEquals(buckets(2.0), series(health(), "Dead-lettered records", "A", "undecodable", timescale));
      assertEquals(Map.of(t0.getEpochSecond() + 10, 1.0),
          series(health(), "Dead-lettered records", "A", "refused", timescale));
    }
  }

  @Test
  void healthPanelsShowTheIngestLagAndAlertFailuresTheAnalyzersRecorded() {
    for (boolean timescale : new boolean[] {true, false}) {
      // the highest analyzer's lag per bucket: seconds 0 and 5 give max(0, 500, 0, 250) = 500,
      // seconds 10 and 15 give max(1000, 1500, 500, 750) = 1500
      assertEquals(buckets(500.0, 1500.0), series(health(), "Ingest lag: records the analyzers have not committed",
          "A", "consumer group", timescale));
      // the running count's highest per bucket: max(0, 1) = 1, then max(3, 3) = 3
      assertEquals(buckets(1.0, 3.0), series(health(), "Alert deliveries given up per target", "A",
          "a1 slack slack:hooks#1", timescale));
    }
  }

  private Map<Long, Double> readsPlusWritesBucketMeans(String entity) {
    Map<Long, Double> perReading = new TreeMap<>();
    for (String metric : List.of("read_bytes_per_s", "write_bytes_per_s")) {
      for (double[] r : s5.series.get(entity).get(metric)) {
        perReading.merge(Math.round(r[0] * 1000), r[1], Double::sum);
      }
    }
    Map<Long, double[]> sums = new TreeMap<>();
    perReading.forEach((ms, v) -> {
      double[] acc = sums.computeIfAbsent(Math.floorDiv(ms, 10_000L) * 10, k -> new double[2]);
      acc[0] += v;
      acc[1]++;
    });
    Map<Long, Double> out = new TreeMap<>();
    sums.forEach((t, acc) -> out.put(t, acc[0] / acc[1]));
    return out;
  }

  /** Consecutive ten-second buckets from the run's start holding the given values. */
  private Map<Long, Double> buckets(double... values) {
    Map<Long, Double> out = new TreeMap<>();
    for (int i = 0; i < values.length; i++) {
      out.put(t0.getEpochSecond() + 10L * i, values[i]);
    }
    return out;
  }

  private Map<Long, Double> series(DashboardModel d, String panel, String refId, String metric, boolean timescale) {
    return QueryRunner.series(rows(d, panel, refId, timescale), metric, "value");
  }

  private List<Map<String, Object>> rows(DashboardModel d, String panel, String refId, boolean timescale) {
    GrafanaMacros macros = new GrafanaMacros(s5.start(), s5.end(), "10s",
        Map.of("testbed", s5.testbed(), "run", s5.run.run()), timescale);
    return QueryRunner.rows(c, d.panelQuery(panel, refId), macros);
  }

  private static DashboardModel fabric() {
    return DashboardModel.byUid("headroom-fabric");
  }

  private static DashboardModel array() {
    return DashboardModel.byUid("headroom-array");
  }

  private static DashboardModel health() {
    return DashboardModel.byUid("headroom-health");
  }

  private void insert(String entity, String kind, String metric, int second, double value) throws Exception {
    try (PreparedStatement e = c.prepareStatement("INSERT INTO entity (testbed, entity, kind) VALUES (?, ?, ?) "
        + "ON CONFLICT DO NOTHING");
        PreparedStatement m = c.prepareStatement("INSERT INTO metric (name) VALUES (?) ON CONFLICT DO NOTHING");
        PreparedStatement s = c.prepareStatement("INSERT INTO sample (ts, entity_id, metric_id, value) "
            + "SELECT ?, e.id, m.id, ? FROM entity e, metric m WHERE e.testbed = ? AND e.entity = ? AND m.name = ?")) {
      e.setString(1, s5.testbed());
      e.setString(2, entity);
      e.setString(3, kind);
      e.executeUpdate();
      m.setString(1, metric);
      m.executeUpdate();
      s.setTimestamp(1, Timestamp.from(t0.plusSeconds(second)));
      s.setDouble(2, value);
      s.setString(3, s5.testbed());
      s.setString(4, entity);
      s.setString(5, metric);
      assertEquals(1, s.executeUpdate(), entity + " " + metric);
    }
  }

  private void analyzerHealth(int second, String analyzer, String metric, String target, String kind, double value)
      throws Exception {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO analyzer_health (ts, analyzer, metric, target, kind, "
        + "value) VALUES (?, ?, ?, ?, ?, ?)")) {
      ps.setTimestamp(1, Timestamp.from(t0.plusSeconds(second)));
      ps.setString(2, analyzer);
      ps.setString(3, metric);
      ps.setString(4, target);
      ps.setString(5, kind);
      ps.setDouble(6, value);
      ps.executeUpdate();
    }
  }

  private void deadLetter(int second, String reason) throws Exception {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO dead_letter (topic, kafka_partition, kafka_offset, "
        + "reason, message, set_aside_at) VALUES ('headroom.samples', 0, ?, ?, 'test', ?)")) {
      ps.setLong(1, second);
      ps.setString(2, reason);
      ps.setTimestamp(3, Timestamp.from(t0.plusSeconds(second)));
      ps.executeUpdate();
    }
  }
}
