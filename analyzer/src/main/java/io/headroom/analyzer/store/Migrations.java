package io.headroom.analyzer.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a database to the current schema at analyzer start. Safe to run from several analyzers
 * at once (an advisory lock serialises them) and again on an up-to-date database (every step is
 * recorded in headroom_schema and skipped once done).
 */
public final class Migrations {
  private static final Logger LOG = LoggerFactory.getLogger(Migrations.class);
  private static final long LOCK_KEY = 0x4865616472L; // "Headr"

  private Migrations() {}

  /** Applies what is missing and says which flavor the sample table has. */
  public static StorageFlavor migrate(Connection c, StoreConfig config) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.execute("SELECT pg_advisory_xact_lock(" + LOCK_KEY + ")");
      s.execute("CREATE TABLE IF NOT EXISTS headroom_schema (step text PRIMARY KEY, "
          + "applied_at timestamptz NOT NULL DEFAULT now())");
      apply(c, "V1__base.sql", config);
      TimescaleSupport timescale = TimescaleSupport.of(c);
      StorageFlavor flavor = existingFlavor(c);
      if (flavor == null) {
        flavor = choose(config, timescale);
      } else if (flavor == StorageFlavor.TIMESCALE && !timescale.preloaded()) {
        throw new SQLException("this database keeps its samples in TimescaleDB, but the server does not "
            + "preload the timescaledb library: add it to shared_preload_libraries and restart the server",
            "55000");
      }
      for (String step : flavor.steps) {
        apply(c, step, config);
      }
      apply(c, "V3__dead_letter.sql", config);
      apply(c, "V5__annotation.sql", config);
      apply(c, "V6__dashboard_views.sql", config);
      apply(c, "V7__dashboard_views_runs_resources_health.sql", config);
      apply(c, "V9__dashboard_views_variables_annotations.sql", config);
      apply(c, "V10__verdict_kafka_record.sql", config);
      apply(c, "V11__ingest_progress.sql", config);
      apply(c, "V13__verdict_unjudged.sql", config);
      apply(c, "V14__dashboard_headroom.sql", config);
      c.commit();
      LOG.info("schema is current; samples stored as {}", flavor == StorageFlavor.TIMESCALE
          ? "a TimescaleDB hypertable" : "a natively partitioned table");
      return flavor;
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(autoCommit);
    }
  }

  /** Migrates, then (plain PostgreSQL) makes sure partitions exist ahead of today. */
  public static StorageFlavor migrateAndMaintain(Connection c, StoreConfig config) throws SQLException {
    StorageFlavor flavor = migrate(c, config);
    if (flavor == StorageFlavor.PARTITIONED) {
      PartitionMaintainer.ensure(c, config);
    }
    return flavor;
  }

  /** A new database: TimescaleDB when preferred and the server runs the library, else partitions. */
  private static StorageFlavor choose(StoreConfig config, TimescaleSupport timescale) {
    if (!config.preferTimescale()) {
      LOG.info("plain partitions, as the store settings ask (preferTimescale false)");
      return StorageFlavor.PARTITIONED;
    }
    if (timescale.usable()) {
      LOG.info("{}: samples go to a hypertable", timescale.describe());
      return StorageFlavor.TIMESCALE;
    }
    if (timescale.availableVersion() != null) {
      LOG.warn("{}; samples go to plain partitions", timescale.describe());
    } else {
      LOG.info("{}: samples go to plain partitions", timescale.describe());
    }
    return StorageFlavor.PARTITIONED;
  }

  private static StorageFlavor existingFlavor(Connection c) throws SQLException {
    for (StorageFlavor f : StorageFlavor.values()) {
      if (applied(c, f.firstStep())) {
        return f;
      }
    }
    return null;
  }

  private static boolean applied(Connection c, String step) throws SQLException {
    try (var ps = c.prepareStatement("SELECT 1 FROM headroom_schema WHERE step = ?")) {
      ps.setString(1, step);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static void apply(Connection c, String step, StoreConfig config) throws SQLException {
    if (applied(c, step)) {
      return;
    }
    String sql = script(step).replace("${retention_days}", Integer.toString(config.retentionDays()));
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new SQLException("migration " + step + " failed: " + e.getMessage(), e.getSQLState(), e);
    }
    try (var ps = c.prepareStatement("INSERT INTO headroom_schema (step) VALUES (?)")) {
      ps.setString(1, step);
      ps.executeUpdate();
    }
    LOG.info("applied migration {}", step);
  }

  static String script(String name) {
    try (InputStream in = Migrations.class.getResourceAsStream("/db/" + name)) {
      if (in == null) {
        throw new IllegalStateException("migration script /db/" + name + " is not on the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read migration script /db/" + name, e);
    }
  }
}
