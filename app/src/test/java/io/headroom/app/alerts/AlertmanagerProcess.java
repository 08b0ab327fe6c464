package io.headroom.app.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A real Prometheus Alertmanager (Debian's prometheus-alertmanager) on a free loopback port, with
 * a temporary configuration (one receiver that sends nowhere) and storage directory, clustering
 * off. Its API is read back with {@link #alerts()}: what it holds, as any client of it sees it.
 */
final class AlertmanagerProcess implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CONFIG = """
      route:
        receiver: blackhole
      receivers:
        - name: blackhole
      """;

  private final Path dir;
  private final Process process;
  private final URI base;
  private final HttpClient http = HttpClient.newHttpClient();

  private AlertmanagerProcess(Path binary) throws IOException, InterruptedException {
    dir = Files.createTempDirectory("headroom-alertmanager");
    Files.writeString(dir.resolve("alertmanager.yml"), CONFIG);
    int port = freePort();
    base = URI.create("http://127.0.0.1:" + port);
    process = new ProcessBuilder(binary.toString(), "--config.file=" + dir.resolve("alertmanager.yml"),
        "--storage.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port,
        "--cluster.listen-address=").redirectErrorStream(true).redirectOutput(dir.resolve("alertmanager.log").toFile())
        .start();
    awaitReady();
  }

  /** The binary where Debian puts it, or {@code alertmanager} on PATH; null when neither is there. */
  static Path binary() {
    Path debian = Path.of("/usr/bin/prometheus-alertmanager");
    if (Files.isExecutable(debian)) {
      return debian;
    }
    for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
      Path p = Path.of(d.isEmpty() ? "." : d, "alertmanager");
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }

  static AlertmanagerProcess start(Path binary) throws IOException, InterruptedException {
    return new AlertmanagerProcess(binary);
  }

  URI uri() {
    return base;
  }

  /** {@code GET /api/v2/alerts}: the alerts it holds that have not ended. */
  JsonNode alerts() throws IOException, InterruptedException {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/api/v2/alerts")).build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException("GET /api/v2/alerts: HTTP " + r.statusCode() + " " + r.body());
    }
    return JSON.readTree(r.body());
  }

  private void awaitReady() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("alertmanager exited: " + Files.readString(dir.resolve("alertmanager.log")));
      }
      try {
        if (http.send(HttpRequest.newBuilder(base.resolve("/-/ready")).build(), HttpResponse.BodyHandlers.discarding())
            .statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(50);
    }
    throw new IOException("alertmanager not ready in 20 s: " + Files.readString(dir.resolve("alertmanager.log")));
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 0, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    process.destroy();
    if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
