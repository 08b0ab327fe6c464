package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.Entity;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The batch id is the only guard against duplicate sample rows (the sample table has no unique
 * key, to keep COPY fast): a batch delivered twice, in two polls or in one, is stored once, and
 * a different batch with the very same points is stored again (its id says it is new).
 */
class BatchDedupTest {
  private static final double T0 = 1_795_995_443.0;
  private static final SampleBatch THREE_POINTS = new SampleBatch(UUID.fromString("00000000-0000-0000-0000-000000000001"),
      "lab", "h1/cpu", List.of(new Point(T0, "util", 0.1), new Point(T0 + 1, "util", 0.2), new Point(T0 + 2, "util", 0.3)));

  private final SampleStore store = new SampleStore();

  @Test
  void theSameBatchInTwoPollsIsStoredOnce() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      assertEquals(3, store.write(database.connection(), poll(THREE_POINTS)));
      assertEquals(0, store.write(database.connection(), poll(THREE_POINTS)));
      assertEquals(3, rows(db));
    }
  }

  @Test
  void theSameBatchTwiceInOnePollIsStoredOnce() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      assertEquals(3, store.write(database.connection(), poll(THREE_POINTS, THREE_POINTS)));
      assertEquals(3, rows(db));
    }
  }

  @Test
  void anotherBatchWithTheSamePointsIsStored() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      SampleBatch again = new SampleBatch(UUID.randomUUID(), "lab", "h1/cpu", THREE_POINTS.points());
      assertEquals(3 + 3, store.write(database.connection(), poll(THREE_POINTS, again)));
      assertEquals(6, rows(db));
    }
  }

  /**
   * A duplicate sends the store from its plain insert of the ids back to a savepoint and the
   * conflict-tolerant insert: what the poll wrote before the savepoint (its topology) must stay,
   * and of its batches only the new one is stored.
   */
  @Test
  void aPollWithOneStoredBatchStoresItsNewBatchAndKeepsItsTopology() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      assertEquals(3, store.write(database.connection(), poll(THREE_POINTS)));
      SampleBatch fresh = new SampleBatch(UUID.fromString("00000000-0000-0000-0000-000000000002"), "lab", "h1/cpu",
          List.of(new Point(T0 + 3, "util", 0.4), new Point(T0 + 4, "util", 0.5)));
      IngestBatch mixed = poll(THREE_POINTS, fresh);
      mixed.topology("lab", Entity.of("h2", "host"));
      assertEquals(2, store.write(database.connection(), mixed)); // fresh's 2 points; THREE_POINTS' 3 are stored already
      assertEquals(3 + 2, rows(db));
      assertEquals(1, count(db, "SELECT count(*) FROM entity WHERE entity = 'h2' AND kind = 'host'"));
      assertEquals(2, count(db, "SELECT count(*) FROM ingested_batch"));
    }
  }

  private static IngestBatch poll(SampleBatch... batches) {
    IngestBatch poll = new IngestBatch();
    for (SampleBatch b : batches) {
      poll.samples(b);
    }
    return poll;
  }

  private static long rows(TestDatabase db) throws Exception {
    return count(db, "SELECT count(*) FROM sample");
  }

  private static long count(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
