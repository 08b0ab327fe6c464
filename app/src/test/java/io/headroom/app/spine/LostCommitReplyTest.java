package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.analyzer.store.SqlFailure;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit whose acknowledgement is lost: the server committed the poll, the reply never reached
 * the analyzer, which sees a broken connection and stores the same poll again. The batch ids
 * recorded in the committed transaction make that second attempt add nothing.
 */
class LostCommitReplyTest {
  private static final double T0 = 1_795_995_443.0;
  /** Three points: util 0.1, 0.2, 0.3 at T0, T0 + 1, T0 + 2. */
  private static final SampleBatch THREE_POINTS = new SampleBatch(UUID.fromString("00000000-0000-0000-0000-000000000017"),
      "lab", "h1/cpu", List.of(new Point(T0, "util", 0.1), new Point(T0 + 1, "util", 0.2), new Point(T0 + 2, "util", 0.3)));

  @TempDir Path dir;

  @Test
  void theRetryOfACommittedPollWhoseReplyWasLostStoresNothing() throws Exception {
    SampleStore store = new SampleStore();
    try (TestDatabase db = TestDatabase.create(); TcpProxy proxy = new TcpProxy(db.port());
        Database direct = new Database(db.url(), null, null);
        Database viaProxy = new Database(db.url(proxy.port()), null, null)) {
      Migrations.migrateAndMaintain(direct.connection(), TestDatabase.KEEPING_FIXED_DATES);
      proxy.loseNextSampleCommitReply();

      SQLException lost = assertThrows(SQLException.class, () -> store.write(viaProxy.connection(), poll()));
      assertEquals(1, proxy.commitRepliesLost());
      // a broken connection, not a refused record: the ingest loop retries the same poll
      assertEquals(SqlFailure.OUTAGE, SqlFailure.of(lost), lost.getSQLState() + " " + lost.getMessage());
      // yet the server committed: its 3 rows are there
      assertEquals(3, rows(db, "SELECT count(*) FROM sample"));

      viaProxy.discard(); // as the ingest loop does after a connection failure
      assertEquals(0, store.write(viaProxy.connection(), poll()));
      assertEquals(3, rows(db, "SELECT count(*) FROM sample"));
    }
  }

  /**
   * The same through the running analyzer: 5 scrapes stored; the commit of the next poll with
   * samples loses its reply; the ingest loop reconnects and stores that poll again; 10 scrapes in
   * all, every reading once.
   */
  @Test
  void theAnalyzerRetryingAfterALostCommitReplyDuplicatesNothing() throws Exception {
    try (Spine spine = new Spine(dir)) {
      spine.scrape(5);
      assertEquals(5 * Spine.ROWS_PER_SCRAPE, spine.awaitRows(5 * Spine.ROWS_PER_SCRAPE, Duration.ofSeconds(60)));
      spine.proxy.loseNextSampleCommitReply();
      spine.scrape(5);
      assertEquals(10 * Spine.ROWS_PER_SCRAPE, spine.awaitRows(10 * Spine.ROWS_PER_SCRAPE, Duration.ofSeconds(120)));
      assertEquals(1, spine.proxy.commitRepliesLost());
      // every (entity, metric, time) once: 10 scrapes x 10 rows
      assertEquals(10 * Spine.ROWS_PER_SCRAPE, spine.count("SELECT count(DISTINCT (entity_id, metric_id, ts)) FROM sample"));
      assertEquals("storing", spine.analyzer.health().ingest());
    }
  }

  private static IngestBatch poll() {
    IngestBatch poll = new IngestBatch();
    poll.samples(THREE_POINTS);
    return poll;
  }

  private static long rows(TestDatabase db, String sql) throws Exception {
    try (var c = db.connect(); var s = c.createStatement(); var rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
