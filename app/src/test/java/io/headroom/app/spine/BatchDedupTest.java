package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.app.testing.TestDatabase;
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

  private static IngestBatch poll(SampleBatch... batches) {
    IngestBatch poll = new IngestBatch();
    for (SampleBatch b : batches) {
      poll.samples(b);
    }
    return poll;
  }

  private static long rows(TestDatabase db) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM sample")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
