package io.headroom.bench.soak;

import io.headroom.app.service.CollectorService;
import io.headroom.app.service.Infrastructure;
import io.headroom.app.service.Sources;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.collector.workload.FioFailedException;
import io.headroom.collector.workload.FioRunner;
import io.headroom.config.TestbedConfig;
import io.headroom.config.TestbedLoader;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The collector as `headroom run -- fio` runs it (the testbed's sources on the scheduler, fio
 * read as it runs, everything published to Kafka), minus the in-memory copy `run` keeps for its
 * verdict, for MINUTES: fio's own time_based runtime is the soak's clock. Every 10 s one CSV row
 * of this JVM's memory (MemoryProbe) and the records sent; at the end the growth and peak
 * against their targets (SoakSummary).
 * Usage: SoakCollector TESTBED_YAML MINUTES CSV FIO_FILE
 */
public final class SoakCollector {
  private static final int SAMPLE_EVERY_S = 10;
  private static final double MB = 1024.0 * 1024.0;

  private SoakCollector() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      throw new IllegalArgumentException("usage: SoakCollector TESTBED_YAML MINUTES CSV FIO_FILE");
    }
    Path work = Files.createTempDirectory("headroom-soak-");
    TestbedConfig testbed = TestbedLoader.load(Path.of(args[0]), work.resolve("spool"));
    int minutes = Integer.parseInt(args[1]);
    MemoryProbe probe = new MemoryProbe();
    SoakSummary summary = new SoakSummary();
    long t0 = System.nanoTime();
    try (Infrastructure infra = new Infrastructure(work);
        PrintWriter csv = new PrintWriter(Files.newBufferedWriter(Path.of(args[2])), true)) {
      KafkaClient kafka = infra.kafka(testbed.kafka());
      try (CollectorService collector = new CollectorService(testbed.testbed(), kafka,
          new Topics(testbed.kafka().topicPrefix()), testbed.spool(),
          Sources.runners(testbed, SourceRegistry.discovered()), null)) {
        collector.start();
        csv.println(SoakSummary.Row.HEADER);
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(() -> sample(t0, probe, collector, summary, csv),
            SAMPLE_EVERY_S, SAMPLE_EVERY_S, TimeUnit.SECONDS);
        runFio(testbed, minutes, Path.of(args[3]), collector);
        sampler.shutdown();
        sampler.awaitTermination(30, TimeUnit.SECONDS);
        synchronized (summary) {
          summary.liveAtEnd(probe.liveHeap() / MB);
        }
        collector.stopScraping();
      }
    }
    synchronized (summary) {
      summary.report().forEach(System.out::println);
    }
  }

  private static void runFio(TestbedConfig testbed, int minutes, Path file, CollectorService collector) {
    String host = testbed.sources().get(0).host();
    FioRunner fio = new FioRunner(host, "soak-" + System.currentTimeMillis() / 1000, testbed.testbed(), Path.of("/sys"));
    // Rate-limited random I/O: the soak is about the collector's memory, not the disk; a steady
    // stream of reports (one a second, with histograms) is what matters.
    List<String> args = List.of("fio", "--name=soak", "--filename=" + file, "--size=64m", "--rw=randrw",
        "--bs=4k", "--ioengine=psync", "--rate_iops=50", "--time_based", "--runtime=" + minutes * 60);
    try {
      fio.run(args, collector::publishRecord);
    } catch (FioFailedException e) {
      System.out.println("fio failed: " + e.getMessage());
    }
  }

  private static void sample(long t0, MemoryProbe probe, CollectorService collector, SoakSummary summary, PrintWriter csv) {
    try {
      SoakSummary.Row row = new SoakSummary.Row((System.nanoTime() - t0) / 1e9,
          MemoryProbe.residentBytes() / MB, probe.heapAfterGc() / MB, probe.heapCommitted() / MB,
          probe.collections(), collector.sent(), collector.dropped(), ManagementFactory.getThreadMXBean().getThreadCount());
      synchronized (summary) {
        summary.add(row);
        if (summary.wantsWarmUpLive(row.elapsedS())) { // after the row, so the row is the collector's own
          summary.liveAtWarmUp(probe.liveHeap() / MB);
        }
      }
      csv.println(row.csv());
      if (Math.round(row.elapsedS()) % 60 < SAMPLE_EVERY_S) {
        System.out.println("soak: " + row.csv());
      }
    } catch (Exception e) { // one failed reading must not end the sampling
      System.out.println("soak: sample failed: " + e);
    }
  }
}
