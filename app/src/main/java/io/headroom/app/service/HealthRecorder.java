package io.headroom.app.service;

import io.headroom.analyzer.store.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import io.headroom.model.log.RateLimitedLog;
import org.slf4j.LoggerFactory;

/**
 * Writes what this analyzer knows of its own health into table {@code analyzer_health} (migration
 * V7) every few seconds, so the health dashboard shows it from the database as it shows the
 * collectors': the consumer group's lag and each alert target's deliveries and failures. Rows
 * older than the retention period go as new ones come. A lag Kafka did not answer is left out
 * (unknown is not zero).
 */
public final class HealthRecorder implements AutoCloseable {
  /** Once a minute at most: a round every 15 s would repeat the same warning while Kafka or the database is away. */
  private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(HealthRecorder.class),
      Duration.ofMinutes(1));
  /** Often enough for a dashboard's 1-minute view, rare enough to cost nothing. */
  public static final Duration EVERY = Duration.ofSeconds(15);

  /** The metric names in the table (docs/dashboards.md). */
  public static final String INGEST_LAG_RECORDS = "ingest_lag_records";
  public static final String ALERTS_DELIVERED_TOTAL = "alerts_delivered_total";
  public static final String ALERTS_FAILED_TOTAL = "alerts_failed_total";

  /** One figure: metric, the alert target it is about ('' for the analyzer as a whole), its kind. */
  public record Reading(String metric, String target, String kind, double value) {}

  private final Database database;
  private final String analyzer;
  private final ConsumerLag lag;
  private final Supplier<List<Reading>> alerts;
  private final int retentionDays;
  private final ScheduledExecutorService timer;

  /**
   * @param analyzer this analyzer's name in the table (host and process id)
   * @param alerts each alert target's counts now
   */
  public HealthRecorder(Database database, String analyzer, ConsumerLag lag, Supplier<List<Reading>> alerts,
      int retentionDays, Duration every) {
    this.database = database;
    this.analyzer = analyzer;
    this.lag = lag;
    this.alerts = alerts;
    this.retentionDays = retentionDays;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "headroom-health-recorder");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleWithFixedDelay(this::recordLogged, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** This process's name for the table: host name and process id, so two analyzers on one host differ. */
  public static String thisAnalyzer(String host) {
    return host + ":" + ProcessHandle.current().pid();
  }

  private void recordLogged() {
    try {
      record(Instant.now());
    } catch (SQLException e) {
      database.discard();
      LOG.warn("database", "analyzer_health not written this round: database {}: {}", database.redacted(), e.getMessage());
    } catch (RuntimeException e) {
      LOG.warn("failed", "analyzer_health not written this round: {}", e.toString());
    }
  }

  /** Writes one round of readings stamped {@code at}, and removes those past the retention period. */
  void record(Instant at) throws SQLException {
    List<Reading> readings = new ArrayList<>(alerts.get());
    try {
      readings.add(new Reading(INGEST_LAG_RECORDS, "", "", lag.total()));
    } catch (ConsumerLag.LagUnavailable e) {
      LOG.warn("lag unknown", "analyzer_health: consumer lag left out: {}", e.getMessage());
    }
    // an OffsetDateTime is sent as timestamptz; a Timestamp would be read in this JVM's zone
    OffsetDateTime stamp = at.atOffset(ZoneOffset.UTC);
    Connection c = database.connection();
    try (PreparedStatement insert = c.prepareStatement("INSERT INTO analyzer_health "
        + "(ts, analyzer, metric, target, kind, value) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
        PreparedStatement expire = c.prepareStatement(
            "DELETE FROM analyzer_health WHERE ts < ?::timestamptz - make_interval(days => ?)")) {
      for (Reading r : readings) {
        insert.setObject(1, stamp);
        insert.setString(2, analyzer);
        insert.setString(3, r.metric());
        insert.setString(4, r.target());
        insert.setString(5, r.kind());
        insert.setDouble(6, r.value());
        insert.addBatch();
      }
      insert.executeBatch();
      expire.setObject(1, stamp);
      expire.setInt(2, retentionDays);
      expire.executeUpdate();
    }
  }

  @Override
  public void close() throws InterruptedException {
    timer.shutdown();
    timer.awaitTermination(10, TimeUnit.SECONDS);
  }
}
