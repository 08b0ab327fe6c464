package io.headroom.analyzer.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps daily partitions of the sample table (plain PostgreSQL only): from yesterday to
 * {@code partitionsAhead} days ahead, created before data arrives, and drops those past retention.
 * Runs at start and then hourly; every step is idempotent.
 */
public final class PartitionMaintainer {
  private static final Logger LOG = LoggerFactory.getLogger(PartitionMaintainer.class);
  private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("yyyyMMdd");

  private PartitionMaintainer() {}

  public static void ensure(Connection c, StoreConfig config) throws SQLException {
    ensure(c, config, LocalDate.now(ZoneOffset.UTC));
  }

  static void ensure(Connection c, StoreConfig config, LocalDate today) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(true); // each partition on its own: one that cannot be made spoils no other
    try {
      for (int d = -1; d <= config.partitionsAhead(); d++) {
        create(c, today.plusDays(d));
      }
      dropOlderThan(c, today.minusDays(config.retentionDays()));
    } finally {
      c.setAutoCommit(autoCommit);
    }
  }

  private static void create(Connection c, LocalDate day) throws SQLException {
    String name = "sample_p" + NAME.format(day);
    String sql = String.format(
        "CREATE TABLE IF NOT EXISTS %s PARTITION OF sample FOR VALUES FROM ('%s 00:00:00+00') TO ('%s 00:00:00+00')",
        name, day, day.plusDays(1));
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      // A default partition already holding rows of that day blocks the new partition; those
      // rows stay in the default partition, which queries read the same way.
      LOG.warn("cannot create partition {} ({}); rows of {} stay in sample_default", name, e.getMessage(), day);
    }
  }

  private static void dropOlderThan(Connection c, LocalDate cutoff) throws SQLException {
    List<String> old = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT c.relname FROM pg_inherits i "
            + "JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent "
            + "WHERE p.relname = 'sample' AND c.relname ~ '^sample_p[0-9]{8}$'")) {
      while (rs.next()) {
        old.add(rs.getString(1));
      }
    }
    for (String name : old) {
      LocalDate day = LocalDate.parse(name.substring("sample_p".length()), NAME);
      if (day.isBefore(cutoff)) {
        try (Statement s = c.createStatement()) {
          s.execute("DROP TABLE IF EXISTS " + name);
        }
        LOG.info("dropped partition {} (older than retention)", name);
      }
    }
  }

  /** Names of the daily partitions that exist, oldest first (for tests and `discover`). */
  public static List<String> partitions(Connection c) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT c.relname FROM pg_inherits i "
            + "JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent "
            + "WHERE p.relname = 'sample' ORDER BY 1")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
