package io.headroom.app.cli;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.service.AnalyzerService;
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

  @Override
  public Integer call() throws Exception {
    try (Shutdown shutdown = Shutdown.onSignal(); WorkDir work = WorkDir.create("headroom-analyzer-")) {
      TestbedConfig testbed = options.load(work.resolve("spool"));
      try (Infrastructure infra = new Infrastructure(work.path(), options.startupWait())) {
        KafkaClient bootstrap = infra.kafka(testbed.kafka());
        Infrastructure.DbTarget db = infra.database(testbed.database());
        try (AnalyzerService analyzer = new AnalyzerService(
            IngestConfig.defaults(bootstrap, new Topics(testbed.kafka().topicPrefix())),
            db.url(), db.user(), db.password(), StoreConfig.DEFAULTS, testbed.alerts().webhooks(),
            options.thresholds(testbed), abandonAfter())) {
          System.err.printf("analyzer consuming %s into %s (%s); Ctrl-C to stop%n", bootstrap, db, analyzer.flavor());
          String failure = shutdown.awaitSignalOr(analyzer.failure());
          if (failure != null) {
            System.err.println("headroom analyzer: " + failure + "; exiting with 1 so a supervisor restarts it");
            return 1;
          }
        }
      }
    }
    return 0;
  }

  private Duration abandonAfter() throws ConfigException {
    try {
      return Durations.parse(abandonAfter);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--abandon-after: " + e.getMessage());
    }
  }
}
