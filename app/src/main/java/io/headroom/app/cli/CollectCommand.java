package io.headroom.app.cli;

import io.headroom.collector.runtime.SchedulerSettings;
import io.headroom.config.TestbedConfig;
import io.headroom.collector.runtime.RecordingSink;
import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.collector.runtime.ScrapeScheduler;
import io.headroom.collector.source.Scrape;
import io.headroom.model.recording.RecordingWriter;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "collect", mixinStandardHelpOptions = true,
    description = "Scrapes the testbed's sources. With --once: one scrape cycle printed as recording v1 "
        + "(two scrapes internally, so rates exist), like `telegraf --test`; without: runs the collector daemon.")
final class CollectCommand implements Callable<Integer> {
  @Mixin TestbedOptions options;

  @Option(names = "--once", description = "Print one scrape cycle to stdout and exit.")
  boolean once;

  @Override
  public Integer call() throws Exception {
    if (!once) {
      return new CollectorCommand(options).call();
    }
    TestbedConfig testbed = options.loadSources(Path.of(System.getProperty("java.io.tmpdir"), "headroom-unused-spool"));
    List<ScrapeRunner> runners = options.runners(testbed);
    try (ScrapeScheduler scheduler = new ScrapeScheduler(testbed.testbed(), runners, (tb, s) -> { },
        SchedulerSettings.of(testbed.collector()));
        Progress progress = Progress.every(DiscoverCommand.PROGRESS_EVERY, s -> "headroom collect: still scraping "
            + runners.size() + " source(s) after " + s + " s", new java.io.PrintWriter(System.err, true))) {
      scheduler.scrapeAllOnce(); // the first scrape only primes the counters
      long pause = runners.stream().mapToLong(r -> r.source().interval().toMillis()).min().orElse(1000);
      Thread.sleep(Math.min(pause, 5000));
      RecordingWriter writer = new RecordingWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
      RecordingSink sink = new RecordingSink(writer::write);
      for (Scrape s : scheduler.scrapeAllOnce()) {
        sink.accept(testbed.testbed(), s);
      }
      writer.flush();
    }
    return 0;
  }
}
