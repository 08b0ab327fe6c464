package io.headroom.app.cli;

import io.headroom.collector.runtime.SchedulerSettings;
import io.headroom.app.service.CollectorService;
import io.headroom.app.service.Infrastructure;
import io.headroom.config.TestbedConfig;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "collector", mixinStandardHelpOptions = true,
    description = "The collector daemon: scrapes the testbed's sources and publishes to Kafka until stopped.")
final class CollectorCommand implements Callable<Integer> {
  @Mixin TestbedOptions options;

  CollectorCommand() {}

  CollectorCommand(TestbedOptions options) {
    this.options = options;
  }

  @Override
  public Integer call() throws Exception {
    TestbedConfig testbed = options.loadSources(Path.of(System.getProperty("user.home"), ".headroom", "spool"));
    try (Shutdown shutdown = Shutdown.onSignal(); WorkDir work = WorkDir.create("headroom-collector-");
        Infrastructure infra = new Infrastructure(work.path(), options.startupWait())) {
      KafkaClient bootstrap;
      try {
        bootstrap = infra.kafka(testbed.kafka());
      } catch (Exception e) {
        return shutdown.stoppedWhileStarting("collector", "waiting for Kafka at start", e);
      }
      try (CollectorService collector = new CollectorService(testbed.testbed(), bootstrap,
          new Topics(testbed.kafka().topicPrefix()), testbed.spool(),
          options.runners(testbed), null, SchedulerSettings.of(testbed.collector()))) {
        collector.start();
        System.err.printf("collector for testbed %s publishing to %s; spool in %s; Ctrl-C to stop%n",
            testbed.testbed(), bootstrap, testbed.spool().dir());
        shutdown.awaitSignalOr(new java.util.concurrent.CompletableFuture<>());
      }
    }
    return 0;
  }
}
