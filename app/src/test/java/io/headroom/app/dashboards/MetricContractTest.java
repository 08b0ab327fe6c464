package io.headroom.app.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.MetricCatalog;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import io.headroom.app.service.HealthRecorder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The metric contract both ways: what the analyzer's rules and the dashboards read (declared once
 * in {@link Metrics}) is what some registered source declares it emits, or is knowingly pending.
 */
class MetricContractTest {
  /**
   * "m.name = 'util'" and "m.name IN ('rx_bytes_per_s', 'tx_bytes_per_s')" on the tables, "metric =
   * 'pause_per_s'" on the views, in the panels' SQL and the views' (migration V6).
   */
  private static final Pattern METRIC_FILTER =
      Pattern.compile("(?:m\\.name|\\bmetric)\\s*(?:=\\s*'([a-z0-9_]+)'|IN\\s*\\(([^)]*)\\))");
  private static final String VIEWS = "analyzer/src/main/resources/db/V6__dashboard_views.sql";
  private static final String VIEWS_V7 = "analyzer/src/main/resources/db/V7__dashboard_views_runs_resources_health.sql";

  /** metric name -> the catalogs (source types) that declare it. */
  private static Map<String, Set<String>> declaredBy() {
    Map<String, Set<String>> out = new TreeMap<>();
    for (MetricCatalog c : catalogs()) {
      for (MetricDef m : c.metrics()) {
        out.computeIfAbsent(m.name(), k -> new TreeSet<>()).add(c.type());
      }
    }
    return out;
  }

  @Test
  void everyConsumedMetricIsDeclaredByARegisteredSourceOrKnowinglyPending() {
    Map<String, Set<String>> declared = declaredBy();
    Set<String> missing = new TreeSet<>();
    for (String metric : Metrics.CONSUMED) {
      if (!declared.containsKey(metric) && !Metrics.PENDING.containsKey(metric)) {
        missing.add(metric);
      }
    }
    assertEquals(Set.of(), missing, "read by the analyzer or dashboards, emitted by no registered source");
  }

  @Test
  void thePendingListStaysHonest() {
    Map<String, Set<String>> declared = declaredBy();
    for (Map.Entry<String, String> p : Metrics.PENDING.entrySet()) {
      assertTrue(Metrics.CONSUMED.contains(p.getKey()), p.getKey() + " is pending but consumed by nothing");
      // once a source declares it, it comes off the list
      assertFalse(declared.containsKey(p.getKey()), p.getKey() + " is declared by " + declared.get(p.getKey())
          + ": remove it from Metrics.PENDING");
      assertFalse(p.getValue().isBlank(), p.getKey() + " must name the source type that will emit it");
    }
  }

  private static void addFiltered(String sql, Set<String> into) {
    Matcher m = METRIC_FILTER.matcher(sql);
    while (m.find()) {
      if (m.group(1) != null) {
        into.add(m.group(1));
      } else {
        for (String quoted : m.group(2).split(",")) {
          into.add(quoted.trim().replace("'", ""));
        }
      }
    }
  }

  @Test
  void everyMetricTheDashboardsFilterOnIsAConsumedMetric() throws Exception {
    Set<String> read = new TreeSet<>();
    Set<String> analyzersOwn = new TreeSet<>();
    for (DashboardModel d : DashboardModel.all()) {
      for (DashboardModel.Query q : d.queries()) {
        // analyzer_health holds what the analyzers record of themselves, not samples
        addFiltered(q.rawSql(), q.rawSql().contains("dash_analyzer_health") ? analyzersOwn : read);
      }
    }
    assertEquals(Set.of(HealthRecorder.INGEST_LAG_RECORDS, HealthRecorder.ALERTS_FAILED_TOTAL), analyzersOwn);
    Set<String> inViews = new TreeSet<>();
    addFiltered(Files.readString(DashboardModel.repoRoot().resolve(VIEWS)), inViews);
    addFiltered(Files.readString(DashboardModel.repoRoot().resolve(VIEWS_V7)), inViews);
    // the views pick out the ports' traffic and pushback, CPU, ONTAP's optimal point and workload throughput
    assertEquals(Set.of(Metrics.RX_BYTES_PER_S, Metrics.TX_BYTES_PER_S, Metrics.ERRORS_PER_S, Metrics.PAUSE_PER_S,
        Metrics.TX_CREDIT_ZERO_FRACTION, Metrics.UTIL, Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S,
        Metrics.HEADROOM_UTIL, Metrics.OPTIMAL_UTIL), inViews);
    read.addAll(inViews);
    // the dashboards read at least the CPU, throughput and latency families, and Headroom's own health
    assertTrue(read.containsAll(List.of(Metrics.UTIL, Metrics.READ_IOPS, Metrics.RX_BYTES_PER_S,
        Metrics.SCRAPE_DURATION_S, Metrics.SPOOL_BYTES)), read.toString());
    Set<String> unknown = new TreeSet<>(read);
    unknown.removeAll(Metrics.CONSUMED);
    assertEquals(Set.of(), unknown, "dashboards read metrics not declared in model.Metrics");
  }

  /** Every metric catalog on the class path: the registered sources' and the other emitters'. */
  private static List<MetricCatalog> catalogs() {
    List<MetricCatalog> out = new ArrayList<>(SourceRegistry.discovered().factories());
    ServiceLoader.load(MetricCatalog.class).forEach(out::add);
    return out;
  }
}
