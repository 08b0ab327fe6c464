package io.headroom.analyzer.store;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads one testbed's entities, relations, runs, phases and samples back from the database into
 * {@link RunData}, so the analysis of stored data is the same code as the analysis of a file.
 */
public final class RunDataLoader {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};
  private static final TypeReference<Map<String, Double>> CAPACITY = new TypeReference<>() {};

  private RunDataLoader() {}

  /**
   * Everything of {@code testbed} with samples in [from, to) (Unix seconds): all entities,
   * relations and runs, the phases still going at {@code from}, and the samples of the window.
   */
  public static RunData load(Connection c, String testbed, double from, double to) throws SQLException {
    RunData data = new RunData();
    entities(c, testbed, data);
    relations(c, testbed, data);
    runs(c, testbed, from, data);
    samples(c, testbed, from, to, data);
    return data;
  }

  private static void entities(Connection c, String testbed, RunData data) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT entity, kind, name, attrs::text, capacity::text FROM entity WHERE testbed = ? AND kind <> 'unknown'")) {
      ps.setString(1, testbed);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          data.accept(new Entity(rs.getString(1), rs.getString(2), rs.getString(3),
              parse(rs.getString(4), OBJECT), parse(rs.getString(5), CAPACITY)));
        }
      }
    }
  }

  private static void relations(Connection c, String testbed, RunData data) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT from_entity, rel, to_entity FROM relation WHERE testbed = ?")) {
      ps.setString(1, testbed);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          data.accept(new Relation(rs.getString(1), rs.getString(2), rs.getString(3)));
        }
      }
    }
  }

  private static void runs(Connection c, String testbed, double from, RunData data) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT run, extract(epoch FROM start_ts), "
        + "extract(epoch FROM end_ts), workload::text FROM run WHERE testbed = ? ORDER BY start_ts")) {
      ps.setString(1, testbed);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          data.accept(new Run(rs.getString(1), testbed, rs.getDouble(2), nullableDouble(rs, 3),
              parse(rs.getString(4), OBJECT)));
        }
      }
    }
    // Phases that ended before the window have no samples in it: leave them out rather than
    // judge them idle.
    try (PreparedStatement ps = c.prepareStatement("SELECT run, name, extract(epoch FROM start_ts), "
        + "extract(epoch FROM end_ts) FROM phase WHERE testbed = ? "
        + "AND (end_ts IS NULL OR end_ts > to_timestamp(?)) ORDER BY start_ts")) {
      ps.setString(1, testbed);
      ps.setDouble(2, from);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          data.accept(new Phase(rs.getString(1), rs.getString(2), rs.getDouble(3), nullableDouble(rs, 4)));
        }
      }
    }
  }

    /** Marks a run that never ended as ended at {@code end}, abandoned (its workload says so). */
  public static void closeAbandoned(Connection c, String testbed, String run, double end) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("UPDATE run SET end_ts = to_timestamp(?), "
        + "workload = workload || '{\"abandoned\": true}'::jsonb WHERE testbed = ? AND run = ? AND end_ts IS NULL")) {
      ps.setDouble(1, end);
      ps.setString(2, testbed);
      ps.setString(3, run);
      ps.executeUpdate();
    }
  }

/** The phases of one run, oldest first (cheap: the live judge reads them before the samples). */
  public static List<Phase> phases(Connection c, String testbed, String run) throws SQLException {
    List<Phase> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT name, extract(epoch FROM start_ts), "
        + "extract(epoch FROM end_ts) FROM phase WHERE testbed = ? AND run = ? ORDER BY start_ts")) {
      ps.setString(1, testbed);
      ps.setString(2, run);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new Phase(run, rs.getString(1), rs.getDouble(2), nullableDouble(rs, 3)));
        }
      }
    }
    return out;
  }

  private static void samples(Connection c, String testbed, double from, double to, RunData data)
      throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(false); // a cursor (fetch size) needs a transaction: rows stream, not all at once
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT e.entity, m.name, extract(epoch FROM s.ts)::float8, s.value FROM sample s "
            + "JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id "
            + "WHERE e.testbed = ? AND s.ts >= to_timestamp(?) AND s.ts < to_timestamp(?) ORDER BY s.ts")) {
      ps.setFetchSize(10_000);
      ps.setString(1, testbed);
      ps.setDouble(2, from);
      ps.setDouble(3, to);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          data.addSample(rs.getDouble(3), rs.getString(1), rs.getString(2), rs.getDouble(4));
        }
      }
      c.commit();
    } finally {
      c.setAutoCommit(autoCommit);
    }
  }

  private static Double nullableDouble(ResultSet rs, int column) throws SQLException {
    double v = rs.getDouble(column);
    return rs.wasNull() ? null : v;
  }

  private static <T> T parse(String json, TypeReference<T> type) {
    try {
      return JSON.readValue(json, type);
    } catch (IOException e) {
      throw new IllegalStateException("stored JSON does not parse: " + json, e);
    }
  }
}
