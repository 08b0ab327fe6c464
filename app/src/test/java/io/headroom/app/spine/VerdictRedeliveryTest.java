package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.KafkaPosition;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.Bottleneck;
import io.headroom.model.Verdict;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A verdict record Kafka delivers again (its offset was not committed before a crash) is stored
 * once: its topic, partition and offset are the same at every delivery (V10). A verdict with no
 * Kafka record (headroom import) is a new judgement each time, as before.
 */
class VerdictRedeliveryTest {
  private static final Verdict DISK = new Verdict("r1", Bottleneck.DISK, "h1/disk/sda", 0.9,
      List.of("h1/disk/sda util p95 0.99"), List.of(), List.of());
  private static final KafkaPosition AT_41 = new KafkaPosition("headroom.verdicts", 0, 41);

  private final SampleStore store = new SampleStore();

  @Test
  void theSameRecordDeliveredTwiceIsOneRow() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      store.write(database.connection(), poll(AT_41));
      store.write(database.connection(), poll(AT_41)); // the redelivery: a later poll, a later clock
      assertEquals(List.of("lab r1 DISK headroom.verdicts 0 41"), rows(db));
    }
  }

  @Test
  void twiceInOnePollIsOneRowAndTheNextOffsetIsAnotherVerdict() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      // offset 42: the same verdict published again (another analyzer judged the run) is its own record
      store.write(database.connection(), poll(AT_41, AT_41, new KafkaPosition("headroom.verdicts", 0, 42)));
      assertEquals(List.of("lab r1 DISK headroom.verdicts 0 41", "lab r1 DISK headroom.verdicts 0 42"), rows(db));
    }
  }

  @Test
  void aVerdictStoredWithoutKafkaIsKeptEachTime() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      for (int i = 0; i < 2; i++) {
        IngestBatch imported = new IngestBatch();
        imported.verdict("lab", DISK);
        store.write(database.connection(), imported);
      }
      assertEquals(List.of("lab r1 DISK null null null", "lab r1 DISK null null null"), rows(db));
    }
  }

  /** A database from before V10 keeps its verdicts; V10 adds the columns and the unique index. */
  @Test
  void upgradingKeepsTheVerdictsStoredBefore() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      try (Statement s = database.connection().createStatement()) {
        s.execute("DROP INDEX verdict_kafka_record");
        s.execute("ALTER TABLE verdict DROP COLUMN kafka_topic, DROP COLUMN kafka_partition, DROP COLUMN kafka_offset");
        s.execute("DELETE FROM headroom_schema WHERE step = 'V10__verdict_kafka_record.sql'");
        s.execute("INSERT INTO verdict (testbed, run, computed_at, bottleneck, entity, confidence, body) "
            + "VALUES ('lab', 'r0', now(), 'NONE', NULL, 0.5, '{}')");
      }
      Migrations.migrateAndMaintain(database.connection(), TestDatabase.KEEPING_FIXED_DATES);
      store.write(database.connection(), poll(AT_41));
      store.write(database.connection(), poll(AT_41));
      assertEquals(List.of("lab r0 NONE null null null", "lab r1 DISK headroom.verdicts 0 41"), rows(db));
    }
  }

  /** One poll of the verdicts topic: the DISK verdict of lab's run r1 at each position. */
  private static IngestBatch poll(KafkaPosition... records) {
    IngestBatch poll = new IngestBatch();
    for (KafkaPosition at : records) {
      poll.verdict("lab", DISK, at);
    }
    return poll;
  }

  private static List<String> rows(TestDatabase db) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = db.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT testbed, run, bottleneck, kafka_topic, kafka_partition, kafka_offset "
            + "FROM verdict ORDER BY run, kafka_offset, computed_at")) {
      while (rs.next()) {
        out.add(rs.getString(1) + " " + rs.getString(2) + " " + rs.getString(3) + " " + rs.getString(4) + " "
            + rs.getString(5) + " " + rs.getString(6));
      }
    }
    return out;
  }
}
