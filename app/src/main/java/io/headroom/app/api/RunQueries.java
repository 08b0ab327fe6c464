package io.headroom.app.api;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What the API reads from the database: runs, their phases, annotations and stored verdicts. */
final class RunQueries {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};

  private RunQueries() {}

  /** A run as listed, with its latest stored verdict's class (null before the first verdict). */
  record RunRow(Run run, String bottleneck, String entity, Double confidence) {}

  /** A note on a run's timeline. */
  record Annotation(double ts, String source, String text) {}

  /** Runs newest first; {@code testbed} null means every testbed; times are Unix seconds. */
  static List<RunRow> list(Connection c, String testbed, Double since, Double until, int limit) throws SQLException {
    String sql = "SELECT r.testbed, r.run, extract(epoch FROM r.start_ts)::float8, extract(epoch FROM r.end_ts)::float8, "
        + "r.workload::text, v.bottleneck, v.entity, v.confidence FROM run r "
        + "LEFT JOIN LATERAL (SELECT bottleneck, entity, confidence FROM verdict WHERE verdict.testbed = r.testbed "
        + "AND verdict.run = r.run ORDER BY computed_at DESC LIMIT 1) v ON true "
        + "WHERE (?::text IS NULL OR r.testbed = ?) "
        + "AND (?::float8 IS NULL OR coalesce(r.end_ts, 'infinity') >= to_timestamp(?::float8)) "
        + "AND (?::float8 IS NULL OR r.start_ts < to_timestamp(?::float8)) "
        + "ORDER BY r.start_ts DESC LIMIT ?";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, testbed);
      ps.setString(2, testbed);
      ps.setObject(3, since);
      ps.setObject(4, since);
      ps.setObject(5, until);
      ps.setObject(6, until);
      ps.setInt(7, limit);
      List<RunRow> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new RunRow(run(rs), rs.getString(6), rs.getString(7), nullable(rs, 8)));
        }
      }
      return out;
    }
  }

  /** The runs called {@code id}, in {@code testbed} or (null) in any testbed. */
  static List<Run> find(Connection c, String testbed, String id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT testbed, run, extract(epoch FROM start_ts)::float8, "
        + "extract(epoch FROM end_ts)::float8, workload::text FROM run WHERE run = ? AND (?::text IS NULL OR testbed = ?) "
        + "ORDER BY testbed")) {
      ps.setString(1, id);
      ps.setString(2, testbed);
      ps.setString(3, testbed);
      List<Run> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(run(rs));
        }
      }
      return out;
    }
  }

  static List<Phase> phases(Connection c, Run run) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT name, extract(epoch FROM start_ts)::float8, "
        + "extract(epoch FROM end_ts)::float8 FROM phase WHERE testbed = ? AND run = ? ORDER BY start_ts, name")) {
      ps.setString(1, run.testbed());
      ps.setString(2, run.run());
      List<Phase> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new Phase(run.run(), rs.getString(1), rs.getDouble(2), nullable(rs, 3)));
        }
      }
      return out;
    }
  }

  static List<Annotation> annotations(Connection c, Run run) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT extract(epoch FROM ts)::float8, source, text "
        + "FROM annotation WHERE testbed = ? AND run = ? ORDER BY ts, id")) {
      ps.setString(1, run.testbed());
      ps.setString(2, run.run());
      List<Annotation> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new Annotation(rs.getDouble(1), rs.getString(2), rs.getString(3)));
        }
      }
      return out;
    }
  }

  static void annotate(Connection c, String testbed, String run, double ts, String source, String text)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(
        "INSERT INTO annotation (testbed, run, ts, source, text) VALUES (?, ?, to_timestamp(?), ?, ?)")) {
      ps.setString(1, testbed);
      ps.setString(2, run);
      ps.setDouble(3, ts);
      ps.setString(4, source);
      ps.setString(5, text);
      ps.executeUpdate();
    }
  }

  /** The newest verdict the analyzers stored for the run, or null. */
  static Verdict latestVerdict(Connection c, Run run) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT body::text FROM verdict WHERE testbed = ? AND run = ? "
        + "ORDER BY computed_at DESC LIMIT 1")) {
      ps.setString(1, run.testbed());
      ps.setString(2, run.run());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? VerdictJson.fromJson(rs.getString(1)) : null;
      }
    }
  }

  /** True once the database answers a trivial query. */
  static boolean reachable(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT 1"); ResultSet rs = ps.executeQuery()) {
      return rs.next();
    }
  }

  private static Run run(ResultSet rs) throws SQLException {
    return new Run(rs.getString(2), rs.getString(1), rs.getDouble(3), nullable(rs, 4), parse(rs.getString(5)));
  }

  private static Double nullable(ResultSet rs, int column) throws SQLException {
    double v = rs.getDouble(column);
    return rs.wasNull() ? null : v;
  }

  private static Map<String, Object> parse(String json) {
    try {
      return JSON.readValue(json, OBJECT);
    } catch (IOException e) {
      throw new IllegalStateException("stored workload JSON does not parse", e);
    }
  }
}
