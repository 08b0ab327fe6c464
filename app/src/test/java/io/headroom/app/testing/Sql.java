package io.headroom.app.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Reading query results back in tests, as PostgreSQL's own text of each value. */
public final class Sql {
  private Sql() {}

  /** The first column of every row of {@code sql} on {@code c}. */
  public static List<String> column(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      return column(s.executeQuery(sql));
    }
  }

  /** The first column of every row of {@code rs}, which it closes. */
  public static List<String> column(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
