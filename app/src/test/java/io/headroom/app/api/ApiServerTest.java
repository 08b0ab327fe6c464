package io.headroom.app.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.testing.TestDatabase;
import io.headroom.collector.runtime.CollectorMetrics;
import io.headroom.config.ApiConfig;
import io.headroom.config.ConfigException;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.NextLimit;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API against a real Kafka, PostgreSQL and analyzer, over real HTTP: a run declared from
 * outside goes through Kafka into the database and reads back with its phases and notes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiServerTest {
  private static final String TOKEN = LiveApi.TOKEN;
  private static final double T0 = 1_795_000_000.0;
  private static final ObjectMapper JSON = new ObjectMapper();

  private LiveApi live;
  private EmbeddedKafka kafka;
  private TestDatabase db;
  private AnalyzerService analyzer;
  private ApiServer api;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    live = LiveApi.start(dir);
    kafka = live.kafka;
    db = live.db;
    analyzer = live.analyzer;
    api = live.api;
    declareRunFromOutside();
  }

  /** Run r1 of testbed lab: phases qd1 [T0+10, T0+20) and qd8 [T0+20, T0+30), a note at T0+15. */
  private void declareRunFromOutside() throws Exception {
    assertEquals(201, post("/api/v1/runs", "{\"run\":\"r1\",\"at\":" + T0 + ",\"workload\":{\"tool\":\"vdbench\"}}").statusCode());
    assertEquals(201, post("/api/v1/runs/r1/phases", "{\"name\":\"qd1\",\"at\":" + (T0 + 10) + "}").statusCode());
    assertEquals(201, post("/api/v1/runs/r1/annotations", "{\"text\":\"cache flushed\",\"at\":" + (T0 + 15) + "}").statusCode());
    assertEquals(201, post("/api/v1/runs/r1/phases", "{\"name\":\"qd8\",\"at\":" + (T0 + 20) + "}").statusCode());
    assertEquals(200, post("/api/v1/runs/r1/end", "{\"at\":" + (T0 + 30) + "}").statusCode());
  }

  @AfterAll
  void stop() throws Exception {
    if (live != null) {
      live.close();
    }
  }

  @Test
  void aRunDeclaredFromOutsideReadsBackWithItsPhasesAndNotes() throws Exception {
    JsonNode run = json(get("/api/v1/runs/r1", TOKEN), 200);
    assertEquals("lab", run.get("testbed").asText());
    assertEquals(T0, run.get("start").asDouble());
    assertEquals(T0 + 30, run.get("end").asDouble());
    assertEquals("ended", run.get("state").asText());
    assertEquals("vdbench", run.get("workload").get("tool").asText());
    JsonNode phases = run.get("phases");
    assertEquals(2, phases.size());
    // qd1 was closed when qd8 began (T0+20); qd8 when the run ended (T0+30)
    assertEquals("qd1", phases.get(0).get("name").asText());
    assertEquals(T0 + 10, phases.get(0).get("start").asDouble());
    assertEquals(T0 + 20, phases.get(0).get("end").asDouble());
    assertEquals("qd8", phases.get(1).get("name").asText());
    assertEquals(T0 + 30, phases.get(1).get("end").asDouble());
    assertEquals("cache flushed", run.get("annotations").get(0).get("text").asText());
    assertEquals(T0 + 15, run.get("annotations").get(0).get("ts").asDouble());
  }

  @Test
  void anEndedRunTakesNoMorePhasesAndARunIdIsNotReused() throws Exception {
    HttpResponse<String> phase = post("/api/v1/runs/r1/phases", "{\"name\":\"late\"}");
    assertEquals(409, phase.statusCode());
    assertEquals("run \"r1\" has ended", JSON.readTree(phase.body()).get("error").asText());
    assertEquals(409, post("/api/v1/runs", "{\"run\":\"r1\"}").statusCode());
    assertEquals(400, post("/api/v1/runs/r1/annotations", "{\"text\":7}").statusCode());
    assertEquals(400, post("/api/v1/runs", "not json").statusCode());
  }

  @Test
  void theListFiltersByTestbedAndTimeAtTheBoundaries() throws Exception {
    assertEquals(List.of("r1"), runIds("?testbed=lab"));
    assertEquals(List.of(), runIds("?testbed=other"));
    // r1 spans [T0, T0+30]: a window starting at its end still overlaps it, one starting after does not
    assertEquals(List.of("r1"), runIds("?since=" + (T0 + 30)));
    assertEquals(List.of(), runIds("?since=" + (T0 + 30.5)));
    // until is exclusive of the start: until=T0 excludes it, until just after includes it
    assertEquals(List.of(), runIds("?until=" + T0));
    assertEquals(List.of("r1"), runIds("?until=" + (T0 + 0.5)));
    assertEquals(400, get("/api/v1/runs?since=yesterday", TOKEN).statusCode());
  }

  @Test
  void theVerdictAndHeadroomAreTheNewestStoredVerdict() throws Exception {
    Verdict older = new Verdict("r1", Bottleneck.NONE, null, 0.5, List.of("early"), List.of(), List.of());
    Verdict newer = new Verdict("r1", Bottleneck.DISK, "nvme0n1", 0.9, List.of("nvme0n1 util 0.99"),
        List.of(new HeadroomEntry("nvme0n1", "disk", 0.99, 0.99, "util", true), new HeadroomEntry("cpu0", "cpu", 0.4, 0.4, "util", true)),
        List.of(new PhaseVerdict("qd1", Bottleneck.NONE, null, 0.6), new PhaseVerdict("qd8", Bottleneck.DISK, "nvme0n1", 0.9,
            null, List.of(), List.of(), List.of(), null,
            new NextLimit(Bottleneck.HOST_CPU, "cpu0", null, 2.48, List.of("cpu0 would be full at 2.48 GB/s")), null)));
    // stamped a day ahead, so they stay newer than what the live judge stores meanwhile
    double later = System.currentTimeMillis() / 1000.0 + 86_400;
    storeVerdict(older, later);
    storeVerdict(newer, later + 1);
    JsonNode verdict = json(get("/api/v1/runs/r1/verdict", TOKEN), 200);
    assertEquals(VerdictJson.toJson(newer), JSON.writeValueAsString(verdict));
    assertEquals(2.48, verdict.get("phases").get(1).get("next_limit").get("gain").asDouble());
    assertEquals("HOST_CPU", verdict.get("phases").get(1).get("next_limit").get("bottleneck").asText());
    JsonNode headroom = json(get("/api/v1/runs/r1/headroom", TOKEN), 200).get("headroom");
    assertEquals("nvme0n1", headroom.get(0).get("entity").asText());
    assertEquals(0.99, headroom.get(0).get("utilization").asDouble());
    JsonNode listed = json(get("/api/v1/runs?testbed=lab", TOKEN), 200).get("runs").get(0);
    assertEquals("DISK", listed.get("bottleneck").asText());
    assertEquals(0.9, listed.get("confidence").asDouble());
  }

  @Test
  void theTopologySaysWhatIsDegraded() throws Exception {
    try (Connection c = db.connect(); PreparedStatement ps = c.prepareStatement(
        "INSERT INTO entity (testbed, entity, kind, attrs, capacity) VALUES ('lab', ?, ?, ?::jsonb, ?::jsonb)")) {
      insert(ps, "pcie:0000:3b:00.0", "pcie_link", "{\"gen\":4,\"width\":8,\"max_gen\":4,\"max_width\":16}", "{\"bytes_per_s\":15754000000}");
      insert(ps, "port:eth0", "port", "{\"speed_bps\":10000000000,\"max_speed_bps\":25000000000}", "{}");
      insert(ps, "disk:nvme0n1", "disk", "{}", "{\"iops\":800000}");
    }
    JsonNode topology = json(get("/api/v1/runs/r1/topology", TOKEN), 200);
    Map<String, JsonNode> byId = new java.util.HashMap<>();
    topology.get("entities").forEach(e -> byId.put(e.get("id").asText(), e));
    assertEquals("trained Gen4 x8, capable of Gen4 x16", byId.get("pcie:0000:3b:00.0").get("degraded").asText());
    // 10e9 / 1e9 = 10 Gb/s of 25e9 / 1e9 = 25 Gb/s
    assertEquals("running at 10 Gb/s of 25 Gb/s", byId.get("port:eth0").get("degraded").asText());
    assertTrue(byId.get("disk:nvme0n1").get("degraded").isNull());
    assertEquals(800000.0, byId.get("disk:nvme0n1").get("capacity").get("iops").asDouble());
  }

  @Test
  void theReportPageOfARunIsServedAsHtml() throws Exception {
    // the page is headed by the closing sentence of the verdict the API answers: with no samples
    // stored for r1 that is "Run r1: not judged (too few readings).", after another test stored a
    // verdict for r1 it is that verdict's sentence
    Verdict shown = VerdictJson.fromJson(get("/api/v1/runs/r1/verdict", TOKEN).body());
    HttpResponse<String> page = get("/runs/r1", TOKEN);
    assertEquals(200, page.statusCode());
    assertEquals("text/html; charset=utf-8", page.headers().firstValue("Content-Type").orElse(""));
    assertTrue(page.body().contains("<p class=\"verdict\" id=\"verdict\">"
        + io.headroom.app.report.ReportPage.sentence(shown) + "</p>"), page.body()); // no character of it needs escaping
    assertTrue(page.body().contains("<summary><b>qd1: "), page.body());
    assertEquals(404, get("/runs/nope", TOKEN).statusCode());
  }

  /** ?format=pdf or Accept: application/pdf alone: the PDF, headed by the same sentence; a browser's Accept gets the page. */
  @Test
  void theReportOfARunIsServedAsPdfOnRequest() throws Exception {
    Verdict shown = VerdictJson.fromJson(get("/api/v1/runs/r1/verdict", TOKEN).body());
    HttpResponse<byte[]> pdf = live.getBytes("/runs/r1?format=pdf", TOKEN, null);
    assertEquals(200, pdf.statusCode());
    assertEquals("application/pdf", pdf.headers().firstValue("Content-Type").orElse(""));
    assertEquals("inline; filename=\"r1.pdf\"", pdf.headers().firstValue("Content-Disposition").orElse(""));
    assertEquals("%PDF-", new String(pdf.body(), 0, 5, java.nio.charset.StandardCharsets.US_ASCII));
    if (io.headroom.app.report.PdfText.available()) {
      String text = io.headroom.app.report.PdfText.of(pdf.body());
      assertTrue(io.headroom.app.report.PdfText.holds(text, io.headroom.app.report.ReportPage.sentence(shown)), text);
    }
    HttpResponse<byte[]> accepted = live.getBytes("/runs/r1", TOKEN, "application/pdf");
    assertEquals("application/pdf", accepted.headers().firstValue("Content-Type").orElse(""));
    HttpResponse<byte[]> browser = live.getBytes("/runs/r1", TOKEN, "text/html,application/xhtml+xml,application/pdf;q=0.8");
    assertEquals("text/html; charset=utf-8", browser.headers().firstValue("Content-Type").orElse(""));
    HttpResponse<String> bad = get("/runs/r1?format=docx", TOKEN);
    assertEquals(400, bad.statusCode());
    assertTrue(bad.body().contains("format: html or pdf, not \\\"docx\\\""), bad.body());
  }

  @Test
  void unknownRunsAndEndpointsAreJson404s() throws Exception {
    JsonNode run = json(get("/api/v1/runs/nope", TOKEN), 404);
    assertEquals("no run \"nope\"", run.get("error").asText());
    assertEquals(404, get("/api/v1/runs/nope/verdict", TOKEN).statusCode());
    JsonNode endpoint = json(get("/api/v1/nothing", TOKEN), 404);
    assertEquals("no such endpoint: GET /api/v1/nothing", endpoint.get("error").asText());
  }

  @Test
  void everythingButTheProbesNeedsTheToken() throws Exception {
    HttpResponse<String> none = get("/api/v1/runs", null);
    assertEquals(401, none.statusCode());
    assertEquals("Bearer", none.headers().firstValue("WWW-Authenticate").orElse(""));
    assertEquals(401, get("/api/v1/runs", TOKEN + "x").statusCode());
    assertEquals(401, get("/metrics", null).statusCode());
    assertEquals("up", json(get("/health/live", null), 200).get("status").asText());
    JsonNode ready = json(get("/health/ready", null), 200);
    assertEquals("reachable", ready.get("database").asText());
    assertEquals("storing", ready.get("ingest").asText());
  }

  @Test
  void withoutATokenItServesOnlyOnLoopback(@TempDir Path tmp) throws Exception {
    ConfigException e = assertThrows(ConfigException.class, () -> ApiServer.start(
        new ApiConfig("0.0.0.0:0", null, null), null, Map.of()));
    assertEquals("api: refusing to serve on 0.0.0.0 without a token: set HEADROOM_API_TOKEN "
        + "(or api.token_file), or bind to 127.0.0.1", e.getMessage());
    Path empty = Files.writeString(tmp.resolve("token"), "\n");
    ConfigException fromFile = assertThrows(ConfigException.class, () -> ApiServer.start(
        new ApiConfig("0.0.0.0:0", null, empty), null, Map.of()));
    assertEquals("api.token_file: " + empty + " is empty", fromFile.getMessage());
    assertTrue(BearerAuth.resolve(new ApiConfig("127.0.0.1:0", null, null), "127.0.0.1", Map.of()).permits(null));
    assertTrue(BearerAuth.resolve(new ApiConfig("[::1]:0", null, null), "::1", Map.of()).permits(null));
  }

  @Test
  void aPortInUseIsAConfigErrorNamingIt() {
    ConfigException e = assertThrows(ConfigException.class, () -> ApiServer.start(
        new ApiConfig("127.0.0.1:" + api.port(), null, null),
        new ApiServer.Backend(db.url(), null, null, () -> new RunRecords(KafkaClient.plaintext(kafka.bootstrapServers()),
            new Topics("unused.")), analyzer::health, List.of(), Thresholds.defaults(), "lab"), Map.of()));
    assertTrue(e.getMessage().startsWith("api: cannot listen on 127.0.0.1:" + api.port() + ": "), e.getMessage());
  }

  @Test
  void metricsAreTheAnalyzersOwnHealthInPrometheusText() throws Exception {
    get("/api/v1/runs/nope", TOKEN); // at least one 4xx before the scrape
    HttpResponse<String> m = get("/metrics", TOKEN);
    assertEquals(200, m.statusCode());
    assertTrue(m.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
    String body = m.body();
    assertTrue(body.contains("# TYPE headroom_samples_stored_total counter\nheadroom_samples_stored_total 0\n"), body);
    assertTrue(body.contains("\nheadroom_ingest_up 1\n"), body);
    assertTrue(body.contains("\nheadroom_dead_lettered_total 0\n"), body);
    assertTrue(body.matches("(?s).*\nheadroom_api_requests_total\\{status=\"4xx\"\\} [1-9][0-9]*\n.*"), body);
  }

  /**
   * A collector's health, stored as samples under the names its declarations give
   * (CollectorMetrics), is on /metrics as the newest value per source entity: the query follows the
   * declaration, so a rename there cannot leave the family empty.
   */
  @Test
  void theCollectorsStoredScrapeHealthIsOnMetricsPerSource() throws Exception {
    try (Connection c = db.connect(); var s = c.createStatement()) {
      s.execute("INSERT INTO entity (testbed, entity, kind) VALUES ('lab', 'h9/collector/host', 'collector') "
          + "ON CONFLICT DO NOTHING");
      for (String name : List.of(CollectorMetrics.SCRAPE_DURATION.name(), CollectorMetrics.SPOOL_BYTES.name())) {
        s.execute("INSERT INTO metric (name) VALUES ('" + name + "') ON CONFLICT DO NOTHING");
      }
      // two readings of the duration, 20 s apart: the newer one is the figure
      s.execute("INSERT INTO sample (ts, entity_id, metric_id, value) SELECT now() - v.age * interval '1 second', e.id, m.id, "
          + "v.value FROM entity e, metric m, (VALUES (30, 0.75), (10, 0.25)) AS v(age, value) WHERE e.testbed = 'lab' "
          + "AND e.entity = 'h9/collector/host' AND m.name = '" + CollectorMetrics.SCRAPE_DURATION.name() + "'");
      s.execute("INSERT INTO sample (ts, entity_id, metric_id, value) SELECT now() - interval '10 seconds', e.id, m.id, "
          + "4096 FROM entity e, metric m WHERE e.testbed = 'lab' AND e.entity = 'h9/collector/host' "
          + "AND m.name = '" + CollectorMetrics.SPOOL_BYTES.name() + "'");
      try {
        String body = get("/metrics", TOKEN).body();
        assertTrue(body.contains("\nheadroom_source_scrape_duration_seconds{entity=\"h9/collector/host\",testbed=\"lab\"} 0.25\n"),
            body);
        assertTrue(body.contains("\nheadroom_collector_spool_bytes{entity=\"h9/collector/host\",testbed=\"lab\"} 4096"), body);
      } finally {
        s.execute("DELETE FROM sample WHERE entity_id = (SELECT id FROM entity WHERE testbed = 'lab' "
            + "AND entity = 'h9/collector/host')");
        s.execute("DELETE FROM entity WHERE testbed = 'lab' AND entity = 'h9/collector/host'");
      }
    }
  }

  /**
   * "Seconds since any analyzer last stored a sample batch" is the age of the newest row of
   * ingest_progress: two partitions stored 90 s and 30 s ago make it 30 s (and the few seconds the
   * scrape takes).
   */
  @Test
  void theLastBatchAgeIsThatOfTheNewestPartitionStored() throws Exception {
    try (Connection c = db.connect(); var s = c.createStatement()) {
      s.execute("INSERT INTO ingest_progress (topic, kafka_partition, next_offset, stored_at) VALUES "
          + "('x.samples', 0, 10, now() - interval '90 seconds'), ('x.samples', 1, 7, now() - interval '30 seconds')");
      try {
        String body = get("/metrics", TOKEN).body();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\nheadroom_ingest_last_batch_age_seconds (\\S+)\n")
            .matcher(body);
        assertTrue(m.find(), body);
        double age = Double.parseDouble(m.group(1));
        assertTrue(age >= 30 && age < 40, "age " + age);
      } finally {
        s.execute("DELETE FROM ingest_progress WHERE topic = 'x.samples'");
      }
    }
  }

  @Test
  void theOpenApiDescriptionInDocsMatchesTheRoutesServed() throws Exception {
    String doc = Files.readString(Path.of("..", "docs", "api.md"));
    int from = doc.indexOf("```yaml openapi\n") + "```yaml openapi\n".length();
    JsonNode openapi = new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
        .readTree(doc.substring(from, doc.indexOf("```", from)));
    java.util.Set<String> documented = new java.util.TreeSet<>();
    openapi.get("paths").fields().forEachRemaining(p -> p.getValue().fieldNames().forEachRemaining(
        method -> documented.add(method.toUpperCase(java.util.Locale.ROOT) + " " + p.getKey())));
    // the routes a router built as the server builds its own really has (the catch-all filters left out)
    java.util.Set<String> served = new java.util.TreeSet<>();
    BearerAuth auth = BearerAuth.resolve(new ApiConfig("127.0.0.1:0", "HEADROOM_API_TOKEN", null), "127.0.0.1", Map.of());
    for (io.vertx.ext.web.Route route : api.router(auth).getRoutes()) {
      if (route.getPath() != null && route.methods() != null) {
        route.methods().forEach(m -> served.add(m.name() + " " + route.getPath().replaceAll(":([a-z]+)", "{$1}")));
      }
    }
    assertEquals(served, documented);
    assertEquals(16, served.size()); // 3 probes/metrics + the readings exposition + 10 API + the report and comparison pages
  }

  private void storeVerdict(Verdict v, double computedAt) throws Exception {
    try (Connection c = db.connect(); PreparedStatement ps = c.prepareStatement("INSERT INTO verdict "
        + "(testbed, run, computed_at, bottleneck, entity, confidence, body) VALUES ('lab', 'r1', to_timestamp(?), ?, ?, ?, ?::jsonb)")) {
      ps.setDouble(1, computedAt);
      ps.setString(2, v.bottleneck().name());
      ps.setString(3, v.entity());
      ps.setDouble(4, v.confidence());
      ps.setString(5, VerdictJson.toJson(v));
      ps.executeUpdate();
    }
  }

  private static void insert(PreparedStatement ps, String id, String kind, String attrs, String capacity) throws Exception {
    ps.setString(1, id);
    ps.setString(2, kind);
    ps.setString(3, attrs);
    ps.setString(4, capacity);
    ps.executeUpdate();
  }

  private List<String> runIds(String query) throws Exception {
    JsonNode runs = json(get("/api/v1/runs" + query, TOKEN), 200).get("runs");
    List<String> ids = new java.util.ArrayList<>();
    runs.forEach(r -> ids.add(r.get("run").asText()));
    return ids;
  }

  private static JsonNode json(HttpResponse<String> r, int status) throws Exception {
    assertEquals(status, r.statusCode(), r.body());
    assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
    return JSON.readTree(r.body());
  }

  private HttpResponse<String> get(String path, String token) throws Exception {
    return live.get(path, token);
  }

  private HttpResponse<String> post(String path, String body) throws Exception {
    return live.post(path, body);
  }
}
