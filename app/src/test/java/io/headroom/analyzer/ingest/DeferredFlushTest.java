package io.headroom.analyzer.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.live.ActiveRuns;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.analyzer.store.WalPosition;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The ingest's commits do not wait for the server's disk; what they stored goes to Kafka as
 * committed offsets only once the server's WAL flush has passed them, on the connection they were
 * committed on. Against a real PostgreSQL; the flush position the stage sees is held back where
 * a test needs the server "not yet flushed" (the real WAL writer flushes within 600 ms).
 */
class DeferredFlushTest {
  private static final double T0 = 1_795_995_443.0;
  private static final TopicPartition SAMPLES_0 = new TopicPartition("samples", 0);
  private static final String APP = "deferred-flush-test";

  private TestDatabase db;
  private Database database;
  private Connection direct;
  private final HeldFlush flush = new HeldFlush();
  private StoreStage stage;
  private Thread storer;

  /** The real positions, with the flush shown no further than where it stood when held. */
  private static final class HeldFlush implements WalPosition.Reader {
    private volatile long heldAt = Long.MAX_VALUE;

    void hold(Connection c) throws SQLException {
      heldAt = WalPosition.of(c).flushed();
    }

    void letGo() {
      heldAt = Long.MAX_VALUE;
    }

    @Override
    public WalPosition read(Connection c) throws SQLException {
      WalPosition real = WalPosition.of(c);
      return new WalPosition(real.inserted(), Math.min(real.flushed(), heldAt));
    }
  }

  @BeforeEach
  void start() throws Exception {
    db = TestDatabase.create();
    direct = db.connect();
    Migrations.migrateAndMaintain(direct, TestDatabase.KEEPING_FIXED_DATES);
    database = new Database(db.url() + "&ApplicationName=" + APP, null, null);
    stage = new StoreStage(database, new ActiveRuns(), Duration.ofSeconds(1), flush);
    storer = new Thread(stage, "deferred-flush-test-store");
    storer.start();
  }

  @AfterEach
  void stop() throws Exception {
    stage.stop();
    storer.join(10_000);
    database.close();
    direct.close();
    db.close();
  }

  /** Kafka record {@code offset} of samples-0: one batch of three util readings, {@code base}, +1, +2. */
  private static Poll poll(long offset, double base) {
    SampleBatch batch = new SampleBatch(new UUID(17, offset), "lab", "h1/cpu", List.of(
        new Point(T0 + offset, "util", base), new Point(T0 + offset, "sys", base + 1), new Point(T0 + offset, "irq", base + 2)));
    IngestBatch one = new IngestBatch();
    one.samples(batch);
    IngestBatch all = new IngestBatch();
    all.addAll(one);
    return new Poll(List.of(new Consumed("samples", 0, offset, new byte[0], one)), all, 1,
        Map.of(SAMPLES_0, offset), Map.of(SAMPLES_0, new OffsetAndMetadata(offset + 1)));
  }

  @Test
  void aDeferredCommitNamesTheWalPositionTheServersFlushThenReaches() throws Exception {
    SampleStore deferred = SampleStore.deferringFlush(WalPosition::of);
    IngestBatch batch = poll(0, 0.5).all();
    assertEquals(3, deferred.write(direct, batch));
    WalPosition after = deferred.afterLastCommit();
    assertTrue(after.inserted() > 0 && after.flushed() <= after.inserted(), after.toString());
    await("the WAL writer flushes past the commit within 3 s",
        () -> uncheckedPosition(direct).flushed() >= after.inserted(), Duration.ofSeconds(3));

    SampleStore waiting = new SampleStore();
    assertEquals(0, waiting.write(direct, batch)); // the same batch id: nothing new
    assertNull(waiting.afterLastCommit(), "a store whose commits wait for the disk has nothing to wait for");
  }

  @Test
  void aStoredPollsOffsetsWaitForTheFlushOfItsCommit() throws Exception {
    flush.hold(direct);
    assertTrue(stage.handOff(poll(0, 0.5), 1_000));
    await("poll 0 stored", () -> stage.samplesStored() == 3, Duration.ofSeconds(10));
    Thread.sleep(500); // five of the stage's flush checks
    assertEquals(Map.of(), stage.takeStoredOffsets(), "stored, but not known to be on disk: nothing for Kafka yet");

    flush.letGo();
    await("the offsets released once the flush is seen", () -> !peekOffsets().isEmpty(), Duration.ofSeconds(3));
    assertEquals(Map.of(SAMPLES_0, new OffsetAndMetadata(1)), released);
  }

  /**
   * The server "loses" poll 0's commit with the connection it was made on (as a crash before the
   * flush would: here the backend is killed and the rows deleted); poll 1 then comes. The stage
   * stores poll 0 again on its new connection before poll 1, and releases both offsets only after
   * that: poll 0's readings are there, each once.
   */
  @Test
  void aPollCommittedOnALostConnectionIsStoredAgainBeforeTheNextOne() throws Exception {
    flush.hold(direct);
    assertTrue(stage.handOff(poll(0, 0.5), 1_000));
    await("poll 0 stored", () -> stage.samplesStored() == 3, Duration.ofSeconds(10));
    assertEquals(1, count("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = '"
        + APP + "'"));
    update("DELETE FROM sample");

    assertTrue(stage.handOff(poll(1, 10.5), 1_000));
    flush.letGo();
    await("both polls' offsets released", () -> peekOffsets().equals(Map.of(SAMPLES_0, new OffsetAndMetadata(2))),
        Duration.ofSeconds(15));
    assertEquals(6, count("SELECT count(*) FROM sample"));
    // poll 0's three readings (0.5, 1.5, 2.5) and poll 1's (10.5, 11.5, 12.5), each once
    assertEquals(0.5 + 1.5 + 2.5 + 10.5 + 11.5 + 12.5, sum("SELECT sum(value) FROM sample"), 1e-9);
    // and counted once each: poll 0's 3 when first stored (not again when stored again), poll 1's 3
    assertEquals(3 + 3, stage.samplesStored());
  }

  @Test
  void withdrawnAStoredPollNotSeenFlushedGoesBackToBeReadAgain() throws Exception {
    flush.hold(direct);
    Poll first = poll(0, 0.5);
    assertTrue(stage.handOff(first, 1_000));
    await("poll 0 stored", () -> stage.samplesStored() == 3, Duration.ofSeconds(10));
    assertEquals(List.of(first), stage.withdraw()); // after waiting 2 s for a flush it never sees
    assertEquals(Map.of(), stage.takeStoredOffsets());
  }

  private Map<TopicPartition, OffsetAndMetadata> released = Map.of();

  /** Takes the offsets released so far, keeping the last non-empty take in {@link #released}. */
  private Map<TopicPartition, OffsetAndMetadata> peekOffsets() {
    Map<TopicPartition, OffsetAndMetadata> taken = stage.takeStoredOffsets();
    if (!taken.isEmpty()) {
      released = taken;
    }
    return released;
  }

  private static WalPosition uncheckedPosition(Connection c) {
    try {
      return WalPosition.of(c);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void await(String what, BooleanSupplier done, Duration limit) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + limit + ": " + what);
      }
      Thread.sleep(10);
    }
  }

  private long count(String sql) throws SQLException {
    try (var s = direct.createStatement(); var rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private double sum(String sql) throws SQLException {
    try (var s = direct.createStatement(); var rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getDouble(1);
    }
  }

  private void update(String sql) throws SQLException {
    try (var s = direct.createStatement()) {
      s.execute(sql);
    }
  }
}
