package io.headroom.app.api;

import static io.headroom.app.api.ApiAnswers.json;

import io.headroom.app.service.AnalyzerService;
import io.vertx.ext.web.RoutingContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What a supervisor and Prometheus read: readiness (database and ingest) and the metrics page. */
final class HealthHandlers {
  /** Under the API server's name, where operators look for its warnings. */
  private static final Logger LOG = LoggerFactory.getLogger(ApiServer.class);

  private final DatabasePool db;
  private final Supplier<AnalyzerService.Health> health;
  private final List<MetricsSource> metrics;
  private final ApiMetrics apiMetrics;

  HealthHandlers(DatabasePool db, Supplier<AnalyzerService.Health> health, List<MetricsSource> metrics,
      ApiMetrics apiMetrics) {
    this.db = db;
    this.health = health;
    this.metrics = metrics;
    this.apiMetrics = apiMetrics;
  }

  void live(RoutingContext ctx) {
    json(ctx, 200, Map.of("status", "up"));
  }

  void ready(RoutingContext ctx) {
    Map<String, Object> m = new LinkedHashMap<>();
    boolean dbUp;
    try {
      dbUp = db.with(RunQueries::reachable);
      m.put("database", "reachable");
    } catch (Exception e) {
      dbUp = false;
      LOG.warn("readiness: the database did not answer: {}", e.toString());
      m.put("database", "unreachable (the analyzer's log says why)");
    }
    AnalyzerService.Health h = health.get();
    m.put("ingest", h.ingest());
    boolean ready = dbUp && "storing".equals(h.ingest());
    m.put("ready", ready);
    json(ctx, ready ? 200 : 503, m);
  }

  void metrics(RoutingContext ctx) throws Exception {
    PrometheusText out = new PrometheusText();
    new IngestMetrics(health, db).write(out);
    apiMetrics.write(out);
    for (MetricsSource s : metrics) {
      s.write(out);
    }
    ctx.response().putHeader("Content-Type", "text/plain; version=0.0.4; charset=utf-8").end(out.toString());
  }
}
