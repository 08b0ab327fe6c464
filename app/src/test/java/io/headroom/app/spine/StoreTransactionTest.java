package io.headroom.app.spine;

import static io.headroom.app.spine.StoreTables.count;
import static io.headroom.app.spine.StoreTables.namedSamples;
import static io.headroom.app.spine.StoreTables.poll;
import static io.headroom.app.spine.StoreTables.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.DeadLetter;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.Entity;
import io.headroom.model.Run;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * One poll is one transaction ({@link SampleStore#write}): a record the database refuses leaves
 * nothing of its poll, the connection stays usable and keeps the caller's auto-commit setting,
 * and the dictionary's ids, committed on their own, still name their rows afterwards.
 */
class StoreTransactionTest {
  private static final double T0 = 1_795_995_443.0;
  /** to_timestamp(1e300) is beyond any timestamp: 22008 datetime_field_overflow. */
  private static final Run UNSTORABLE_RUN = new Run("r1", "lab", 1e300, null, Map.of());

  private final SampleStore store = new SampleStore();

  private static SampleBatch cpu(double ts, double value) {
    return reading("h1/cpu", "util", ts, value);
  }

  private static SampleBatch reading(String entity, String metric, double ts, double value) {
    return new SampleBatch(UUID.randomUUID(), "lab", entity, List.of(new Point(ts, metric, value)));
  }

  /** Samples and an entity's topology, then a run the database refuses: 22008, and none of it stored. */
  private static IngestBatch refusedPoll(SampleBatch samples) {
    IngestBatch poll = poll(samples);
    poll.topology("lab", Entity.of("h1/nvme0", "disk"));
    poll.run("lab", UNSTORABLE_RUN);
    return poll;
  }

  @Test
  void aRefusedRecordLeavesNothingOfItsPollAndTheConnectionWorks() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      Connection c = database.connection();
      SQLException refused = assertThrows(SQLException.class, () -> store.write(c, refusedPoll(cpu(T0, 0.25))));
      assertEquals("22008", refused.getSQLState(), refused.getMessage());
      // only the dictionary's own row for h1/cpu, committed apart from the poll (kind 'unknown')
      assertEquals(List.of(List.of("h1/cpu", "unknown")), rows(db, "SELECT entity, kind FROM entity"));
      assertEquals(0, count(db, "sample") + count(db, "run"));
      assertTrue(c.getAutoCommit(), "the caller's auto-commit is given back");

      assertEquals(1, store.write(c, poll(cpu(T0 + 1, 0.5))), "the same connection stores the next poll");
      assertEquals(List.of(List.of("lab", "h1/cpu", "util", "1795995444", "0.5")), namedSamples(db));
    }
  }

  /**
   * A point at -1e12 s (about 29,700 BC) is before PostgreSQL's first timestamp (4714 BC): the
   * server refuses the COPY, and its SQLSTATE 22008 comes back, not a broken connection's 08006.
   */
  @Test
  void aCopyTheServerRefusesKeepsItsSqlState() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      Connection c = database.connection();
      SQLException refused = assertThrows(SQLException.class, () -> store.write(c, poll(cpu(-1e12, 0.25))));
      assertEquals("22008", refused.getSQLState(), refused.getMessage());
      assertTrue(refused.getMessage().startsWith("COPY of 1 samples failed: "), refused.getMessage());
      assertEquals(0, count(db, "sample"), "nothing of the refused poll is kept");
      assertEquals(1, store.write(c, poll(cpu(T0, 0.25))));
      assertEquals(1, count(db, "sample"));
    }
  }

  /**
   * On a connection without auto-commit the store still commits each poll, and the dictionary
   * commits each new id on its own: after a refused poll rolled back, the id it cached names a
   * row that exists, so the next poll's sample (which reuses the cached id) names it. One refused
   * poll brings only a new entity (h1/cpu; util is known), the other only a new metric (load;
   * h1/mem is known), so each of the two commits is the only one of its poll.
   */
  @Test
  void withoutAutoCommitPollsAndIdsAreCommittedAndTheSettingKept() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      Connection c = database.connection();
      c.setAutoCommit(false);
      assertEquals(1, store.write(c, poll(reading("h1/mem", "util", T0, 0.75))));
      assertThrows(SQLException.class, () -> store.write(c, refusedPoll(cpu(T0, 0.25))));
      assertThrows(SQLException.class, () -> store.write(c, refusedPoll(reading("h1/mem", "load", T0, 3.0))));
      assertEquals(2, store.write(c, poll(cpu(T0 + 1, 0.5), reading("h1/mem", "load", T0 + 1, 2.0))));
      assertFalse(c.getAutoCommit(), "the caller's setting is given back");
      assertEquals(List.of(
          List.of("lab", "h1/cpu", "util", "1795995444", "0.5"),
          List.of("lab", "h1/mem", "load", "1795995444", "2"),
          List.of("lab", "h1/mem", "util", "1795995443", "0.75")), namedSamples(db),
          "committed, and seen from another connection");
    }
  }

  /** Setting a record aside commits it on its own, whatever the connection's setting, and keeps the setting. */
  @Test
  void aRecordSetAsideIsCommittedOnItsOwn() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      Connection c = database.connection();
      c.setAutoCommit(false);
      store.setAside(c, new DeadLetter("headroom.runs", 1, 12, DeadLetter.REFUSED, "22008", "timestamp out of range", null));
      assertFalse(c.getAutoCommit(), "the caller's setting is given back");
      assertEquals(List.of(List.of("headroom.runs", "1", "12", "22008")),
          rows(db, "SELECT topic, kafka_partition, kafka_offset, sqlstate FROM dead_letter"));
    }
  }
}
