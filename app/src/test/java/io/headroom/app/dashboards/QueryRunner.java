package io.headroom.app.dashboards;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Runs expanded panel SQL and hands back rows with Grafana's view of the columns. */
final class QueryRunner {
  private QueryRunner() {}

  /**
   * Rows as column -> value, with a "time" column as epoch seconds (a timestamptz from
   * time_bucket and a number from the floor-epoch form mean the same to Grafana) and numbers as
   * doubles. A broken query fails naming the dashboard file, the panel and the SQL.
   */
  static List<Map<String, Object>> rows(Connection c, DashboardModel.Query q, GrafanaMacros macros) {
    String sql;
    try {
      sql = macros.expand(q.rawSql());
    } catch (IllegalArgumentException e) {
      throw new AssertionError(q.where() + ": " + e.getMessage(), e);
    }
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return read(rs);
    } catch (SQLException e) {
      throw new AssertionError(q.where() + " failed: " + e.getMessage() + "\n--- SQL as Grafana sends it:\n" + sql, e);
    }
  }

  private static List<Map<String, Object>> read(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<Map<String, Object>> out = new ArrayList<>();
    while (rs.next()) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        String name = md.getColumnLabel(i);
        row.put(name, normalise(name, rs.getObject(i)));
      }
      out.add(row);
    }
    return out;
  }

  private static Object normalise(String column, Object v) {
    if (column.equals("time") && v instanceof Timestamp) {
      return ((Timestamp) v).getTime() / 1000.0;
    }
    if (v instanceof BigDecimal || v instanceof Integer || v instanceof Long || v instanceof Float) {
      return ((Number) v).doubleValue();
    }
    return v;
  }

  /** One series of a long-format time-series result: time (epoch s) -> value column. */
  static Map<Long, Double> series(List<Map<String, Object>> rows, String metric, String valueColumn) {
    Map<Long, Double> out = new TreeMap<>();
    for (Map<String, Object> r : rows) {
      if (metric.equals(r.get("metric"))) {
        out.put(Math.round((Double) r.get("time")), (Double) r.get(valueColumn));
      }
    }
    return out;
  }
}
