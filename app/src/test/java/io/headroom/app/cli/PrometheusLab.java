package io.headroom.app.cli;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Debian's prometheus-node-exporter and prometheus on free loopback ports, Prometheus scraping the
 * exporter every second into a temporary storage directory; both stopped, and the directory
 * removed, on close.
 */
final class PrometheusLab implements AutoCloseable {
  static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
  static final Path NODE_EXPORTER = Path.of("/usr/bin/prometheus-node-exporter");
  private final Path dir;
  private final List<Process> processes = new ArrayList<>();
  private final URI url;
  private final HttpClient http = HttpClient.newHttpClient();

  private PrometheusLab() throws IOException, InterruptedException {
    dir = Files.createTempDirectory("headroom-prometheus");
    int exporterPort = freePort();
    int prometheusPort = freePort();
    Files.writeString(dir.resolve("prometheus.yml"), """
        global:
          scrape_interval: 1s
          evaluation_interval: 1s
        scrape_configs:
          - job_name: node
            static_configs:
              - targets: ['127.0.0.1:%d']
        """.formatted(exporterPort));
    start("node-exporter", NODE_EXPORTER.toString(), "--web.listen-address=127.0.0.1:" + exporterPort);
    start("prometheus", PROMETHEUS.toString(), "--config.file=" + dir.resolve("prometheus.yml"),
        "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + prometheusPort);
    url = URI.create("http://127.0.0.1:" + prometheusPort);
    awaitScraped();
  }

  static boolean installed() {
    return Files.isExecutable(PROMETHEUS) && Files.isExecutable(NODE_EXPORTER);
  }

  static PrometheusLab start() throws IOException, InterruptedException {
    return new PrometheusLab();
  }

  URI url() {
    return url;
  }

  private void start(String name, String... command) throws IOException {
    processes.add(new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(dir.resolve(name + ".log").toFile()).start());
  }

  /** Until Prometheus holds two scrapes of node_uname_info (the mapping's host series), at most 30 s. */
  private void awaitScraped() throws IOException, InterruptedException {
    URI query = url.resolve("/api/v1/query?query=count_over_time(node_uname_info%5B1m%5D)");
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      for (Process p : processes) {
        if (!p.isAlive()) {
          throw new IOException("exited: " + p.info().commandLine().orElse("?") + "; logs in " + dir);
        }
      }
      try {
        String body = http.send(HttpRequest.newBuilder(query).build(), HttpResponse.BodyHandlers.ofString()).body();
        if (body.matches(".*\"value\":\\[[0-9.]+,\"([2-9]|[1-9][0-9]+)\"\\].*")) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(200);
    }
    throw new IOException("prometheus had not scraped node_exporter twice in 30 s; logs in " + dir);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 0, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    for (Process p : processes) {
      p.destroy();
      if (!p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
      }
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
