package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.StorageFlavor;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A server whose files offer the timescaledb extension but which does not preload the library
 * (.ci/timescaledb.sh starts one beside the TimescaleDB server, from the same build). There,
 * CREATE EXTENSION timescaledb ends the connection with FATAL; the migration deciding from
 * pg_available_extensions alone did exactly that (issue 9). The analyzer must store samples in
 * plain partitions instead. Runs where HEADROOM_TIMESCALE_UNLOADED_PG names such a server.
 */
class TimescaleDecisionTest {
  private TestDatabase db;

  @BeforeEach
  void onAServerWithTimescaleAvailableButNotPreloaded() throws Exception {
    var server = TestDatabase.serverProperty(TestDatabase.TIMESCALE_NOT_PRELOADED);
    assumeTrue(server.isPresent(), "needs a server with timescaledb installed but not preloaded: "
        + "set HEADROOM_TIMESCALE_UNLOADED_PG (see docs/testing.md)");
    db = TestDatabase.createOn(server.get());
    assertTrue(db.server().timescaleAvailable() != null && !db.server().preloaded(),
        "the case needs the extension available and the library not preloaded: " + db.server().describe());
  }

  @AfterEach
  void drop() throws Exception {
    if (db != null) {
      db.close();
    }
  }

  @Test
  void availableButNotPreloadedGetsPlainPartitionsAndKeepsTheConnection() throws Exception {
    try (Connection c = db.connect()) {
      // The server's postgresql.conf sets timescaledb.max_background_workers without the library:
      // current_setting() returns that placeholder, which must not pass for the loaded library.
      assertEquals("4", value(c, "SELECT current_setting('timescaledb.max_background_workers', true)"));
      assertEquals(StorageFlavor.PARTITIONED, Migrations.migrateAndMaintain(c, StoreConfig.DEFAULTS));
      assertTrue(c.isValid(5), "the connection is still open");
      assertEquals("0", value(c, "SELECT count(*) FROM pg_extension WHERE extname = 'timescaledb'"));
      try (Statement s = c.createStatement()) {
        s.execute("INSERT INTO sample VALUES (now(), 1, 1, 0.5)");
      }
      assertEquals("1 0.5", value(c, "SELECT n || ' ' || avg FROM sample_1m"));
    }
  }

  @Test
  void aDatabaseLaidOutForTimescaleOnAServerThatDoesNotPreloadItIsRefusedWithTheReason() throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      // As a database first migrated on a TimescaleDB server would record itself, then moved to
      // this one (a restore, or a server whose preload was dropped at an upgrade).
      s.execute("CREATE TABLE headroom_schema (step text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
      s.execute("INSERT INTO headroom_schema (step) VALUES ('V1__base.sql'), ('V2__sample_timescale.sql')");
      SQLException e = assertThrows(SQLException.class, () -> Migrations.migrate(c, StoreConfig.DEFAULTS));
      assertEquals("this database keeps its samples in TimescaleDB, but the server does not preload the "
          + "timescaledb library: add it to shared_preload_libraries and restart the server", e.getMessage());
      assertTrue(c.isValid(5), "the connection is still open");
    }
  }

  private static String value(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
