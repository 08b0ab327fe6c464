package io.headroom.app.spine;

import static io.headroom.app.spine.StoreTables.count;
import static io.headroom.app.spine.StoreTables.poll;
import static io.headroom.app.spine.StoreTables.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.Entity;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A series has one reading per instant (the sample table's unique series index, V12): a batch
 * delivered twice, in two polls or in one, is stored once, and so is another batch carrying a
 * reading of the same series at the same time, whose first stored value stays.
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
      assertEquals(3, count(db, "sample"));
    }
  }

  @Test
  void theSameBatchTwiceInOnePollIsStoredOnce() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      assertEquals(3, store.write(database.connection(), poll(THREE_POINTS, THREE_POINTS)));
      assertEquals(3, count(db, "sample"));
    }
  }

  @Test
  void anotherBatchWithAReadingAtTheSameTimeKeepsTheFirstValueAndAddsItsOtherReadings() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      SampleBatch later = new SampleBatch(UUID.randomUUID(), "lab", "h1/cpu",
          List.of(new Point(T0 + 2, "util", 0.9), new Point(T0 + 3, "util", 0.4)));
      // T0+2 is THREE_POINTS' third reading: only T0+3 is new
      assertEquals(3 + 1, store.write(database.connection(), poll(THREE_POINTS, later)));
      assertEquals(List.of(List.of("0.1"), List.of("0.2"), List.of("0.3"), List.of("0.4")),
          rows(db, "SELECT value FROM sample ORDER BY ts"));
    }
  }

  /** The same time in another series (another metric, another entity) is another reading. */
  @Test
  void theSameTimeInAnotherSeriesIsStored() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      SampleBatch otherMetric = new SampleBatch(UUID.randomUUID(), "lab", "h1/cpu", List.of(new Point(T0, "iowait", 0.5)));
      SampleBatch otherEntity = new SampleBatch(UUID.randomUUID(), "lab", "h2/cpu", List.of(new Point(T0, "util", 0.6)));
      assertEquals(3 + 1 + 1, store.write(database.connection(), poll(THREE_POINTS, otherMetric, otherEntity)));
      assertEquals(5, count(db, "sample"));
    }
  }

  /**
   * A reading stored before makes the poll's plain COPY fail; the store rolls the transaction
   * back and writes the whole poll again through the conflict-tolerant path: what the poll holds
   * besides samples (its topology) must be there, and of its batches only the new readings.
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
      assertEquals(3 + 2, count(db, "sample"));
      assertEquals(List.of(List.of("h2", "host")), rows(db, "SELECT entity, kind FROM entity WHERE entity = 'h2'"));
      // the next poll, all new, takes the plain path again, and its rows are all there
      SampleBatch next = new SampleBatch(UUID.randomUUID(), "lab", "h1/cpu", List.of(new Point(T0 + 5, "util", 0.6)));
      assertEquals(1, store.write(database.connection(), poll(next)));
      assertEquals(3 + 2 + 1, count(db, "sample"));
    }
  }
}
