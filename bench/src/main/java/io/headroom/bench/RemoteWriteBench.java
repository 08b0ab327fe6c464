package io.headroom.bench;

import io.headroom.analyzer.ingest.ForwardLoop;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.remotewrite.EntityKinds;
import io.headroom.analyzer.remotewrite.Forwarding;
import io.headroom.remotewrite.PromNames;
import io.headroom.remotewrite.RemoteWriteClient;
import io.headroom.remotewrite.RemoteWriteSender;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.service.RemoteWriteService;
import io.headroom.config.RemoteWriteTarget;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What remote write costs beside the ingest's own storing, in CPU per 1,000 samples: the same
 * samples on the topics, stored by the analyzer's ingest into PostgreSQL (its threads and its
 * server backend), then forwarded by a forwarding loop to a real Prometheus 2.42 (the loop's
 * thread: fetch, decode, series, protobuf, snappy, and the JDK HTTP client's threads). The
 * receiver's own CPU is the TSDB's, as Grafana's would be, and is not counted. Target: remote
 * write at most 20% of storing's CPU. Rounds alternate which goes first; a fresh Prometheus each
 * round, so every round's samples are new to it.
 */
public final class RemoteWriteBench {
  static final double TARGET = 0.20;
  private static final Path PROMETHEUS = Path.of(System.getProperty("prometheus", "/usr/bin/prometheus"));

  /** CPU of one pass, in ms per 1,000 samples: the JVM threads doing it and the database backend (storing only). */
  record Cost(double threadsMs, double serverMs, double jvmMs) {
    double totalMs() {
      return threadsMs + serverMs;
    }
  }

  public static void main(String[] args) throws Exception {
    int entities = Integer.getInteger("entities", 500);
    int metrics = Integer.getInteger("metrics", 10);
    int seconds = Integer.getInteger("seconds", 200);
    int rounds = Integer.getInteger("rounds", 3);
    long total = (long) entities * metrics * seconds;
    Path work = System.getProperty("work") != null ? Path.of(System.getProperty("work"))
        : Files.createTempDirectory("headroom-bench-");
    String dbName = System.getProperty("db", "headroom_bench_" + System.currentTimeMillis());
    double t0 = Math.floor(System.currentTimeMillis() / 1000.0) - seconds;
    try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"));
        BenchDb db = BenchDb.create(System.getProperty("pg", "127.0.0.1:5432"), dbName, work)) {
      Topics topics = new Topics("bench.");
      String bootstrap = kafka.bootstrapServers();
      TopicSetup.ensure(KafkaClient.plaintext(bootstrap), topics, 4, (short) 1);
      System.out.printf("producing %,d samples (%d entities x %d metrics x %d s) ...%n", total, entities, metrics,
          seconds);
      IngestBench.produce(bootstrap, topics, "bench", entities, metrics, seconds, t0);
      try (Database d = new Database(db.url, null, null)) {
        Migrations.migrateAndMaintain(d.connection(), StoreConfig.DEFAULTS);
      }
      IngestBench.warmUp(bootstrap, db, entities, metrics, t0);
      PromNames names = RemoteWriteService.names();
      forward(bootstrap, topics, "warm", work, names, total); // untimed: the JIT compiles the forwarding path
      List<Cost[]> done = new ArrayList<>();
      for (int r = 1; r <= rounds; r++) {
        System.out.printf("%nround %d of %d%n", r, rounds);
        Cost storing;
        Cost forwarding;
        if (r % 2 == 1) {
          storing = store(bootstrap, topics, db, r, total);
          forwarding = forward(bootstrap, topics, "round-" + r, work, names, total);
        } else {
          forwarding = forward(bootstrap, topics, "round-" + r, work, names, total);
          storing = store(bootstrap, topics, db, r, total);
        }
        done.add(new Cost[] {storing, forwarding});
        report("round " + r, storing, forwarding);
      }
      double[] ratios = done.stream().mapToDouble(c -> c[1].threadsMs() / c[0].totalMs()).toArray();
      double median = IngestBench.median(ratios);
      System.out.printf("%nRESULT median of %d rounds: remote write %.0f%% of storing's CPU (target <= %.0f%%: %s)%n",
          rounds, 100 * median, 100 * TARGET, median <= TARGET ? "met" : "NOT met");
    }
  }

  private static void report(String which, Cost storing, Cost forwarding) {
    System.out.printf("RESULT %s: storing %.2f ms CPU per 1,000 samples (ingest threads %.2f, server backend %.2f); "
        + "remote write %.2f ms (forwarding loop and HTTP client threads); %.0f%% of storing%n", which,
        storing.totalMs(), storing.threadsMs(), storing.serverMs(), forwarding.threadsMs(),
        100 * forwarding.threadsMs() / storing.totalMs());
    System.out.printf("RESULT %s: whole JVM per 1,000 samples (embedded broker included): storing %.2f ms, "
        + "remote write %.2f ms%n", which, storing.jvmMs(), forwarding.jvmMs());
  }

  private static Cost store(String bootstrap, Topics topics, BenchDb db, int round, long total) throws Exception {
    db.emptySampleTable();
    BackendCpu server = BackendCpu.follow(db, BackendCpu.INGEST_APP);
    long jvmStart = IngestBench.processCpuNanos();
    ThreadCpu threads = ThreadCpu.now();
    ThreadCpu.Spent spent;
    try (IngestBench.Loops loops = IngestBench.Loops.start(IngestBench.config(bootstrap, topics, "bench-store-" + round),
        db.url + "&ApplicationName=" + BackendCpu.INGEST_APP, 1, "ingest")) {
      loops.awaitStored(total);
      spent = threads.since();
    }
    long jvm = IngestBench.processCpuNanos() - jvmStart;
    double serverSeconds = server.seconds();
    return new Cost(1e-3 * spent.ofPrefix("ingest-") / total, 1e6 * serverSeconds / total, 1e-3 * jvm / total);
  }

  private static Cost forward(String bootstrap, Topics topics, String name, Path work, PromNames names, long total)
      throws Exception {
    Path data = work.resolve("prometheus-" + name);
    int port = freePort();
    Process prometheus = startPrometheus(data, port);
    try {
      IngestConfig config = IngestBench.config(bootstrap, topics, "unused");
      RemoteWriteSender sender = new RemoteWriteSender(new RemoteWriteClient(RemoteWriteTarget.of(
          URI.create("http://127.0.0.1:" + port + "/api/v1/write"), true).named("bench-" + name), Map.of()));
      ForwardLoop loop = new ForwardLoop(config, new Forwarding(names, new EntityKinds(null), sender));
      long jvmStart = IngestBench.processCpuNanos();
      ThreadCpu threads = ThreadCpu.now();
      Thread t = new Thread(loop, "forward-" + name);
      t.start();
      long started = System.nanoTime();
      while (sender.samplesSent() + sender.samplesRefused() < total) {
        Thread.sleep(20);
      }
      double secs = (System.nanoTime() - started) / 1e9;
      ThreadCpu.Spent spent = threads.since();
      long jvm = IngestBench.processCpuNanos() - jvmStart;
      loop.close();
      t.join();
      if (sender.samplesRefused() > 0) {
        throw new IllegalStateException(sender.samplesRefused() + " samples refused by Prometheus");
      }
      System.out.printf("remote write %s: %,d samples to Prometheus in %.2f s; threads by CPU per 1,000: %s%n", name,
          total, secs, spent.top(6, total));
      long forwardNanos = spent.ofPrefix("forward-") + spent.ofPrefix("HttpClient-");
      return new Cost(1e-3 * forwardNanos / total, 0, 1e-3 * jvm / total);
    } finally {
      prometheus.destroy();
      prometheus.waitFor();
    }
  }

  private static Process startPrometheus(Path data, int port) throws Exception {
    Files.createDirectories(data);
    Path config = data.resolveSibling(data.getFileName() + ".yml");
    Files.writeString(config, "global:\n  scrape_interval: 15s\n");
    Process p = new ProcessBuilder(PROMETHEUS.toString(), "--config.file=" + config, "--storage.tsdb.path=" + data,
        "--web.listen-address=127.0.0.1:" + port, "--web.enable-remote-write-receiver")
        .redirectErrorStream(true).redirectOutput(data.resolveSibling(data.getFileName() + ".log").toFile()).start();
    HttpClient http = HttpClient.newHttpClient();
    for (int i = 0; i < 600; i++) {
      try {
        if (http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/-/ready")).build(),
            HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return p;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    p.destroy();
    throw new IllegalStateException("prometheus not ready within 60 s on port " + port);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
