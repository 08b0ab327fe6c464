package io.headroom.app.api;

import io.headroom.app.service.AnalyzerService;
import io.headroom.collector.runtime.CollectorMetrics;
import io.headroom.model.MetricDef;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.function.Supplier;

/**
 * The analyzer's ingest on /metrics: whether it stores, what it stored and set aside, failed
 * live-verdict rounds, how long since the last batch was stored (the ingest lag as a reader of
 * the database sees it), and the collectors' own scrape health as last stored.
 */
final class IngestMetrics implements MetricsSource {
  /** A collector health metric (stored as a sample of the source's entity) and its /metrics family. */
  private record Health(MetricDef metric, String family, String help) {}

  /** The collector health metrics, by their declarations: a rename there reaches the query here. */
  private static final List<Health> SCRAPE_HEALTH = List.of(
      new Health(CollectorMetrics.SCRAPE_DURATION, "headroom_source_scrape_duration_seconds", "Last scrape's duration per source."),
      new Health(CollectorMetrics.SCRAPE_SUCCESS, "headroom_source_scrape_success", "1 when the source's last scrape succeeded."),
      new Health(CollectorMetrics.SCRAPE_MISSED_INTERVALS, "headroom_source_missed_intervals",
          "Scrape intervals the source missed (last reported)."),
      new Health(CollectorMetrics.SCRAPE_PROBLEMS, "headroom_source_scrape_problems",
          "Problems (partial results) in the source's last scrape."),
      new Health(CollectorMetrics.SPOOL_BYTES, "headroom_collector_spool_bytes", "Bytes waiting in the collector's spool."),
      new Health(CollectorMetrics.SPOOL_DROPPED, "headroom_collector_spool_dropped_records",
          "Records the collector's full spool dropped."),
      new Health(CollectorMetrics.SPOOL_REFUSED_BY_KAFKA, "headroom_collector_spool_refused_by_kafka",
          "Records Kafka refused for good (over its size limit) that the collector dropped since it started."));

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
    for (Health m : SCRAPE_HEALTH) {
      out.family(m.family(), "gauge", m.help());
      db.with(c -> {
        try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT ON (e.testbed, e.entity) e.testbed, e.entity, s.value "
            + "FROM sample s JOIN entity e ON e.id = s.entity_id JOIN metric mt ON mt.id = s.metric_id "
            + "WHERE mt.name = ? AND s.ts > now() - interval '10 minutes' ORDER BY e.testbed, e.entity, s.ts DESC")) {
          ps.setString(1, m.metric().name());
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              out.sample(m.family(), new java.util.TreeMap<>(java.util.Map.of("testbed", rs.getString(1), "entity", rs.getString(2))),
                  rs.getDouble(3));
            }
          }
        }
        return null;
      });
    }
  }
}
