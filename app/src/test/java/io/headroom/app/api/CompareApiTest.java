package io.headroom.app.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.compare.ComparisonJson;
import io.headroom.analyzer.compare.RunComparer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.testing.StoredRecording;
import io.headroom.app.testing.TestDatabase;
import io.headroom.config.ApiConfig;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.Bottleneck;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import io.headroom.model.recording.RecordingReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * GET /api/v1/compare and the comparison page against a real Kafka, PostgreSQL and analyzer, over
 * real HTTP: study S5 before and after its upgrade, stored as the ingest stores them, compare as
 * the two recordings do.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CompareApiTest {
  private static final String TOKEN = "s3cret-token";
  private static final Path BEFORE = Path.of("../docs/scenarios/s5-powerstore-before.jsonl");
  private static final Path AFTER = Path.of("../docs/scenarios/s5-powerstore-upgrade.jsonl");
  private static final ObjectMapper JSON = new ObjectMapper();

  private EmbeddedKafka kafka;
  private TestDatabase db;
  private AnalyzerService analyzer;
  private ApiServer api;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    kafka = EmbeddedKafka.start(dir.resolve("kafka"));
    Topics topics = new Topics("compare" + System.nanoTime() + ".");
    KafkaClient client = KafkaClient.plaintext(kafka.bootstrapServers());
    TopicSetup.ensure(client, topics, 1, (short) 1);
    db = TestDatabase.create();
    analyzer = new AnalyzerService(IngestConfig.defaults(client, topics), db.url(), null, null, TestDatabase.KEEPING_FIXED_DATES);
    api = ApiServer.start(new ApiConfig("127.0.0.1:0", null, null),
        new ApiServer.Backend(db.url(), null, null, () -> new RunRecords(client, topics), analyzer::health, List.of(),
            Thresholds.defaults(), "lab"),
        Map.of(ApiConfig.DEFAULT_TOKEN_ENV, TOKEN));
    try (var database = db.migrated(); Connection c = database.connection()) {
      StoredRecording.store(c, RecordingReader.readAll(BEFORE, false));
      StoredRecording.store(c, RecordingReader.readAll(AFTER, false));
    }
  }

  @AfterAll
  void stop() throws Exception {
    if (api != null) {
      api.close();
    }
    if (analyzer != null) {
      analyzer.close();
    }
    if (db != null) {
      db.close();
    }
    if (kafka != null) {
      kafka.close();
    }
  }

  @Test
  void theStoredRunsCompareAsTheirRecordingsDo() throws Exception {
    HttpResponse<String> r = get("/api/v1/compare?a=s5-before&b=s5&testbed=s5-powerstore", TOKEN);
    assertEquals(200, r.statusCode(), r.body());
    assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
    assertEquals(JSON.readTree(ComparisonJson.toJson(fromFiles())), JSON.readTree(r.body()));
  }

  @Test
  void theNoiseFloorAndSeveralRunsASideAreQueryParameters() throws Exception {
    // a 20% floor: the upgrade's +15% is within it
    JsonNode wide = JSON.readTree(get("/api/v1/compare?a=s5-before&b=s5&noise_floor=20%25", TOKEN).body());
    JsonNode read100 = wide.get("phases").get(0);
    assertEquals(false, read100.get("significant").asBoolean(), read100.toString());
    assertEquals("request", read100.get("noise").get("floor_from").asText());
    assertEquals(0.2, read100.get("noise").get("floor").asDouble(), 1e-12);
    // two runs a side: A's two are the stored ones (B's run against A's) for want of more recordings
    JsonNode runs = JSON.readTree(get("/api/v1/compare?a=s5-before,s5&b=s5,s5-before", TOKEN).body());
    assertEquals(List.of("s5-before", "s5"), JSON.convertValue(runs.get("a").get("runs"), List.class));
    assertEquals("runs", runs.get("phases").get(0).get("noise").get("basis").asText());
    HttpResponse<String> twice = get("/api/v1/compare?a=s5-before,s5-before&b=s5", TOKEN);
    assertEquals(400, twice.statusCode());
    assertEquals("run s5-before is given twice for A: each run is one observation, so give each once",
        JSON.readTree(twice.body()).get("error").asText());
    HttpResponse<String> bad = get("/api/v1/compare?a=s5-before&b=s5&noise_floor=much", TOKEN);
    assertEquals(400, bad.statusCode());
    assertEquals("noise_floor: noise floor \"much\": a percentage (3.5%) or a share (0.035)",
        JSON.readTree(bad.body()).get("error").asText());
  }

  @Test
  void thePageShowsTheSummaryAndEveryPhase() throws Exception {
    HttpResponse<String> r = get("/compare?a=s5-before&b=s5", TOKEN);
    assertEquals(200, r.statusCode(), r.body());
    assertEquals("text/html; charset=utf-8", r.headers().firstValue("Content-Type").orElse(""));
    String summary = fromFiles().summary().replace(">", "&gt;");
    assertTrue(r.body().contains("<p class=\"verdict\" id=\"summary\">" + summary + "</p>"), r.body());
    for (String phase : List.of("4k-rand-read100", "4k-rand-read50", "8k-rand-read25")) {
      assertTrue(r.body().contains("<h3>" + phase + "</h3>"), phase);
    }
  }

  @Test
  void aMissingSideOrAnUnknownRunIsRefusedByName() throws Exception {
    HttpResponse<String> noB = get("/api/v1/compare?a=s5-before", TOKEN);
    assertEquals(400, noB.statusCode());
    assertEquals("b: required, the id of run B (the one compared with it)", JSON.readTree(noB.body()).get("error").asText());
    HttpResponse<String> unknown = get("/api/v1/compare?a=s5-before&b=s6", TOKEN);
    assertEquals(404, unknown.statusCode());
    assertEquals("no run \"s6\"", JSON.readTree(unknown.body()).get("error").asText());
    assertEquals(401, get("/api/v1/compare?a=s5-before&b=s5", null).statusCode());
  }

  /**
   * Last, since it stores verdicts the other tests do not expect: a stored verdict that judges
   * every phase is used (here one that says DISK everywhere, which no analysis of the data would),
   * one that misses a phase (stored while the run went on) is not.
   */
  @Test
  @Order(Integer.MAX_VALUE)
  void aStoredVerdictIsUsedOnlyWhenItJudgesEveryPhase() throws Exception {
    Verdict fresh = new RunAnalyzer().analyze(data(RecordingReader.readAll(BEFORE, false)), "s5-before");
    List<PhaseVerdict> disk = fresh.phases().stream()
        .map(p -> new PhaseVerdict(p.name(), Bottleneck.DISK, "s5/ps1200t/vol1", 0.9)).toList();
    storeVerdict(new Verdict("s5-before", Bottleneck.DISK, "s5/ps1200t/vol1", 0.9, List.of(), List.of(), disk));
    JsonNode c = JSON.readTree(get("/api/v1/compare?a=s5-before&b=s5", TOKEN).body());
    c.get("phases").forEach(p -> assertEquals("DISK", p.get("a").get("bottleneck").asText(), p.toString()));
    // a later verdict of the first phase alone: stale, so the phases are judged from the data
    storeVerdict(new Verdict("s5-before", Bottleneck.DISK, "s5/ps1200t/vol1", 0.9, List.of(), List.of(), disk.subList(0, 1)));
    JsonNode again = JSON.readTree(get("/api/v1/compare?a=s5-before&b=s5", TOKEN).body());
    assertEquals("ARRAY_CPU", again.get("phases").get(0).get("a").get("bottleneck").asText());
  }

  private void storeVerdict(Verdict v) throws Exception {
    try (Connection c = db.connect(); PreparedStatement ps = c.prepareStatement("INSERT INTO verdict "
        + "(testbed, run, computed_at, bottleneck, entity, confidence, body) VALUES ('s5-powerstore', ?, clock_timestamp(), ?, ?, ?, ?::jsonb)")) {
      ps.setString(1, v.run());
      ps.setString(2, v.bottleneck().name());
      ps.setString(3, v.entity());
      ps.setDouble(4, v.confidence());
      ps.setString(5, VerdictJson.toJson(v));
      ps.executeUpdate();
    }
  }

  private static io.headroom.analyzer.compare.Comparison fromFiles() throws Exception {
    RunData a = data(RecordingReader.readAll(BEFORE, false));
    RunData b = data(RecordingReader.readAll(AFTER, false));
    RunAnalyzer analyzer = new RunAnalyzer();
    return RunComparer.compare(a, analyzer.analyze(a, "s5-before"), b, analyzer.analyze(b, "s5"));
  }

  private static RunData data(List<RecordingRecord> records) {
    RunData d = new RunData();
    records.forEach(d::accept);
    return d;
  }

  private HttpResponse<String> get(String path, String token) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.port() + path));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
