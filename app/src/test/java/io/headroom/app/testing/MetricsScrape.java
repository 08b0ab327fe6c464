package io.headroom.app.testing;

import io.headroom.analyzer.detect.Thresholds;
import io.headroom.analyzer.store.Migrations;
import io.headroom.app.api.ApiServer;
import io.headroom.app.api.MetricsSource;
import io.headroom.app.service.AnalyzerService;
import io.headroom.config.ApiConfig;
import io.headroom.model.RecordingRecord;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server on loopback with the given metrics sources, over a migrated test database, and
 * its /metrics read over HTTP as Prometheus reads it; values looked up by name and labels.
 */
public final class MetricsScrape implements AutoCloseable {
  private static final String TOKEN = "metrics-test-token";
  private final ApiServer api;
  private final HttpClient http = HttpClient.newHttpClient();

  public MetricsScrape(TestDatabase db, List<MetricsSource> sources) throws Exception {
    try (Connection c = db.connect()) {
      Migrations.migrate(c, TestDatabase.KEEPING_FIXED_DATES);
    }
    ApiServer.RunRecordsFactory noRuns = () -> new ApiServer.RunRecordsSink() {
      @Override
      public void publish(String testbed, RecordingRecord record) {
        throw new UnsupportedOperationException("this test's API takes no runs");
      }

      @Override
      public void close() {}
    };
    api = ApiServer.start(new ApiConfig("127.0.0.1:0", null, null),
        new ApiServer.Backend(db.url(), null, null, noRuns, () -> new AnalyzerService.Health("storing", 0, 0, 0),
            sources, Thresholds.defaults(), "lab"),
        Map.of(ApiConfig.DEFAULT_TOKEN_ENV, TOKEN));
  }

  /** The body of GET /metrics (which must answer 200). */
  public String text() throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/metrics"))
        .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new AssertionError("/metrics answered " + r.statusCode() + ": " + r.body());
    }
    return r.body();
  }

  /**
   * The value of the sample written exactly {@code name{labels}} (labels as the exposition
   * writes them, e.g. {@code kind="slack",target="slack:127.0.0.1:1#1"}; empty for none).
   *
   * @throws AssertionError naming the sample when the text has no such line
   */
  public static double value(String text, String name, String labels) {
    String series = labels.isEmpty() ? name : name + "{" + labels + "}";
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(text);
    if (!m.find()) {
      throw new AssertionError("no sample " + series + " in\n" + text);
    }
    String v = m.group(1);
    return v.equals("NaN") ? Double.NaN : Double.parseDouble(v);
  }

  @Override
  public void close() {
    api.close();
  }
}
