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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

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
  private final Admin admin;
  private final String groupId;
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
    IngestConfig ingest = IngestConfig.defaults(KafkaClient.plaintext(kafka.bootstrapServers()), topics);
    groupId = ingest.groupId();
    admin = Admin.create(KafkaClient.plaintext(kafka.bootstrapServers()).properties());
    analyzer = new AnalyzerService(ingest,
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

  /**
   * Waits until the sample table holds {@code expected} rows and nothing more can arrive: the
   * collector's spool is empty (Kafka acknowledged every record) and the analyzers' group has
   * committed every partition of the test's topics up to its end, which the ingest loop does only
   * after the transaction holding those records committed. Then no record is left to be stored
   * or stored again, so the count returned is final: a late duplicate would be in it. Returns the
   * last count seen when the timeout passes first.
   */
  long awaitRows(long expected, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    long rows = -1;
    while (System.nanoTime() < deadline) {
      rows = count("SELECT count(*) FROM sample");
      if (rows >= expected && collector.awaitDrained(Duration.ZERO) && consumedToTheEnd()) {
        return count("SELECT count(*) FROM sample");
      }
      Thread.sleep(200);
    }
    return rows;
  }

  /** Every partition of the test's topics committed by the analyzers' group up to its end offset. */
  private boolean consumedToTheEnd() throws Exception {
    List<String> names = List.of(topics.samples(), topics.topology(), topics.runs(), topics.verdicts());
    Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
    for (TopicDescription d : admin.describeTopics(names).allTopicNames().get().values()) {
      d.partitions().forEach(p -> ends.put(new TopicPartition(d.name(), p.partition()), OffsetSpec.latest()));
    }
    Map<TopicPartition, OffsetAndMetadata> committed =
        admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata().get();
    for (var end : admin.listOffsets(ends).all().get().entrySet()) {
      OffsetAndMetadata c = committed.get(end.getKey());
      long at = c == null ? 0 : c.offset();
      if (at < end.getValue().offset()) {
        return false;
      }
    }
    return true;
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
    admin.close(Duration.ofSeconds(5));
    analyzer.close();
    proxy.close();
    db.close();
    kafka.close();
  }
}
