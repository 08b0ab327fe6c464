package io.headroom.app.cli;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.service.Infrastructure;
import io.headroom.config.TestbedConfig;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "analyzer", mixinStandardHelpOptions = true,
    description = "The analyzer daemon: consumes Kafka into PostgreSQL/TimescaleDB until stopped. "
        + "Start several with the same Kafka and database: they share the partitions.")
final class AnalyzerCommand implements Callable<Integer> {
  @Mixin TestbedOptions options;

  @Override
  public Integer call() throws Exception {
    Path work = Files.createTempDirectory("headroom-analyzer-");
    TestbedConfig testbed = options.load(work.resolve("spool"));
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
    try (Infrastructure infra = new Infrastructure(work)) {
      KafkaClient bootstrap = infra.kafka(testbed.kafka());
      Infrastructure.DbTarget db = infra.database(testbed.database());
      try (AnalyzerService analyzer = new AnalyzerService(
          IngestConfig.defaults(bootstrap, new Topics(testbed.kafka().topicPrefix())),
          db.url(), db.user(), db.password(), StoreConfig.DEFAULTS, testbed.alerts().webhooks(),
          options.thresholds(testbed))) {
        System.err.printf("analyzer consuming %s into %s (%s); Ctrl-C to stop%n", bootstrap, db, analyzer.flavor());
        stop.await();
      }
    }
    return 0;
  }
}
