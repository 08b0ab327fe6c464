package io.headroom.analyzer.store;

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
 * The runs still going (or ended within the last seconds): what an analyzer that has just been
 * given a partition of the runs topic must take over, since the records that announced those
 * runs were read, and committed, by the analyzer that had it before.
 */
public final class OpenRuns {
  private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

  private OpenRuns() {}

  public static List<IngestBatch.TestbedRun> load(Connection c, double endedWithinSeconds) throws SQLException {
    List<IngestBatch.TestbedRun> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT testbed, run, extract(epoch FROM start_ts), "
        + "extract(epoch FROM end_ts), workload::text FROM run "
        + "WHERE end_ts IS NULL OR end_ts > now() - make_interval(secs => ?)")) {
      ps.setDouble(1, endedWithinSeconds);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          double end = rs.getDouble(4);
          Double endOrNull = rs.wasNull() ? null : end;
          out.add(new IngestBatch.TestbedRun(rs.getString(1),
              new Run(rs.getString(2), rs.getString(1), rs.getDouble(3), endOrNull, workload(rs.getString(5)))));
        }
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> workload(String json) {
    try {
      return JSON.readValue(json, Map.class);
    } catch (IOException e) {
      throw new IllegalStateException("stored workload JSON does not parse: " + json, e);
    }
  }
}
