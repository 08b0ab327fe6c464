package io.headroom.app.service;

import static io.headroom.app.testing.MetricsScrape.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.live.ActiveRuns;
import io.headroom.analyzer.live.LiveVerdicts;
import io.headroom.analyzer.live.VerdictLatency;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.app.api.OwnHealthMetrics;
import io.headroom.app.testing.MetricsScrape;
import io.headroom.app.testing.TestDatabase;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analyzer's own health on /metrics and in table analyzer_health, against a real broker and
 * database: the consumer group's lag from offsets the test sets, and the live-verdict latency of
 * phases judged by LiveVerdicts on a clock the test moves.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OwnHealthTest {
  private static final String TESTBED = "lab";
  private static final double T0 = 1_795_995_443.0;

  private EmbeddedKafka kafka;
  private IngestConfig ingest;
  private TestDatabase db;
  private ConsumerLag lag;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    kafka = EmbeddedKafka.start(dir.resolve("kafka"));
    KafkaClient client = KafkaClient.plaintext(kafka.bootstrapServers());
    Topics topics = new Topics("own" + System.nanoTime() + ".");
    TopicSetup.ensure(client, topics, 2, (short) 1);
    ingest = IngestConfig.defaults(client, topics);
    // samples partition 0: offsets 0-4, the group committed 2 (records 2, 3, 4 wait: lag 3);
    // runs partition 1: offsets 0-2, never committed (read from the first: lag 3)
    produce(client, topics.samples(), 0, 5);
    produce(client, topics.runs(), 1, 3);
    commit(client, new TopicPartition(topics.samples(), 0), 2);
    db = TestDatabase.create();
    lag = new ConsumerLag(ingest);
  }

  @AfterAll
  void stop() throws Exception {
    lag.close();
    db.close();
    kafka.close();
  }

  @Test
  void consumerLagIsEndOffsetsMinusCommittedPerPartition() throws Exception {
    try (MetricsScrape metrics = new MetricsScrape(db, List.of(new OwnHealthMetrics(new VerdictLatency(), lag)))) {
      String text = metrics.text();
      assertEquals(1, value(text, "headroom_ingest_consumer_lag_records_up", ""));
      assertEquals(3, value(text, "headroom_ingest_consumer_lag_records", labels(ingest.topics().samples(), 0)));
      assertEquals(0, value(text, "headroom_ingest_consumer_lag_records", labels(ingest.topics().samples(), 1)));
      assertEquals(3, value(text, "headroom_ingest_consumer_lag_records", labels(ingest.topics().runs(), 1)));
      assertEquals(0, value(text, "headroom_ingest_consumer_lag_records", labels(ingest.topics().verdicts(), 0)));
    }
    assertEquals(6, lag.total()); // 3 + 3
  }

  @Test
  void latencyIsFromAPhasesStartToItsFirstLiveVerdict() throws Exception {
    VerdictLatency latency = new VerdictLatency();
    double[] now = {0};
    try (Database database = new Database(db.url(), null, null);
        MetricsScrape metrics = new MetricsScrape(db, List.of(new OwnHealthMetrics(latency, lag)))) {
      ActiveRuns active = new ActiveRuns();
      LiveVerdicts live = new LiveVerdicts(active, database, new RunAnalyzer(), List.of(), () -> now[0],
          LiveVerdicts.DEFAULT_ABANDON_AFTER, latency);
      Run run = new Run("lat", TESTBED, T0, null, Map.of());
      // warmup [T0, T0+1) ended before any round: it had no live verdict, so it is not counted
      // readings at T0 + 0..7: qd1, judged from T0 + 2 (its first second is ramp), has 6, at least the 5
      // a phase is judged from (docs/detection.md, "Too few readings")
      store(database, run, List.of(new Phase("lat", "warmup", T0, T0 + 1), new Phase("lat", "qd1", T0 + 1, null)), 0, 8);
      active.update(TESTBED, run);

      now[0] = T0 + 3.5; // qd1's first verdict: 3.5 - 1 = 2.5 s after it started
      live.run();
      now[0] = T0 + 4.5; // judged again, not first: not counted twice
      live.run();
      // readings at T0 + 8..11: qd8, judged from T0 + 6, has 6 (T0 + 6..11)
      store(database, run, List.of(new Phase("lat", "qd1", T0 + 1, T0 + 5), new Phase("lat", "qd8", T0 + 5, null)), 8, 12);
      now[0] = T0 + 6.5; // qd8's first verdict: 1.5 s after it started
      live.run();

      String text = metrics.text();
      String h = "headroom_live_verdict_latency_seconds";
      // 1.5 and 2.5: none at or below 1 s, one at or below 2 s, both at or below 3 s and above
      assertEquals(0, value(text, h + "_bucket", "le=\"1\""));
      assertEquals(1, value(text, h + "_bucket", "le=\"2\""));
      assertEquals(2, value(text, h + "_bucket", "le=\"3\""));
      assertEquals(2, value(text, h + "_bucket", "le=\"+Inf\""));
      assertEquals(2, value(text, h + "_count", ""));
      assertEquals(4.0, value(text, h + "_sum", ""), 1e-9); // 2.5 + 1.5
    }
  }

  @Test
  void theRecorderWritesLagAndAlertCountsAndExpiresOldRows() throws Exception {
    Instant at = Instant.parse("2026-12-01T12:00:00Z");
    int retentionDays = 30;
    try (Database database = new Database(db.url(), null, null); Connection c = db.connect()) {
      new MetricsScrape(db, List.of()).close(); // migrates the database
      try (Statement s = c.createStatement()) {
        // 30 days before `at` exactly: kept; one second older: removed
        s.execute("INSERT INTO analyzer_health (ts, analyzer, metric, value) VALUES "
            + "('2026-11-01T12:00:00Z', 'old', 'ingest_lag_records', 1), "
            + "('2026-11-01T11:59:59Z', 'older', 'ingest_lag_records', 1)");
      }
      List<HealthRecorder.Reading> alerts = List.of(
          new HealthRecorder.Reading("alerts_failed_total", "slack:hooks#1", "slack", 4),
          new HealthRecorder.Reading("alerts_delivered_total", "slack:hooks#1", "slack", 9));
      try (HealthRecorder recorder = new HealthRecorder(database, "a1:42", lag, () -> alerts, retentionDays,
          Duration.ofHours(1))) {
        recorder.record(at);
      }
      Map<String, Double> rows = new TreeMap<>();
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
          "SELECT analyzer || '/' || metric || '/' || target || '/' || kind, value FROM dash_analyzer_health")) {
        while (rs.next()) {
          rows.put(rs.getString(1), rs.getDouble(2));
        }
      }
      Map<String, Double> expected = new TreeMap<>(Map.of(
          "a1:42/ingest_lag_records//", 6.0, // the lag of the partitions above: 3 + 3
          "a1:42/alerts_failed_total/slack:hooks#1/slack", 4.0,
          "a1:42/alerts_delivered_total/slack:hooks#1/slack", 9.0,
          "old/ingest_lag_records//", 1.0));
      assertEquals(expected, rows);
    }
  }

  @Test
  void whenKafkaDoesNotAnswerTheLagIsUnknownNotZero() throws Exception {
    int closedPort;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 0, java.net.InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    IngestConfig nowhere = IngestConfig.defaults(KafkaClient.plaintext("127.0.0.1:" + closedPort), ingest.topics());
    try (ConsumerLag away = new ConsumerLag(nowhere);
        MetricsScrape metrics = new MetricsScrape(db, List.of(new OwnHealthMetrics(new VerdictLatency(), away)));
        Database database = new Database(db.url(), null, null)) {
      // what was logged as "consumer lag left out: ...: null": now what happened, in words
      ConsumerLag.LagUnavailable why = org.junit.jupiter.api.Assertions.assertThrows(ConsumerLag.LagUnavailable.class,
          away::total);
      assertTrue(why.getMessage().startsWith("consumer group " + nowhere.groupId() + ": "), why.getMessage());
      assertTrue(!why.getMessage().contains("null"), why.getMessage());
      assertTrue(why.getMessage().contains("within 5 s") || why.getMessage().contains("Timed out"), why.getMessage());
      String text = metrics.text();
      assertEquals(0, value(text, "headroom_ingest_consumer_lag_records_up", ""));
      assertEquals(List.of(), text.lines().filter(l -> l.startsWith("headroom_ingest_consumer_lag_records{")).toList());
      // the recorder leaves the lag out of its round rather than writing a 0
      try (HealthRecorder recorder = new HealthRecorder(database, "away:1", away, List::of, 30, Duration.ofHours(1))) {
        recorder.record(Instant.parse("2026-12-01T12:00:00Z"));
      }
      try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
          "SELECT count(*) FROM analyzer_health WHERE analyzer = 'away:1'")) {
        rs.next();
        assertEquals(0, rs.getInt(1));
      }
    }
  }

  private static String labels(String topic, int partition) {
    return "partition=\"" + partition + "\",topic=\"" + topic + "\"";
  }

  private static void produce(KafkaClient client, String topic, int partition, int n) throws Exception {
    try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(client.properties(), new ByteArraySerializer(),
        new ByteArraySerializer())) {
      for (int i = 0; i < n; i++) {
        p.send(new ProducerRecord<>(topic, partition, null, new byte[] {(byte) i})).get();
      }
    }
  }

  private void commit(KafkaClient client, TopicPartition tp, long offset) {
    Map<String, Object> props = new HashMap<>(client.properties());
    props.put("group.id", ingest.groupId());
    try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(props, new ByteArrayDeserializer(),
        new ByteArrayDeserializer())) {
      c.assign(List.of(tp));
      c.commitSync(Map.of(tp, new OffsetAndMetadata(offset)));
    }
  }

  /** The run and its phases, and one host CPU reading a second from {@code from} to {@code to} (excluded). */
  private static void store(Database database, Run run, List<Phase> phases, int from, int to) throws Exception {
    IngestBatch batch = new IngestBatch();
    batch.run(TESTBED, run);
    phases.forEach(p -> batch.run(TESTBED, p));
    batch.topology(TESTBED, Entity.of("h1/cpu", EntityKind.HOST_CPU));
    List<Point> points = new ArrayList<>();
    for (int i = from; i < to; i++) {
      points.add(new Point(run.start() + i, "util", 0.4));
    }
    batch.samples(new SampleBatch(UUID.randomUUID(), TESTBED, "h1/cpu", points));
    new SampleStore().write(database.connection(), batch);
  }
}
