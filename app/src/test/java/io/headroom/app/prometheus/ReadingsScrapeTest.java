package io.headroom.app.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.analyzer.detect.Thresholds;
import io.headroom.app.api.ApiServer;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.testing.StoredRecording;
import io.headroom.app.testing.TestDatabase;
import io.headroom.config.ApiConfig;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Metrics;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import io.headroom.standin.MachineTest;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scrape endpoint, /metrics/readings, served by the analyzer's API from a real PostgreSQL, read
 * by hand in both formats and scraped by a real Prometheus 2.42 (which asks for OpenMetrics): it
 * gets each series' latest reading, at its own time, under the names and labels remote write uses.
 */
@MachineTest("starts prometheus (apt package) on a free port of 127.0.0.1")
class ReadingsScrapeTest {
  private static final String TOKEN = "scrape-t0ken";

  @TempDir Path dir;

  @Test
  void prometheusScrapingTheEndpointGetsTheLatestReadingOfEachSeriesAtItsTime() throws Exception {
    assumeTrue(Files.isExecutable(Receiver.Prometheus.BINARY), "prometheus is not installed");
    long now = System.currentTimeMillis();
    long cpuLast = now - 10_000;
    long diskLast = now - 5_000;
    List<RecordingRecord> records = List.of(
        new Run("r1", "rw", (now - 60_000) / 1000.0, null, Map.of()),
        new Entity("h1/cpu0", EntityKind.HOST_CPU, "cpu0", Map.of(), Map.of()),
        new Entity("d1", EntityKind.DISK, "d1", Map.of(), Map.of()),
        new Sample((now - 20_000) / 1000.0, "h1/cpu0", Metrics.UTIL, 0.25),
        new Sample(cpuLast / 1000.0, "h1/cpu0", Metrics.UTIL, 0.5),
        new Sample((now - 15_000) / 1000.0, "d1", Metrics.READ_LATENCY_S, 0.003),
        new Sample(diskLast / 1000.0, "d1", Metrics.READ_LATENCY_S, 0.004),
        new Sample((now - 600_000) / 1000.0, "d1", Metrics.WRITE_LATENCY_S, 0.009)); // 10 min old: not latest
    try (TestDatabase db = TestDatabase.create()) {
      try (var database = db.migrated(); Connection c = database.connection()) {
        StoredRecording.store(c, records);
      }
      ApiServer api = ApiServer.start(new ApiConfig("127.0.0.1:0", null, null),
          new ApiServer.Backend(db.url(), null, null, NoRuns::new,
              () -> new AnalyzerService.Health("storing", 0, 0, 0), List.of(), Thresholds.defaults(), "rw"),
          Map.of(ApiConfig.DEFAULT_TOKEN_ENV, TOKEN));
      try (api; Receiver.Prometheus prometheus = new Receiver.Prometheus(dir.resolve("prometheus"), """
            - job_name: headroom-readings
              metrics_path: /metrics/readings
              honor_labels: true
              authorization: {credentials: %s}
              static_configs: [{targets: ['127.0.0.1:%d']}]
              metric_relabel_configs: [{action: labeldrop, regex: 'job|instance'}]
          """.formatted(TOKEN, api.port()))) {
        HttpResponse<String> text = get(api, null);
        assertEquals("text/plain; version=0.0.4; charset=utf-8", text.headers().firstValue("Content-Type").orElse(""));
        assertEquals(List.of(
            "headroom_read_latency_seconds{entity=\"d1\",kind=\"disk\",testbed=\"rw\"} 0.004 " + diskLast,
            "headroom_util_ratio{entity=\"h1/cpu0\",kind=\"host_cpu\",testbed=\"rw\"} 0.5 " + cpuLast),
            text.body().lines().filter(l -> !l.startsWith("#")).toList());
        HttpResponse<String> om = get(api, "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5");
        assertEquals("application/openmetrics-text; version=1.0.0; charset=utf-8",
            om.headers().firstValue("Content-Type").orElse(""));
        assertTrue(om.body().contains("headroom_util_ratio{entity=\"h1/cpu0\",kind=\"host_cpu\",testbed=\"rw\"} 0.5 "
            + cpuLast / 1000 + "." + String.format("%03d", cpuLast % 1000) + "\n"), om.body());
        assertTrue(om.body().endsWith("# EOF\n"));

        prometheus.start();
        ForwardingRig.await(() -> {
          try {
            return !prometheus.samples("headroom_read_latency_seconds").isEmpty()
                && !prometheus.samples("headroom_util_ratio").isEmpty();
          } catch (Exception e) {
            return false;
          }
        }, Duration.ofSeconds(60), "Prometheus scraped both series");
        assertEquals(List.of(new Receiver.Sample(cpuLast, 0.5)), prometheus.samples("headroom_util_ratio"));
        assertEquals(List.of(new Receiver.Sample(diskLast, 0.004)), prometheus.samples("headroom_read_latency_seconds"));
        // the same series remote write sends: name, testbed, entity, kind, and nothing of the scrape
        assertEquals(List.of(Map.of("__name__", "headroom_util_ratio", "testbed", "rw", "entity", "h1/cpu0",
            "kind", "host_cpu")), prometheus.series("headroom_util_ratio"));
        assertEquals(List.of(), prometheus.samples("headroom_write_latency_seconds"));
      }
    }
  }

  private static HttpResponse<String> get(ApiServer api, String accept) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + "/metrics/readings"))
        .header("Authorization", "Bearer " + TOKEN);
    if (accept != null) {
      b.header("Accept", accept);
    }
    return Receiver.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** This test declares no runs through the API. */
  private static final class NoRuns implements ApiServer.RunRecordsSink {
    @Override
    public void publish(String testbed, RecordingRecord record) {
      throw new UnsupportedOperationException("no runs are declared in this test");
    }

    @Override
    public void close() {}
  }
}
