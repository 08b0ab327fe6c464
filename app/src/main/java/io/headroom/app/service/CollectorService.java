package io.headroom.app.service;

import io.headroom.config.SpoolConfig;
import io.headroom.collector.publish.KafkaPublisher;
import io.headroom.collector.runtime.KafkaSink;
import io.headroom.collector.runtime.SchedulerSettings;
import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.collector.runtime.ScrapeScheduler;
import io.headroom.collector.runtime.ScrapeSink;
import io.headroom.collector.runtime.SpoolSource;
import java.util.ArrayList;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.spool.Spool;
import io.headroom.model.RecordingRecord;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import io.headroom.model.log.RateLimitedLog;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * A running collector: sources on their schedules ({@link ScrapeScheduler}: one timer, a bounded
 * worker pool; the spool's own health every 5 s), scrapes into the spool, the spool drained into
 * Kafka by its own thread. Also the way other parts (the fio runner) publish run records.
 */
public final class CollectorService implements AutoCloseable {
  private final String testbed;
  private final Spool spool;
  private final KafkaPublisher publisher;
  private final KafkaSink kafkaSink;
  private final ScrapeScheduler scheduler;
  private final Thread drainer;
  private final BenchmarkBatches benchmark;
  private final RateLimitedLog refusals = new RateLimitedLog(LoggerFactory.getLogger(CollectorService.class),
      Duration.ofMinutes(1));

  /** With the scheduler's defaults (a testbed without a {@code collector:} section). */
  public CollectorService(String testbed, KafkaClient kafka, Topics topics, SpoolConfig spoolConfig,
      List<ScrapeRunner> runners, ScrapeSink extraSink) throws IOException {
    this(testbed, kafka, topics, spoolConfig, runners, extraSink, SchedulerSettings.DEFAULTS);
  }

  /** @param scheduling the worker pool (the testbed's {@code collector.max_workers}) */
  public CollectorService(String testbed, KafkaClient kafka, Topics topics, SpoolConfig spoolConfig,
      List<ScrapeRunner> runners, ScrapeSink extraSink, SchedulerSettings scheduling) throws IOException {
    this.testbed = testbed;
    this.spool = new Spool(spoolConfig);
    this.publisher = new KafkaPublisher(spool, kafka);
    this.kafkaSink = new KafkaSink(spool, publisher, topics);
    this.benchmark = new BenchmarkBatches(this::publishBenchmarkScrape, record -> kafkaSink.run(testbed, record));
    ScrapeSink sink = extraSink == null ? kafkaSink : (tb, scrape) -> {
      kafkaSink.accept(tb, scrape);
      extraSink.accept(tb, scrape);
    };
    List<ScrapeRunner> all = new ArrayList<>(runners);
    String host = runners.isEmpty() ? testbed : runners.get(0).host();
    all.add(new ScrapeRunner(host, new SpoolSource(host, spool, publisher::refusedTooLarge), () -> System.currentTimeMillis() / 1000.0));
    this.scheduler = new ScrapeScheduler(testbed, all, sink, scheduling);
    this.drainer = new Thread(publisher, "headroom-spool-drainer");
    drainer.setDaemon(true);
    drainer.start();
  }

  /** Starts the scheduled scrapes. */
  public void start() {
    scheduler.start();
  }

  /** Stops the scheduled scrapes; publishing and draining go on until {@link #close()}. */
  public void stopScraping() throws InterruptedException {
    scheduler.close();
  }

  /** Publishes a scrape made elsewhere (tests, one-off scrapes). */
  public void publish(Scrape scrape) {
    kafkaSink.accept(testbed, scrape);
  }

  /** Publishes a run or phase record. */
  public void publishRun(RecordingRecord record) {
    kafkaSink.run(testbed, record);
  }

  /**
   * Publishes any recording record made outside the sources (the benchmark runner's): runs and
   * phases to the runs topic, the rest batched into scrapes ({@link BenchmarkBatches}: one scrape
   * per interval the runner reports, as a source's readings travel).
   */
  public void publishRecord(RecordingRecord record) {
    benchmark.accept(record);
  }

  /** A batch of the runner's records, checked as it enters the sink: what the database could not store is refused. */
  private void publishBenchmarkScrape(Scrape scrape) {
    for (String refused : scrape.problems()) {
      refusals.warn("refused benchmark record", "benchmark record {}", refused);
    }
    kafkaSink.accept(testbed, scrape);
  }

  /** Publishes a verdict (JSON of design.md) to the verdicts topic. */
  public void publishVerdict(String runId, String verdictJson) {
    kafkaSink.verdict(testbed, runId, verdictJson);
  }

  public boolean awaitDrained(Duration timeout) throws InterruptedException {
    benchmark.flush(); // what the runner reported last is in the spool before it is waited on
    return publisher.awaitDrained(timeout);
  }

  public long sent() {
    return publisher.sent();
  }

  public long dropped() {
    return spool.dropped();
  }

  @Override
  public void close() throws Exception {
    scheduler.close();
    benchmark.close();
    publisher.close();
    drainer.join(10_000);
    spool.close();
  }
}
