package io.headroom.app.alerts;

import io.headroom.analyzer.live.VerdictListener;
import io.headroom.analyzer.store.Database;
import io.headroom.model.Verdict;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Stores each verdict change as an annotation on the run (source 'verdict'), for the dashboards and the API. */
public final class VerdictAnnotations implements VerdictListener, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(VerdictAnnotations.class);
  private final Database db;
  private final Supplier<Instant> clock;

  public VerdictAnnotations(String url, String user, String password) {
    this(new Database(url, user, password), Instant::now);
  }

  VerdictAnnotations(Database db, Supplier<Instant> clock) {
    this.db = db;
    this.clock = clock;
  }

  @Override
  public synchronized void changed(String testbed, Verdict previous, Verdict current) {
    Instant at = clock.get();
    try (PreparedStatement ps = db.connection().prepareStatement(
        "INSERT INTO annotation (testbed, run, ts, source, text) VALUES (?, ?, to_timestamp(?), 'verdict', ?)")) {
      for (AlertEvent e : AlertEvents.of(testbed, previous, current, at)) {
        ps.setString(1, testbed);
        ps.setString(2, current.run());
        ps.setDouble(3, at.toEpochMilli() / 1000.0);
        ps.setString(4, e.summary());
        ps.addBatch();
      }
      ps.executeBatch();
    } catch (SQLException e) {
      db.discard();
      LOG.warn("verdict change of run {} not stored as an annotation: {}", current.run(), e.getMessage());
    }
  }

  @Override
  public void close() {
    db.close();
  }
}
