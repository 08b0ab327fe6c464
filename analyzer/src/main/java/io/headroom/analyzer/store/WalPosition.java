package io.headroom.analyzer.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Where the server's write-ahead log stands, in bytes from its start: how far records are
 * inserted and how far they are flushed to disk. A transaction committed with {@code
 * synchronous_commit = off} is durable once the flush position reaches the insert position read
 * right after its commit (the log is flushed in order), and PostgreSQL's WAL writer gets there
 * within three times {@code wal_writer_delay} (200 ms by default; manual, "Asynchronous Commit").
 * Both functions are open to every role.
 */
public record WalPosition(long inserted, long flushed) {
  /** Reads the position on a connection: {@link WalPosition#of} against a real server. */
  @FunctionalInterface
  public interface Reader {
    WalPosition read(Connection c) throws SQLException;
  }

  private static final String SQL =
      "SELECT (pg_current_wal_insert_lsn() - '0/0')::bigint, (pg_current_wal_flush_lsn() - '0/0')::bigint";

  public static WalPosition of(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(SQL); ResultSet rs = ps.executeQuery()) {
      rs.next();
      return new WalPosition(rs.getLong(1), rs.getLong(2));
    }
  }
}
