package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.ingest.IngestLoop;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.Migrations;
import io.headroom.app.testing.TestDatabase;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ingest pipeline's failure path, with the real broker and database and no timing in the
 * assertions: a poll's transaction fails (the test holds a lock the store needs, then terminates
 * the ingest's waiting backend) while the pipeline has already fetched the poll after it. Nothing
 * fetched after the failed poll is stored while it fails; once the lock goes, every sample is
 * stored exactly once, and the failed poll's rows are committed before the later poll's.
 */
class PipelineFailureTest {
  private static final double T0 = 1_795_995_443.0;
  /** Per produced message: one SampleBatch of 3 points (metrics m0, m1, m2) of entity h1/disk/d0. */
  private static final int POINTS = 3;
  /** Messages per group (A before the failure, B the poll that fails, C fetched behind it). */
  private static final int MESSAGES = 10;
  private static final int ROWS_PER_GROUP = MESSAGES * POINTS; // 10 x 3 = 30

  @TempDir Path dir;

  @Test
  void aFailedTransactionHoldsBackEveryLaterPollAndNothingIsLostOrDoubled() throws Exception {
    try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka")); TestDatabase db = TestDatabase.create()) {
      KafkaClient client = KafkaClient.plaintext(kafka.bootstrapServers());
      Topics topics = new Topics("f" + System.nanoTime() + ".");
      TopicSetup.ensure(client, topics, 1, (short) 1); // one partition: one order of polls
      try (Database migration = new Database(db.url(), null, null)) {
        Migrations.migrateAndMaintain(migration.connection(), TestDatabase.KEEPING_FIXED_DATES);
      }
      IngestConfig config = new IngestConfig(client, topics, "pipeline-test", 5000, Duration.ofMillis(500));
      IngestLoop loop = new IngestLoop(config, new Database(db.url(), null, null));
      Thread ingest = new Thread(loop, "pipeline-test-ingest");
      ingest.start();
      try (KafkaProducer<byte[], byte[]> producer = producer(kafka); Connection locker = db.connect()) {
        produce(producer, topics, 0); // group A: seconds 0-9
        await(() -> count(db, "SELECT count(*) FROM sample"), ROWS_PER_GROUP);

        // The store records its progress after the rows, in their transaction; EXCLUSIVE blocks
        // that upsert, not reads.
        locker.setAutoCommit(false);
        try (Statement s = locker.createStatement()) {
          s.execute("LOCK TABLE ingest_progress IN EXCLUSIVE MODE");
        }
        produce(producer, topics, MESSAGES); // group B: seconds 10-19, its transaction waits on the lock
        long firstTry = awaitWaitingBackend(db, -1);
        terminate(db, firstTry); // the transaction fails (57P01); the store retries on a new connection
        long retry = awaitWaitingBackend(db, firstTry);
        assertNotEquals(firstTry, retry);
        assertTrue(loop.state().startsWith("retrying: database "), loop.state());

        produce(producer, topics, 2 * MESSAGES); // group C: seconds 20-29, fetched behind B
        await(loop::messagesFetched, 3 * MESSAGES); // A + B + C = 30 messages fetched
        assertEquals(ROWS_PER_GROUP, count(db, "SELECT count(*) FROM sample"),
            "only A is stored while B fails, though C is fetched");

        locker.rollback(); // the lock goes
        await(() -> count(db, "SELECT count(*) FROM sample"), 3 * ROWS_PER_GROUP);
      } finally {
        loop.close();
        ingest.join(30_000);
      }
      // 3 groups x 30 rows = 90, each (entity, metric, ts) once
      assertEquals(3 * ROWS_PER_GROUP, count(db, "SELECT count(*) FROM sample"));
      assertEquals(3 * ROWS_PER_GROUP, count(db, "SELECT count(DISTINCT (entity_id, metric_id, ts)) FROM sample"));
      // one partition, offsets 0-29 stored: the next to store is 30
      assertEquals(3 * MESSAGES, count(db, "SELECT next_offset FROM ingest_progress"));
      // B (seconds 10-19) committed in a transaction before C's (seconds 20-29): xids grow.
      long lastOfB = count(db, "SELECT max(xmin::text::bigint) FROM sample WHERE ts < to_timestamp(" + (T0 + 20) + ")"
          + " AND ts >= to_timestamp(" + (T0 + 10) + ")");
      long firstOfC = count(db, "SELECT min(xmin::text::bigint) FROM sample WHERE ts >= to_timestamp(" + (T0 + 20) + ")");
      assertTrue(lastOfB < firstOfC, "B's rows (xid " + lastOfB + ") before C's (xid " + firstOfC + ")");
    }
  }

  /** MESSAGES messages, one a second from T0 + {@code firstSecond}, sent as one producer batch. */
  private static void produce(KafkaProducer<byte[], byte[]> producer, Topics topics, int firstSecond) {
    for (int s = firstSecond; s < firstSecond + MESSAGES; s++) {
      List<Point> points = new ArrayList<>();
      for (int m = 0; m < POINTS; m++) {
        points.add(new Point(T0 + s, "m" + m, s * 10.0 + m));
      }
      SampleBatch b = new SampleBatch(UUID.randomUUID(), "lab", "h1/disk/d0", points);
      producer.send(new ProducerRecord<>(topics.samples(), b.key().getBytes(), SampleBatchCodec.encode(b)));
    }
    producer.flush();
  }

  private static KafkaProducer<byte[], byte[]> producer(EmbeddedKafka kafka) {
    Map<String, Object> p = new HashMap<>(KafkaClient.plaintext(kafka.bootstrapServers()).properties());
    p.put("acks", "all");
    p.put("linger.ms", 1000); // flush() sends at once; the linger keeps the group in one batch
    return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
  }

  /** The pid of a backend of this database waiting on a lock, other than {@code not}. */
  private static long awaitWaitingBackend(TestDatabase db, long not) throws Exception {
    String sql = "SELECT coalesce(max(pid), -1) FROM pg_stat_activity WHERE datname = current_database() "
        + "AND wait_event_type = 'Lock' AND pid <> " + not;
    await(() -> count(db, sql) > 0 ? 1 : 0, 1);
    return count(db, sql);
  }

  private static void terminate(TestDatabase db, long pid) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      s.execute("SELECT pg_terminate_backend(" + pid + ")");
    }
  }

  private interface Probe {
    long get() throws Exception;
  }

  private static void await(Probe probe, long atLeast) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    long seen = probe.get();
    while (seen < atLeast && System.nanoTime() < deadline) {
      Thread.sleep(100);
      seen = probe.get();
    }
    assertTrue(seen >= atLeast, "waited 60 s for " + atLeast + ", saw " + seen);
  }

  private static long count(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
