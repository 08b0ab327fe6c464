package io.headroom.analyzer.store;

import java.sql.SQLException;
import java.util.Set;

/**
 * What a database error says about the batch that met it, decided by its SQLSTATE class
 * (PostgreSQL manual, appendix A). A record the database refuses for its content will be refused
 * again however often it is retried, so it must be set aside; an outage passes, so the same
 * records are retried.
 */
public enum SqlFailure {
  /** The database refused a value: it cannot be stored as it is, now or later. */
  CONTENT,
  /** The database, or the way to it, is away or overloaded: retry the same records later. */
  OUTAGE,
  /**
   * Neither: the schema or the query is wrong (a missing table, a permission). Retried like an
   * outage, since an operator can fix it without losing the records.
   */
  SETUP;

  /**
   * 22 data exception (bad encoding, value out of range, bad jsonb escape), 23 integrity
   * constraint violation, 54 program limit exceeded (an index row over the btree limit).
   */
  private static final Set<String> CONTENT_CLASSES = Set.of("22", "23", "54");
  /**
   * 08 connection exception, 40 transaction rollback (serialization, deadlock), 53 insufficient
   * resources, 55 object not in prerequisite state (lock not available), 57 operator intervention
   * (shutdown, cancel), 58 system error (I/O), XX internal error.
   */
  private static final Set<String> OUTAGE_CLASSES = Set.of("08", "40", "53", "55", "57", "58", "XX");

  public static SqlFailure of(SQLException e) {
    String state = sqlState(e);
    if (state == null || state.length() < 2) {
      return OUTAGE; // no state: the driver lost the connection before the server answered
    }
    String cls = state.substring(0, 2);
    if (CONTENT_CLASSES.contains(cls)) {
      return CONTENT;
    }
    return OUTAGE_CLASSES.contains(cls) ? OUTAGE : SETUP;
  }

  /** The first SQLSTATE in the chain: wrappers that add context keep the server's state. */
  public static String sqlState(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s && s.getSQLState() != null) {
        return s.getSQLState();
      }
    }
    return null;
  }
}
