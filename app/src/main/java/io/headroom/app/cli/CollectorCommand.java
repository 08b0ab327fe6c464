package io.headroom.app.cli;

import io.headroom.collector.runtime.SchedulerSettings;
import io.headroom.app.service.CollectorService;
import io.headroom.app.service.Infrastructure;
import io.headroom.app.service.RemoteWriteService;
import io.headroom.collector.forward.RemoteWriteSink;
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
      // remote_write endpoints marked from: collector get this collector's scrapes straight from it
      // (a spool each), where no analyzer forwards; the analyzer leaves them alone, so nothing goes twice
      try (RemoteWriteSink remoteWrite = RemoteWriteSink.start(testbed.remoteWrite(), testbed.spool(),
              RemoteWriteService.names(), System.getenv());
          CollectorService collector = new CollectorService(testbed.testbed(), bootstrap,
          new Topics(testbed.kafka().topicPrefix()), testbed.spool(),
          options.runners(testbed), remoteWrite, SchedulerSettings.of(testbed.collector()))) {
        collector.start();
        System.err.printf("collector for testbed %s publishing to %s; spool in %s; Ctrl-C to stop%n",
            testbed.testbed(), bootstrap, testbed.spool().dir());
        if (remoteWrite != null) {
          System.err.printf("collector forwarding its scrapes to remote_write %s%n",
              String.join(", ", remoteWrite.senders().stream().map(s -> s.name()).toList()));
        }
        shutdown.awaitSignalOr(new java.util.concurrent.CompletableFuture<>());
      }
    }
    return 0;
  }
}
