package io.headroom.app.cli;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.store.RunDataLoader;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.service.CollectorService;
import io.headroom.app.service.Infrastructure;
import io.headroom.app.service.Sources;
import io.headroom.config.ApiConfig;
import io.headroom.config.DatabaseConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.model.Verdict;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import io.headroom.app.api.ApiServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Everything in one process on this machine: an embedded Kafka broker and PostgreSQL, "
        + "the host collector, a short fio run (when fio is installed), the analyzer, and the verdict.")
final class DemoCommand implements Callable<Integer> {
  @Option(names = "--db", paramLabel = "JDBC_URL", description = "Store into this database instead of an embedded PostgreSQL.")
  String db;

  /** A demo's benchmark runs seconds, not days: past an hour it is a typo, and fio refuses a negative runtime. */
  static final int MAX_SECONDS = 3600;

  @Option(names = "--seconds", defaultValue = "8",
      description = "How long the benchmark runs, 1 to " + MAX_SECONDS + " (default: ${DEFAULT-VALUE}).")
  int seconds;

  @Option(names = "--keep", description = "Keep the temporary directory (Kafka log, database, spool, fio file).")
  boolean keep;

  @Option(names = "--http", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:0",
      description = "Serve the HTTP API and the run's report here (default: ${DEFAULT-VALUE}, a free loopback port).")
  String http;

  @Option(names = "--stay", description = "After the verdict, keep serving the API and report until Ctrl-C, even when"
      + " not run from a terminal (from a terminal it always does).")
  boolean stay;

  @Option(names = "--report", paramLabel = "FILE", description = "Not run from a terminal (and without --stay): write the"
      + " run's report here (a PDF when FILE ends in .pdf; default: headroom-RUN.html in the temporary directory).")
  Path report;

  @Option(names = "--verbose", description = "Show the embedded Kafka broker's, PostgreSQL's and Headroom's own log lines"
      + " (by default only errors, and Headroom's warnings).")
  boolean verbose;

  @Override
  public Integer call() throws Exception {
    if (seconds < 1 || seconds > MAX_SECONDS) {
      // -1 was accepted: fio refused it and the demo waited for a run that never ended (issue 48)
      throw new UserError("--seconds: must be 1 to " + MAX_SECONDS + ", got " + seconds);
    }
    ReportFile.check(report);
    if (!verbose) {
      DemoMessages.quietLogging().forEach(System::setProperty);
    }
    Path work = Files.createTempDirectory("headroom-demo-");
    // Ctrl-C or SIGTERM at any point: the benchmark is stopped, the services closed and the work
    // directory (the broker's and the database's files, fio's file: 65 MB) removed before the exit
    try (Shutdown shutdown = Shutdown.onSignal(DemoCommand::stopBenchmark)) {
      try {
        demo(work, shutdown);
      } catch (Exception e) {
        return shutdown.stoppedWhileStarting("demo", "it ran; " + (keep ? "kept " : "removed ") + work, e);
      } finally {
        Thread.interrupted(); // the signal's interrupt must not cut the removal short
        if (keep) {
          System.out.println("kept " + work);
        } else {
          deleteTree(work);
        }
      }
    }
    return 0;
  }

  /**
   * Ends fio, which the benchmark's thread waits on reading its output (a read no interrupt ends);
   * its end ends the read, and the demo closes and removes what it made.
   */
  static void stopBenchmark() {
    ProcessHandle.current().descendants()
        .filter(p -> p.info().command().map(c -> c.equals("fio") || c.endsWith("/fio")).orElse(false))
        .forEach(ProcessHandle::destroy);
  }

  private void demo(Path work, Shutdown shutdown) throws Exception {
    TestbedConfig testbed = TestbedConfig.localDefaults(TestbedOptions.localHostName(), work.resolve("spool"));
    String runId = "demo-" + System.currentTimeMillis() / 1000;
    try (Infrastructure infra = new Infrastructure(work)) {
      KafkaClient bootstrap = infra.kafka(testbed.kafka());
      Infrastructure.DbTarget target = infra.database(db == null ? DatabaseConfig.EMBEDDED : new DatabaseConfig(db, null, null));
      Topics topics = new Topics(testbed.kafka().topicPrefix());
      Judged judged;
      DemoMessages.Benchmark benchmark;
      try (AnalyzerService analyzer = new AnalyzerService(IngestConfig.defaults(bootstrap, topics),
              target.url(), target.user(), target.password(), StoreConfig.DEFAULTS);
          ApiServer api = ApiWiring.start(testbed, http, bootstrap, target, analyzer,
              Thresholds.defaults(), java.util.List.of());
          CollectorService collector = new CollectorService(testbed.testbed(), bootstrap, topics, testbed.spool(),
              Sources.runners(testbed, SourceRegistry.discovered()), null)) {
        try {
          collector.start();
          benchmark = DemoBenchmark.run(work, seconds, collector, testbed.sources().get(0).host(), testbed.testbed(), runId);
          Thread.sleep(1200); // one more host scrape covers the end of the run
          collector.stopScraping();
          collector.awaitDrained(Duration.ofSeconds(30));
          long sent = collector.sent();
          awaitStored(analyzer, target);
          System.out.println();
          System.out.printf("Kafka:      %s, topics %s, %s, %s (%d messages published)%n",
              bootstrap, topics.samples(), topics.topology(), topics.runs(), sent);
          System.out.printf("PostgreSQL: %s (samples stored as %s)%n", target, analyzer.flavor());
          judged = fromDatabase(target, testbed.testbed(), runId);
          System.out.println();
          VerdictPrinter.print(judged.verdict(), System.out);
          System.out.println();
          System.out.println(DemoMessages.whatItMeans(Runtime.getRuntime().availableProcessors(), benchmark,
              judged.verdict().bottleneck()));
          System.out.println();
          showReport(api, judged, runId, shutdown);
        } catch (Exception e) {
          if (shutdown.signalled()) {
            Thread.interrupted(); // stopped: what closes next (the services, the embedded broker) closes whole
          }
          throw e;
        }
      }
    }
  }

  /** The run's data as stored and its verdict from it. */
  private record Judged(RunData data, Verdict verdict) {}

  /**
   * From a terminal (or with --stay): the report's URL, served until Ctrl-C. Otherwise nobody is
   * there to open a URL before the demo exits: the report goes to a file and its path is printed.
   */
  private void showReport(ApiServer api, Judged judged, String runId, Shutdown shutdown) throws UserError {
    if (stay || interactive()) {
      String host = ApiConfig.HostPort.parse(http).host();
      System.out.println(DemoMessages.serving(String.format("http://%s:%d/runs/%s",
          host.contains(":") ? "[" + host + "]" : host, api.port(), runId)));
      shutdown.awaitSignalOr(new java.util.concurrent.CompletableFuture<>());
      return;
    }
    Path file = report != null ? report : Path.of(System.getProperty("java.io.tmpdir"), "headroom-" + runId + ".html");
    java.io.PrintWriter quiet = new java.io.PrintWriter(java.io.OutputStream.nullOutputStream());
    ReportFile.writeRun(file, judged.data(), runId, judged.verdict(), quiet);
    System.out.println(DemoMessages.wroteReport(file.toAbsolutePath(), ReportFile.kilobytes(sizeOf(file))));
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0;
    }
  }

  /** A terminal on both ends: System.console() is null when stdin or stdout is redirected (Java 17 to 21). */
  static boolean interactive() {
    return System.console() != null;
  }

  private static Judged fromDatabase(Infrastructure.DbTarget target, String testbed, String runId) throws Exception {
    try (Connection c = connect(target)) {
      printCounts(c);
      RunData data = RunDataLoader.load(c, testbed, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
      return new Judged(data, new RunAnalyzer().analyze(data, runId));
    }
  }

  private static void printCounts(Connection c) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT (SELECT count(*) FROM entity), (SELECT count(*) FROM relation), "
            + "(SELECT count(*) FROM sample), (SELECT count(*) FROM run), (SELECT count(*) FROM phase)")) {
      rs.next();
      System.out.printf("stored:     %d entities, %d relations, %d samples, %d run(s), %d phase(s)%n",
          rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5));
    }
  }

  /** Waits until the analyzer has stopped adding samples (everything published is in). */
  private static void awaitStored(AnalyzerService analyzer, Infrastructure.DbTarget target) throws InterruptedException {
    long last = -1;
    long deadline = System.currentTimeMillis() + 30_000;
    while (System.currentTimeMillis() < deadline) {
      long now = analyzer.samplesStored();
      if (now == last && now > 0) {
        return;
      }
      last = now;
      Thread.sleep(1000);
    }
  }

  static Connection connect(Infrastructure.DbTarget target) throws Exception {
    Properties p = new Properties();
    if (target.user() != null) {
      p.setProperty("user", target.user());
    }
    if (target.password() != null) {
      p.setProperty("password", target.password());
    }
    return DriverManager.getConnection(target.url(), p);
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

}
