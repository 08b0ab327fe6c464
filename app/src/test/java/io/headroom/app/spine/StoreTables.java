package io.headroom.app.spine;

import io.headroom.analyzer.store.IngestBatch;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.kafka.SampleBatch;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** What the tests of the sample store share: a poll, the tables read back. */
final class StoreTables {
  private StoreTables() {}

  static IngestBatch poll(SampleBatch... batches) {
    IngestBatch poll = new IngestBatch();
    for (SampleBatch b : batches) {
      poll.samples(b);
    }
    return poll;
  }

  /**
   * Every row of the query, each column as PostgreSQL's own text of it, read on a connection of
   * its own: only what was committed is seen.
   */
  static List<List<String>> rows(TestDatabase db, String sql) throws Exception {
    List<List<String>> out = new ArrayList<>();
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>(columns);
        for (int i = 1; i <= columns; i++) {
          row.add(rs.getString(i));
        }
        out.add(row);
      }
    }
    return out;
  }

  /** Each sample row with the testbed, entity and metric its ids name (none when an id names nothing). */
  static List<List<String>> namedSamples(TestDatabase db) throws Exception {
    return rows(db, "SELECT e.testbed, e.entity, m.name, extract(epoch FROM s.ts)::float8, s.value "
        + "FROM sample s JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id "
        + "ORDER BY e.testbed, e.entity, m.name, s.ts");
  }

  static long count(TestDatabase db, String table) throws Exception {
    return Long.parseLong(rows(db, "SELECT count(*) FROM " + table).get(0).get(0));
  }
}
