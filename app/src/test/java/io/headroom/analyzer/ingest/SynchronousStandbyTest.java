package io.headroom.analyzer.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.analyzer.store.WalPosition;
import io.headroom.app.testing.TestDatabase;
import static io.headroom.app.testing.Sql.column;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ingest's deferred flush gates Kafka offsets on the primary's own WAL flush, which a
 * failover to a synchronous standby that never received the commit would not honour. So when
 * the server names synchronous standbys, the ingest's commits wait for them as the server says.
 * A server of its own (changing synchronous_standby_names on the shared one would hold every
 * other test's commits): with a standby named that never connects, the store's commit waits
 * (wait event SyncRep) instead of returning; when the name is removed, it completes.
 */
class SynchronousStandbyTest {
  private static final String APP = "synchronous-standby-test";
  private static final double T0 = 1_795_995_443.0;

  @TempDir
  Path dataDir;

  @Test
  void withASynchronousStandbyNamedTheIngestsCommitWaitsForIt() throws Exception {
    ExecutorService writer = Executors.newSingleThreadExecutor();
    // zonky's defaults turn synchronous_commit off for the whole server; PostgreSQL's default is on
    try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setDataDirectory(dataDir).setCleanDataDirectory(true)
            .setServerConfig("synchronous_commit", "on").start();
        Connection admin = DriverManager.getConnection(pg.getJdbcUrl("postgres", "postgres"));
        Connection ingest = DriverManager.getConnection(pg.getJdbcUrl("postgres", "postgres") + "&ApplicationName=" + APP)) {
      Migrations.migrateAndMaintain(admin, TestDatabase.KEEPING_FIXED_DATES);
      SampleStore store = SampleStore.deferringFlush(WalPosition::of);
      // a first poll while no standby is named, so the dictionary's own commits (the entity's and
      // the metric's ids, committed apart) are behind: the next poll's only commit is its own
      assertEquals(3L, store.write(ingest, poll(T0)));
      setStandbyNames(admin, "'absent_standby'", "absent_standby");

      Future<Long> write = writer.submit(() -> store.write(ingest, poll(T0 + 10)));
      Thread.sleep(2_000);
      assertFalse(write.isDone(), "the commit returned without the named standby");
      assertEquals(List.of("SyncRep"), column(admin, "SELECT wait_event FROM pg_stat_activity WHERE application_name = '"
          + APP + "' AND state = 'active'"));

      setStandbyNames(admin, "''", "");
      assertEquals(3L, write.get(30, TimeUnit.SECONDS));
      assertEquals(List.of("6"), column(admin, "SELECT count(*) FROM sample"));
    } finally {
      writer.shutdownNow();
    }
  }

  /** Sets the server's synchronous_standby_names and waits until a new session sees it. */
  private static void setStandbyNames(Connection admin, String literal, String expected) throws Exception {
    try (Statement s = admin.createStatement()) {
      s.execute("ALTER SYSTEM SET synchronous_standby_names = " + literal);
      s.execute("SELECT pg_reload_conf()");
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!column(admin, "SHOW synchronous_standby_names").equals(List.of(expected))) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the server did not take synchronous_standby_names = " + literal + " within 10 s");
      }
      Thread.sleep(50);
    }
  }

  private static IngestBatch poll(double from) {
    IngestBatch poll = new IngestBatch();
    poll.samples(new SampleBatch(UUID.randomUUID(), "lab", "h1/cpu",
        List.of(new Point(from, "util", 0.5), new Point(from + 1, "util", 1.5), new Point(from + 2, "util", 2.5))));
    return poll;
  }

}
