package io.headroom.app.spine;

import io.headroom.model.kafka.KafkaClient;
import io.headroom.app.testing.TestDatabase;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.service.CollectorService;
import io.headroom.config.SpoolConfig;
import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.collector.source.Source;
import java.net.URI;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

/**
 * The whole spine for a test: a real Kafka broker in this JVM, a real PostgreSQL database (behind
 * a cuttable proxy), an analyzer, and a collector with the synthetic source whose scrapes the
 * test triggers one by one at known times.
 */
final class Spine implements AutoCloseable {
  static final double T0 = 1_795_995_443.0;
  /**
   * Per scrape: 3 synthetic samples and 7 of the source's own health (scrape_duration_s,
   * scrape_success, scrape_problems, scrape_samples, scrape_missed_intervals, scrape_lag_s,
   * scrape_refused_records): 3 + 7.
   */
  static final int ROWS_PER_SCRAPE = 3 + 7;

  final EmbeddedKafka kafka;
  final Topics topics;
  final TestDatabase db;
  final TcpProxy proxy;
  final AnalyzerService analyzer;
  final CollectorService collector;
  private final ScrapeRunner runner;
  private int scrapes;

  Spine(Path dir) throws Exception {
    this(dir, new SyntheticSource(), List.of());
  }

  Spine(Path dir, Source source, List<URI> webhooks) throws Exception {
    kafka = EmbeddedKafka.start(dir.resolve("kafka"));
    topics = new Topics("t" + System.nanoTime() + ".");
    TopicSetup.ensure(KafkaClient.plaintext(kafka.bootstrapServers()), topics, 2, (short) 1);
    db = TestDatabase.create();
    proxy = new TcpProxy(db.port());
    analyzer = new AnalyzerService(IngestConfig.defaults(KafkaClient.plaintext(kafka.bootstrapServers()), topics),
        db.url(proxy.port()), null, null, TestDatabase.KEEPING_FIXED_DATES, webhooks);
    runner = new ScrapeRunner("t1", source, () -> T0 + scrapes);
    collector = new CollectorService("lab", KafkaClient.plaintext(kafka.bootstrapServers()), topics,
        new SpoolConfig(dir.resolve("spool"), 64L << 20, 1L << 20), List.of(runner), null);
  }

  void scrape(int count) {
    for (int i = 0; i < count; i++) {
      collector.publish(runner.scrapeOnce());
      scrapes++;
    }
  }

  /** Waits until the sample table holds {@code expected} rows; returns the count it saw last. */
  long awaitRows(long expected, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    long rows = -1;
    while (System.nanoTime() < deadline) {
      rows = count("SELECT count(*) FROM sample");
      if (rows >= expected) {
        Thread.sleep(1000); // and nothing more arrives after
        return count("SELECT count(*) FROM sample");
      }
      Thread.sleep(200);
    }
    return rows;
  }

  long count(String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Override
  public void close() throws Exception {
    collector.close();
    analyzer.close();
    proxy.close();
    db.close();
    kafka.close();
  }
}
