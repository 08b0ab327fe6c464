package io.headroom.app.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A real remote-write receiver started by a test, Debian's binary on 127.0.0.1 at a free port,
 * stopped and started again on the same port and data directory (an endpoint down), and read back
 * through its own query API: every raw sample of a series, with its millisecond timestamp.
 */
abstract class Receiver implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();

  /** One raw sample as the receiver holds it. */
  record Sample(long ms, double value) {}

  final Path dir;
  final int port = freePort();
  private Process process;

  Receiver(Path dir) {
    this.dir = dir;
  }

  abstract List<String> command();

  abstract String readyPath();

  abstract URI writeUrl();

  /** Every raw sample of the one series {@code selector} names (a PromQL series selector), oldest first. */
  abstract List<Sample> samples(String selector) throws Exception;

  URI base() {
    return URI.create(scheme() + "://127.0.0.1:" + port);
  }

  String scheme() {
    return "http";
  }

  /** The client the test reads the receiver with. */
  HttpClient client() {
    return HTTP;
  }

  Receiver start() throws Exception {
    Files.createDirectories(dir);
    process = new ProcessBuilder(command()).redirectErrorStream(true)
        .redirectOutput(dir.resolveSibling(dir.getFileName() + ".log").toFile()).start();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(command().get(0) + " exited " + process.exitValue() + "; see "
            + dir.resolveSibling(dir.getFileName() + ".log"));
      }
      try {
        if (get(readyPath()).statusCode() == 200) {
          return this;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException(command().get(0) + " not ready within 60 s");
  }

  /** Stops it (SIGTERM, as a service manager would) and waits for it to exit. */
  void stop() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroy();
      process.waitFor();
    }
  }

  @Override
  public void close() throws InterruptedException {
    stop();
  }

  HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
    return client().send(HttpRequest.newBuilder(base().resolve(pathAndQuery)).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  static int freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Debian's prometheus (2.42) taking remote writes. */
  static final class Prometheus extends Receiver {
    static final Path BINARY = Path.of("/usr/bin/prometheus");
    private final String scrapeConfig;
    /** Serving https: its web config file (tls_server_config) and a client that trusts its certificate. */
    private Path webConfig;
    private HttpClient tlsClient;

    /** {@code scrapeConfig}: YAML lines under scrape_configs:, or "" for none. */
    Prometheus(Path dir, String scrapeConfig) {
      super(dir);
      this.scrapeConfig = scrapeConfig;
    }

    @Override
    List<String> command() {
      Path config = dir.resolveSibling(dir.getFileName() + ".yml");
      try {
        Files.writeString(config, "global:\n  scrape_interval: 1s\n"
            + (scrapeConfig.isEmpty() ? "" : "scrape_configs:\n" + scrapeConfig));
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      List<String> command = new ArrayList<>(List.of(BINARY.toString(), "--config.file=" + config,
          "--storage.tsdb.path=" + dir, "--web.listen-address=127.0.0.1:" + port, "--web.enable-remote-write-receiver"));
      if (webConfig != null) {
        command.add("--web.config.file=" + webConfig);
      }
      return command;
    }

    /**
     * Serves https with the certificate and key of {@code webConfig} (Prometheus' web
     * configuration file, {@code tls_server_config}), read by a client trusting {@code ca}.
     */
    Prometheus tls(Path webConfig, javax.net.ssl.SSLContext ca) {
      this.webConfig = webConfig;
      this.tlsClient = HttpClient.newBuilder().sslContext(ca).build();
      return this;
    }

    @Override
    String scheme() {
      return webConfig == null ? "http" : "https";
    }

    @Override
    HttpClient client() {
      return tlsClient == null ? HTTP : tlsClient;
    }

    @Override
    String readyPath() {
      return "/-/ready";
    }

    @Override
    URI writeUrl() {
      return base().resolve("/api/v1/write");
    }

    @Override
    List<Sample> samples(String selector) throws Exception {
      // a range selector in an instant query returns the raw samples, timestamps as they were written
      HttpResponse<String> r = get("/api/v1/query?query=" + encode(selector + "[3h]"));
      JsonNode result = JSON.readTree(r.body()).path("data").path("result");
      List<Sample> out = new ArrayList<>();
      if (result.size() > 1) {
        throw new IllegalStateException(selector + " names " + result.size() + " series: " + result);
      }
      for (JsonNode v : result.path(0).path("values")) {
        out.add(new Sample(Math.round(v.get(0).asDouble() * 1000), Double.parseDouble(v.get(1).asText())));
      }
      return out;
    }

    /** The series {@code selector} matches, as label maps. */
    List<Map<String, String>> series(String selector) throws Exception {
      HttpResponse<String> r = get("/api/v1/series?match[]=" + encode(selector));
      List<Map<String, String>> out = new ArrayList<>();
      for (JsonNode s : JSON.readTree(r.body()).path("data")) {
        out.add(JSON.convertValue(s, Map.class));
      }
      return out;
    }
  }

  /** Debian's victoria-metrics (1.79), the second receiver. */
  static final class VictoriaMetrics extends Receiver {
    static final Path BINARY = Path.of("/usr/bin/victoria-metrics");

    VictoriaMetrics(Path dir) {
      super(dir);
    }

    @Override
    List<String> command() {
      // dedup at 1 ms: a request sent again after a crash stores nothing twice (docs/prometheus.md)
      return List.of(BINARY.toString(), "-httpListenAddr=127.0.0.1:" + port, "-storageDataPath=" + dir,
          "-retentionPeriod=1y", "-dedup.minScrapeInterval=1ms");
    }

    @Override
    String readyPath() {
      return "/health";
    }

    @Override
    URI writeUrl() {
      return base().resolve("/api/v1/write");
    }

    @Override
    List<Sample> samples(String selector) throws Exception {
      get("/internal/force_flush"); // what was written is searchable at once, not after its cache interval
      HttpResponse<String> r = get("/api/v1/export?match[]=" + encode(selector));
      List<Sample> out = new ArrayList<>();
      List<String> lines = r.body().lines().filter(l -> !l.isBlank()).toList();
      if (lines.size() > 1) {
        throw new IllegalStateException(selector + " names " + lines.size() + " series: " + r.body());
      }
      for (String line : lines) {
        JsonNode s = JSON.readTree(line);
        for (int i = 0; i < s.path("values").size(); i++) {
          out.add(new Sample(s.path("timestamps").get(i).asLong(), s.path("values").get(i).asDouble()));
        }
      }
      out.sort(java.util.Comparator.comparingLong(Sample::ms));
      return out;
    }
  }
}
