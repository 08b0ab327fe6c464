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

  /**
   * Where two results differ, or null when they hold the same rows: the same columns and values,
   * numbers equal to 1 part in 10^9. Two forms of one query can add the same floats in another
   * order (another plan, or TimescaleDB's real-time aggregate materialising a bucket between
   * them), which moves the last bits of an average and nothing else.
   */
  static String difference(List<Map<String, Object>> a, List<Map<String, Object>> b) {
    if (a.size() != b.size()) {
      return a.size() + " rows against " + b.size();
    }
    for (int i = 0; i < a.size(); i++) {
      Map<String, Object> x = a.get(i);
      Map<String, Object> y = b.get(i);
      if (!x.keySet().equals(y.keySet())) {
        return "row " + i + ": columns " + x.keySet() + " against " + y.keySet();
      }
      for (String column : x.keySet()) {
        if (!same(x.get(column), y.get(column))) {
          return "row " + i + ", " + column + ": " + x.get(column) + " against " + y.get(column);
        }
      }
    }
    return null;
  }

  private static boolean same(Object x, Object y) {
    if (x instanceof Double dx && y instanceof Double dy) {
      return dx.equals(dy) || Math.abs(dx - dy) <= 1e-9 * Math.max(Math.abs(dx), Math.abs(dy));
    }
    return java.util.Objects.equals(x, y);
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
