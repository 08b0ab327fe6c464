package io.headroom.app.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.store.Migrations;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The data path headroom dashboard's panels on the S5 recording (stored as ingest stores it, with
 * the verdict RunAnalyzer gives it), each figure worked out here from the recording file: which
 * entities are on the data path (the relations walked from the workloads), their order (p95 over
 * ceiling, tightest first) and each ten-second bucket's mean share of the ceiling. Both time-group
 * forms (time_bucket and floor-epoch) give the same rows: DashboardQueriesTest runs every query so.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HeadroomDashboardTest {
  private static final double EPS = 1e-9;

  private TestDatabase db;
  private Connection c;
  private Scenario s5;
  private Verdict verdict;

  @BeforeAll
  void fill() throws Exception {
    db = TestDatabase.create();
    c = db.connect();
    Migrations.migrateAndMaintain(c, TestDatabase.KEEPING_FIXED_DATES);
    s5 = Scenario.load("s5-powerstore-upgrade.jsonl");
    s5.store(c);
    verdict = s5.verdict();
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO verdict (testbed, run, computed_at, bottleneck, "
        + "entity, confidence, body) VALUES (?, ?, ?, ?, ?, ?, ?::jsonb)")) {
      ps.setString(1, s5.testbed());
      ps.setString(2, s5.run.run());
      ps.setTimestamp(3, Timestamp.from(s5.end().plusSeconds(60)));
      ps.setString(4, verdict.bottleneck().name());
      ps.setString(5, verdict.entity());
      ps.setDouble(6, verdict.confidence());
      ps.setString(7, VerdictJson.toJson(verdict));
      ps.executeUpdate();
    }
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

  private static DashboardModel headroom() {
    return DashboardModel.byUid("headroom-headroom");
  }

  private List<Map<String, Object>> rows(String panel) {
    return QueryRunner.rows(c, headroom().panelQuery(panel), new GrafanaMacros(s5.start(), s5.end(), "10s",
        Map.of("testbed", s5.testbed(), "run", s5.run.run()), true));
  }

  /** Entities a workload reaches through the relations (any rel, from -> to), the workloads left out. */
  private Set<String> onPath() {
    Set<String> seen = new HashSet<>();
    Deque<String> todo = new ArrayDeque<>();
    s5.entities.values().stream().filter(e -> e.kind().equals("workload")).forEach(e -> todo.add(e.id()));
    while (!todo.isEmpty()) {
      String from = todo.poll();
      s5.relations.stream().filter(r -> r.from().equals(from) && seen.add(r.to())).forEach(r -> todo.add(r.to()));
    }
    return seen;
  }

  /** The on-path entities with a ceiling, tightest first (p95 over ceiling, then by name). */
  private List<String> expectedOrder() {
    Set<String> path = onPath();
    return s5.utilization().entrySet().stream().filter(e -> path.contains(e.getKey()))
        .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .map(Map.Entry::getKey).collect(Collectors.toList());
  }

  @Test
  void theTimelineHasEveryOnPathEntityTightestFirstAndNoBystander() {
    List<Map<String, Object>> rows = rows("Data path: share of ceiling over time (tightest first)");
    List<String> order = expectedOrder();
    // node-a (util p95 0.95482) leads; the switch port 1-30 at 98.6% is crossed by no workload
    assertEquals("s5/ps1200t/node-a", order.get(0));
    assertFalse(order.contains("s5/sw1/port/1-30"));
    long firstBucket = (long) Math.floor(s5.run.start() / 10) * 10;
    List<Object> firstBucketSeries = rows.stream().filter(r -> Math.round((Double) r.get("time")) == firstBucket)
        .map(r -> r.get("metric")).collect(Collectors.toList());
    assertEquals(order, firstBucketSeries, "each bucket's rows come tightest first");
    assertEquals(new HashSet<>(order), rows.stream().map(r -> r.get("metric")).collect(Collectors.toSet()));
  }

  @Test
  void eachBucketIsTheMeanOfTheReadingsShareOfTheCeiling() {
    List<Map<String, Object>> rows = rows("Data path: share of ceiling over time (tightest first)");
    // node-a: util over a ceiling of 1, so the share is the util itself
    Map<Long, Double> nodeA = QueryRunner.series(rows, "s5/ps1200t/node-a", "value");
    Map<Long, Double> util = s5.bucketMeans("s5/ps1200t/node-a", "util", 10);
    assertEquals(util.keySet(), nodeA.keySet());
    util.forEach((t, v) -> assertEquals(v, nodeA.get(t), 1e-9, "bucket " + t));
    // a port: per reading the larger of rx and tx over 12.5 GB/s (100 GbE), then the bucket's mean
    Map<Long, Double> port = QueryRunner.series(rows, "s5/ps1200t/node-a/eth0", "value");
    Map<Long, Double> expected = bucketMeanOfMax("s5/ps1200t/node-a/eth0", List.of("rx_bytes_per_s", "tx_bytes_per_s"), 1.25e10);
    assertEquals(expected.keySet(), port.keySet());
    expected.forEach((t, v) -> assertEquals(v, port.get(t), 1e-9, "bucket " + t));
    assertTrue(expected.values().stream().allMatch(v -> v > 0 && v < 1), "the array's ports had headroom");
  }

  /** Per reading instant the largest of {@code metrics} over {@code ceiling}; then ten-second means. */
  private Map<Long, Double> bucketMeanOfMax(String entity, List<String> metrics, double ceiling) {
    Map<Double, Double> perReading = new TreeMap<>();
    for (String m : metrics) {
      for (double[] r : s5.series.get(entity).get(m)) {
        perReading.merge(r[0], r[1] / ceiling, Math::max);
      }
    }
    Map<Long, double[]> sums = new TreeMap<>();
    perReading.forEach((ts, share) -> {
      double[] s = sums.computeIfAbsent((long) Math.floor(ts / 10) * 10, k -> new double[2]);
      s[0] += share;
      s[1]++;
    });
    Map<Long, Double> out = new LinkedHashMap<>();
    sums.forEach((b, s) -> out.put(b, s[0] / s[1]));
    return out;
  }

  @Test
  void theHeadroomTableIsTheOnPathRowsTightestFirst() {
    List<Map<String, Object>> rows = rows("Data path headroom (p95 against ceiling, tightest first)");
    assertEquals(expectedOrder(), rows.stream().map(r -> r.get("entity")).collect(Collectors.toList()));
    Map<String, Double> u = s5.utilization();
    rows.forEach(r -> assertEquals(u.get(r.get("entity")), (Double) r.get("utilization"), EPS, (String) r.get("entity")));
    assertEquals(0.95482, (Double) rows.get(0).get("utilization"), 1e-5);
  }

  @Test
  void thePhasePanelCarriesEachPhasesNextLimitFromTheVerdict() {
    List<Map<String, Object>> rows = rows("Phase verdicts and the next limit");
    List<PhaseVerdict> phases = verdict.phases();
    assertEquals(phases.size(), rows.size());
    int withNext = 0;
    for (int i = 0; i < phases.size(); i++) {
      PhaseVerdict p = phases.get(i);
      Map<String, Object> r = rows.get(i);
      assertEquals(p.name(), r.get("phase"));
      assertEquals(p.bottleneck().name(), r.get("bottleneck"));
      if (p.nextLimit() != null) {
        withNext++;
        assertEquals(p.nextLimit().bottleneck().name(), r.get("next_limit"), p.name());
        assertEquals(p.nextLimit().entity(), r.get("next_entity"), p.name());
        assertEquals(p.nextLimit().gain(), (Double) r.get("next_gain"), EPS, p.name());
        assertEquals(p.nextLimit().evidence().isEmpty() ? null : p.nextLimit().evidence().get(0), r.get("why"));
      } else {
        assertEquals("-", r.get("next_limit"), p.name());
        assertEquals(p.nextLimitReason(), r.get("why"), p.name());
      }
    }
    assertTrue(withNext > 0, "S5's verdict names a next limit for some phase: " + rows);
  }

  @Test
  void theVerdictAndTheTableLinkToTheRunsReportPage() {
    String link = "${report_url}/runs/${run}?testbed=${testbed}";
    List<String> urls = new ArrayList<>();
    headroom().panels().forEach(p -> {
      p.path("fieldConfig").path("defaults").path("links").forEach(l -> urls.add(p.path("title").asText() + " " + l.path("url").asText()));
      p.path("fieldConfig").path("overrides").forEach(o -> o.path("properties").forEach(pr -> {
        if (pr.path("id").asText().equals("links")) {
          pr.path("value").forEach(l -> urls.add(p.path("title").asText() + " " + l.path("url").asText()));
        }
      }));
    });
    assertEquals(List.of("Verdict " + link, "Data path: share of ceiling over time (tightest first) " + link,
        "Data path headroom (p95 against ceiling, tightest first) " + link), urls);
    assertEquals("http://localhost:8080", headroom().root.path("templating").path("list").get(2).path("query").asText(),
        "the analyzer compose publishes");
  }
}
