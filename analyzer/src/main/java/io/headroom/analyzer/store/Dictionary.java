package io.headroom.analyzer.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps (testbed, entity) and metric names to the small integer ids sample rows carry. Ids are
 * made by idempotent upserts committed on their own, so a cached id always names a row that
 * exists even when the transaction that first needed it rolls back.
 */
final class Dictionary {
  private final Map<String, Integer> entities = new HashMap<>();
  private final Map<String, Short> metrics = new HashMap<>();

  static String entityKey(String testbed, String entity) {
    return testbed + "|" + entity;
  }

  Integer entityId(String testbed, String entity) {
    return entities.get(entityKey(testbed, entity));
  }

  Short metricId(String metric) {
    return metrics.get(metric);
  }

  /**
   * Makes sure every entity (keys from {@link #entityKey}) and metric has an id, in as few round trips
   * as possible.
   */
  void resolve(Connection c, Set<String> entityKeys, Set<String> metricNames) throws SQLException {
    List<String> testbeds = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (String key : entityKeys) {
      if (!entities.containsKey(key)) {
        int bar = key.indexOf('|'); // testbed names cannot hold '|' (TestbedConfig.validate)
        testbeds.add(key.substring(0, bar));
        names.add(key.substring(bar + 1));
      }
    }
    if (!names.isEmpty()) {
      upsertEntities(c, testbeds, names);
    }
    Set<String> newMetrics = new LinkedHashSet<>();
    for (String m : metricNames) {
      if (!metrics.containsKey(m)) {
        newMetrics.add(m);
      }
    }
    if (!newMetrics.isEmpty()) {
      upsertMetrics(c, newMetrics);
    }
  }

  private void upsertEntities(Connection c, List<String> testbeds, List<String> names) throws SQLException {
    // ON CONFLICT DO UPDATE (a no-op update) so RETURNING also yields ids of rows that existed.
    String sql = "INSERT INTO entity (testbed, entity) SELECT * FROM unnest(?::text[], ?::text[]) "
        + "ON CONFLICT (testbed, entity) DO UPDATE SET testbed = EXCLUDED.testbed "
        + "RETURNING testbed, entity, id";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setArray(1, c.createArrayOf("text", testbeds.toArray()));
      ps.setArray(2, c.createArrayOf("text", names.toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          entities.put(entityKey(rs.getString(1), rs.getString(2)), rs.getInt(3));
        }
      }
    }
    commitIfNeeded(c);
  }

  private void upsertMetrics(Connection c, Set<String> names) throws SQLException {
    String sql = "INSERT INTO metric (name) SELECT unnest(?::text[]) "
        + "ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING name, id";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setArray(1, c.createArrayOf("text", names.toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          metrics.put(rs.getString(1), rs.getShort(2));
        }
      }
    }
    commitIfNeeded(c);
  }

  private static void commitIfNeeded(Connection c) throws SQLException {
    if (!c.getAutoCommit()) {
      c.commit();
    }
  }
}
