package io.headroom.app.api;

import io.headroom.analyzer.detect.Thresholds;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.testing.TestDatabase;
import io.headroom.config.ApiConfig;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The API as it runs in the analyzer: a real Kafka broker, a real PostgreSQL, the analyzer storing
 * what the API publishes, and the server over real HTTP with a bearer token; testbed "lab" is the
 * default for runs started without one.
 */
final class LiveApi implements AutoCloseable {
  static final String TOKEN = "s3cret-token";

  final EmbeddedKafka kafka;
  final TestDatabase db;
  final AnalyzerService analyzer;
  final ApiServer api;
  private final HttpClient http = HttpClient.newHttpClient();

  private LiveApi(EmbeddedKafka kafka, TestDatabase db, AnalyzerService analyzer, ApiServer api) {
    this.kafka = kafka;
    this.db = db;
    this.analyzer = analyzer;
    this.api = api;
  }

  static LiveApi start(Path dir) throws Exception {
    EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"));
    Topics topics = new Topics("api" + System.nanoTime() + ".");
    KafkaClient client = KafkaClient.plaintext(kafka.bootstrapServers());
    TopicSetup.ensure(client, topics, 2, (short) 1);
    TestDatabase db = TestDatabase.create();
    AnalyzerService analyzer = new AnalyzerService(IngestConfig.defaults(client, topics), db.url(), null, null,
        TestDatabase.KEEPING_FIXED_DATES);
    ApiServer api = ApiServer.start(new ApiConfig("127.0.0.1:0", null, null),
        new ApiServer.Backend(db.url(), null, null, () -> new RunRecords(client, topics), analyzer::health, List.of(),
            Thresholds.defaults(), "lab"),
        Map.of(ApiConfig.DEFAULT_TOKEN_ENV, TOKEN));
    return new LiveApi(kafka, db, analyzer, api);
  }

  HttpResponse<String> get(String path, String token) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri(path));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** GET with the token and an Accept header (null for none), the body as bytes (a PDF). */
  HttpResponse<byte[]> getBytes(String path, String token, String accept) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + token);
    if (accept != null) {
      b.header("Accept", accept);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  HttpResponse<String> post(String path, String body) throws Exception {
    return post(path, body, null);
  }

  /** POST of raw bytes (a body that may not be UTF-8) with the token. */
  HttpResponse<String> post(String path, byte[] body) throws Exception {
    HttpRequest r = HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + TOKEN)
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
    return http.send(r, HttpResponse.BodyHandlers.ofString());
  }

  /** POST with the token; {@code contentType} null sends none (as Java's HttpClient does). */
  HttpResponse<String> post(String path, String body, String contentType) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + TOKEN)
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (contentType != null) {
      b.header("Content-Type", contentType);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /**
   * A GET of {@code target} exactly as given, over a plain socket (for targets Java's URI refuses
   * to send): the whole answer, status line, headers and body.
   */
  String rawGet(String target) throws Exception {
    try (java.net.Socket s = new java.net.Socket("127.0.0.1", api.port())) {
      s.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + TOKEN
          + "\r\nConnection: close\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      return new String(s.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  /** {@code path} as written (already percent-encoded where it must be). */
  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + api.port() + path);
  }

  @Override
  public void close() throws Exception {
    try (AutoCloseable k = kafka; AutoCloseable d = db; AutoCloseable a = analyzer; AutoCloseable s = api) {
      // closed in reverse order: the API, the analyzer, the database, then the broker
    }
  }
}
