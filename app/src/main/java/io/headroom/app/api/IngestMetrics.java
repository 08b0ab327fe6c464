package io.headroom.app.api;

import io.headroom.app.service.AnalyzerService;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.function.Supplier;

/**
 * The analyzer's ingest on /metrics: whether it stores, what it stored and set aside, failed
 * live-verdict rounds, how long since the last batch was stored (the ingest lag as a reader of
 * the database sees it), and the collectors' own scrape health as last stored.
 */
final class IngestMetrics implements MetricsSource {
  /** The collector health metrics (per source, stored as samples of the source's entity). */
  private static final String[][] SCRAPE_HEALTH = {
      {"scrape_duration_s", "headroom_source_scrape_duration_seconds", "Last scrape's duration per source."},
      {"scrape_success", "headroom_source_scrape_success", "1 when the source's last scrape succeeded."},
      {"scrape_missed_intervals", "headroom_source_missed_intervals", "Scrape intervals the source missed (last reported)."},
      {"scrape_problems", "headroom_source_scrape_problems", "Problems (partial results) in the source's last scrape."},
      {"spool_bytes", "headroom_collector_spool_bytes", "Bytes waiting in the collector's spool."},
      {"spool_dropped_records", "headroom_collector_spool_dropped_records", "Records the collector's full spool dropped."},
      {"spool_refused_by_kafka", "headroom_collector_spool_refused_by_kafka",
          "Records Kafka refused for good (over its size limit) that the collector dropped since it started."},
  };

  private final Supplier<AnalyzerService.Health> health;
  private final DatabasePool db;

  IngestMetrics(Supplier<AnalyzerService.Health> health, DatabasePool db) {
    this.health = health;
    this.db = db;
  }

  @Override
  public void write(PrometheusText out) throws Exception {
    AnalyzerService.Health h = health.get();
    out.family("headroom_ingest_up", "gauge", "1 while the ingest stores, 0 while it retries or stopped.")
        .sample("headroom_ingest_up", "storing".equals(h.ingest()) ? 1 : 0);
    out.family("headroom_samples_stored_total", "counter", "Samples this analyzer stored since start.")
        .sample("headroom_samples_stored_total", h.samplesStored());
    out.family("headroom_dead_lettered_total", "counter", "Records set aside in table dead_letter since start.")
        .sample("headroom_dead_lettered_total", h.deadLettered());
    out.family("headroom_verdict_rounds_failed_total", "counter", "Live-verdict rounds that failed and were retried.")
        .sample("headroom_verdict_rounds_failed_total", h.failedVerdictRounds());
    double age = db.with(c -> {
      try (PreparedStatement ps = c.prepareStatement(
          "SELECT extract(epoch FROM now() - max(stored_at))::float8 FROM ingest_progress");
          ResultSet rs = ps.executeQuery()) {
        rs.next();
        double v = rs.getDouble(1);
        return rs.wasNull() ? Double.NaN : v;
      }
    });
    out.family("headroom_ingest_last_batch_age_seconds", "gauge",
        "Seconds since any analyzer last stored a sample batch (NaN before the first).")
        .sample("headroom_ingest_last_batch_age_seconds", age);
    scrapeHealth(out);
  }

  /** The newest value of each collector health metric per source entity, from the last 10 minutes. */
  private void scrapeHealth(PrometheusText out) throws Exception {
    for (String[] m : SCRAPE_HEALTH) {
      out.family(m[1], "gauge", m[2]);
      db.with(c -> {
        try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT ON (e.testbed, e.entity) e.testbed, e.entity, s.value "
            + "FROM sample s JOIN entity e ON e.id = s.entity_id JOIN metric mt ON mt.id = s.metric_id "
            + "WHERE mt.name = ? AND s.ts > now() - interval '10 minutes' ORDER BY e.testbed, e.entity, s.ts DESC")) {
          ps.setString(1, m[0]);
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              out.sample(m[1], new java.util.TreeMap<>(java.util.Map.of("testbed", rs.getString(1), "entity", rs.getString(2))),
                  rs.getDouble(3));
            }
          }
        }
        return null;
      });
    }
  }
}
