package io.headroom.app.api;

import io.headroom.remotewrite.PromNames;
import io.headroom.model.MetricDef;
import io.vertx.ext.web.RoutingContext;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * GET /metrics/readings: each series' latest reading of the last 5 minutes, at its own time, named
 * and labelled as remote write sends it (docs/prometheus.md), in OpenMetrics 1.0.0 when the
 * scraper asks for it ({@code Accept: application/openmetrics-text; version=1.0.0}) and in the
 * text format 0.0.4 otherwise. {@code ?testbed=T} keeps one testbed's.
 *
 * <p>Not on /metrics: that page is Headroom's own health, a few series a scrape every 15 s must
 * get cheaply even while the database is slow; this one is a query sized by the testbeds, belongs
 * to a scrape job of its own (honor_labels, the readings' own timestamps), and a failed query here
 * must not make Headroom's own health look down.
 */
final class ReadingsExposition {
  /** How far back a series' latest reading is looked for: Prometheus' own staleness window. */
  static final String WINDOW = "5 minutes";
  private static final String LATEST = "SELECT e.testbed, e.entity, e.kind, m.name, s.ts, s.value FROM ("
      + " SELECT DISTINCT ON (entity_id, metric_id) entity_id, metric_id, ts, value FROM sample"
      + " WHERE ts > now() - interval '" + WINDOW + "' ORDER BY entity_id, metric_id, ts DESC) s"
      + " JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id"
      + " WHERE ? IS NULL OR e.testbed = ?";

  private record Reading(String metric, Map<String, String> labels, double value, long ms) {}

  private final DatabasePool db;
  private final PromNames names;

  ReadingsExposition(DatabasePool db, PromNames names) {
    this.db = db;
    this.names = names;
  }

  void serve(RoutingContext ctx) throws Exception {
    PrometheusText out = new PrometheusText(wantsOpenMetrics(ctx.request().getHeader("Accept")));
    String testbed = ctx.request().getParam("testbed");
    Map<String, List<Reading>> families = db.with(c -> {
      Map<String, List<Reading>> byName = new TreeMap<>();
      try (PreparedStatement s = c.prepareStatement(LATEST)) {
        s.setString(1, testbed);
        s.setString(2, testbed);
        try (ResultSet r = s.executeQuery()) {
          while (r.next()) {
            add(byName, r);
          }
        }
      }
      return byName;
    });
    families.forEach((name, readings) -> {
      out.family(name, "gauge", help(readings));
      for (Reading r : readings) {
        out.sample(name, r.labels(), r.value(), r.ms());
      }
    });
    ctx.response().putHeader("Content-Type", out.contentType()).end(out.toString());
  }

  private void add(Map<String, List<Reading>> byName, ResultSet r) throws SQLException {
    Map<String, String> labels = new TreeMap<>();
    labels.put("testbed", r.getString(1));
    labels.put("entity", r.getString(2));
    if (!"unknown".equals(r.getString(3))) {
      labels.put("kind", r.getString(3));
    }
    // truncated to the millisecond, as remote write sends it
    long ms = r.getObject(5, java.time.OffsetDateTime.class).toInstant().toEpochMilli();
    byName.computeIfAbsent(names.of(r.getString(4)), k -> new ArrayList<>())
        .add(new Reading(r.getString(4), labels, r.getDouble(6), ms));
  }

  private String help(List<Reading> readings) {
    String metric = readings.get(0).metric();
    MetricDef d = names.declaration(metric);
    return d == null ? "Headroom's " + metric + " (no declaration names it)"
        : d.description() + " (" + metric + ", " + d.unit() + ")";
  }

  /**
   * Whether the Accept header prefers OpenMetrics 1.0.0 (or OpenMetrics of no version) to the
   * text format: the media range with the highest q wins, the first on a tie, as Prometheus
   * orders its own header.
   */
  static boolean wantsOpenMetrics(String accept) {
    if (accept == null) {
      return false;
    }
    double bestOpen = -1;
    double bestText = -1;
    for (String range : accept.split(",")) {
      String[] parts = range.split(";");
      String type = parts[0].strip().toLowerCase(Locale.ROOT);
      double q = 1;
      String version = null;
      for (int i = 1; i < parts.length; i++) {
        String[] kv = parts[i].strip().split("=", 2);
        if (kv.length == 2 && kv[0].strip().equalsIgnoreCase("q")) {
          q = parseQ(kv[1].strip());
        } else if (kv.length == 2 && kv[0].strip().equalsIgnoreCase("version")) {
          version = kv[1].strip();
        }
      }
      if (type.equals("application/openmetrics-text") && (version == null || version.equals("1.0.0"))) {
        bestOpen = Math.max(bestOpen, q);
      } else if (type.equals("text/plain") || type.equals("*/*") || type.equals("text/*")) {
        bestText = Math.max(bestText, q);
      }
    }
    return bestOpen > 0 && bestOpen >= bestText;
  }

  private static double parseQ(String q) {
    try {
      return Double.parseDouble(q);
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
