package io.headroom.app.cli;

import io.headroom.analyzer.ingest.GroupMembership;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.alerts.AlertDispatcher;
import io.headroom.app.alerts.VerdictAnnotations;
import io.headroom.app.api.ApiServer;
import io.headroom.app.api.RemoteWriteMetrics;
import java.util.List;
import io.headroom.analyzer.store.Database;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.service.HealthRecorder;
import io.headroom.app.service.RemoteWriteService;
import io.headroom.app.service.Infrastructure;
import io.headroom.config.TestbedConfig;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import io.headroom.config.ConfigException;
import io.headroom.config.Durations;
import java.time.Duration;

@Command(name = "analyzer", mixinStandardHelpOptions = true,
    description = "The analyzer daemon: consumes Kafka into PostgreSQL/TimescaleDB until stopped. "
        + "Start several with the same Kafka and database: they share the partitions. "
        + "Exits 1 if ingestion stops for good (so a supervisor restarts it), "
        + ExitCodes.UNAVAILABLE + " if Kafka or the database does not answer at start.")
final class AnalyzerCommand implements Callable<Integer> {
  @Mixin TestbedOptions options;

  @Option(names = "--abandon-after", paramLabel = "DURATION", defaultValue = "30m",
      description = "Close a run that has no end and brought no new sample for this long (default: ${DEFAULT-VALUE}).")
  String abandonAfter;

  @Option(names = "--http", paramLabel = "HOST:PORT",
      description = "Serve the HTTP API and run reports here (docs/api.md; default: api.listen of the testbed file, else none).")
  String http;

  @Option(names = "--instance-id", paramLabel = "ID",
      description = "This analyzer's static membership of its consumer group (Kafka's group.instance.id): restarted "
          + "under the same id within 10 s it takes its partitions back at once. Each analyzer of a group needs its "
          + "own; 'none' for a dynamic member (default: headroom-HOST-analyzer).")
  String instanceId;

  @Override
  public Integer call() throws Exception {
    Duration abandon = abandonAfter(); // a wrong value is refused before Kafka and the database are waited for
    try (Shutdown shutdown = Shutdown.onSignal(); WorkDir work = WorkDir.create("headroom-analyzer-")) {
      TestbedConfig testbed = options.load(work.resolve("spool"));
      try (Infrastructure infra = new Infrastructure(work.path(), options.startupWait())) {
        KafkaClient bootstrap;
        Infrastructure.DbTarget db;
        try {
          bootstrap = infra.kafka(testbed.kafka());
          db = infra.database(testbed.database());
        } catch (Exception e) {
          return shutdown.stoppedWhileStarting("analyzer", "waiting for Kafka or the database at start", e);
        }
        IngestConfig ingest = ingest(bootstrap, new Topics(testbed.kafka().topicPrefix()));
        try (AlertDispatcher alerts = AlertDispatcher.start(testbed.alerts(), System.getenv());
            VerdictAnnotations annotations = new VerdictAnnotations(db.url(), db.user(), db.password());
            AnalyzerService analyzer = new AnalyzerService(ingest,
            // alerts.webhooks are among the dispatcher's targets, counted with them on /metrics
            db.url(), db.user(), db.password(), StoreConfig.DEFAULTS, List.of(),
            options.analyzer(testbed), abandon, List.of(alerts, annotations), testbed.alerts().holdFor())) {
          System.err.printf("analyzer consuming %s into %s (%s); Ctrl-C to stop%n", bootstrap, db, analyzer.flavor());
          try (RemoteWriteService remoteWrite = new RemoteWriteService(testbed.remoteWrite(), ingest, db.url(),
                  db.user(), db.password(), System.getenv()).start();
              Database healthDb = new Database(db.url(), db.user(), db.password());
              HealthRecorder health = new HealthRecorder(healthDb, HealthRecorder.thisAnalyzer(TestbedOptions.localHostName()),
                  analyzer.consumerLag(), () -> alertReadings(alerts), StoreConfig.DEFAULTS.retentionDays(),
                  HealthRecorder.EVERY);
              ApiServer api = ApiWiring.start(testbed, http, bootstrap, db, analyzer, options.thresholds(testbed),
              List.of(alerts, new RemoteWriteMetrics(remoteWrite.senders())))) {
            return awaitFailure(shutdown, analyzer.failure().applyToEither(remoteWrite.failure(), f -> f));
          }
        }
      }
    }
  }

  /** Each alert target's deliveries and failures, for table analyzer_health. */
  static List<HealthRecorder.Reading> alertReadings(AlertDispatcher alerts) {
    List<HealthRecorder.Reading> out = new java.util.ArrayList<>();
    for (AlertDispatcher.Delivery d : alerts.deliveries()) {
      out.add(new HealthRecorder.Reading(HealthRecorder.ALERTS_DELIVERED_TOTAL, d.target(), d.kind(), d.delivered()));
      out.add(new HealthRecorder.Reading(HealthRecorder.ALERTS_FAILED_TOTAL, d.target(), d.kind(), d.failed()));
    }
    return out;
  }

  private static int awaitFailure(Shutdown shutdown, java.util.concurrent.CompletableFuture<String> failed) {
    String failure = shutdown.awaitSignalOr(failed);
    if (failure != null) {
      System.err.println("headroom analyzer: " + failure + "; exiting with 1 so a supervisor restarts it");
      return ExitCodes.FAILED;
    }
    return 0;
  }

  private IngestConfig ingest(KafkaClient bootstrap, Topics topics) throws ConfigException {
    String id = instanceId == null ? GroupMembership.defaultInstanceId(TestbedOptions.localHostName(), "analyzer")
        : instanceId;
    IngestConfig config = IngestConfig.defaults(bootstrap, topics)
        .with("none".equals(id) ? GroupMembership.dynamic() : GroupMembership.staticAs(id));
    List<String> problems = config.membership().validate();
    if (!problems.isEmpty()) {
      throw new ConfigException("--instance-id: " + String.join("; ", problems));
    }
    return config;
  }

  private Duration abandonAfter() throws ConfigException {
    try {
      Duration d = Durations.parse(abandonAfter);
      if (d.isZero()) {
        throw new IllegalArgumentException("must be longer than 0: a run would be closed as its first sample lands");
      }
      return d;
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--abandon-after: " + e.getMessage());
    }
  }
}
