package io.headroom.analyzer.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * Writes what the analyzer consumed into PostgreSQL, one {@link IngestBatch} per transaction:
 * topology and runs as upserts, samples with binary COPY. Idempotent: a reading of a series at a
 * time already stored adds no row (the sample table's unique series index, V12), and upserts of
 * the same record change nothing.
 */
public final class SampleStore {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** SQLSTATE of a duplicate key (PostgreSQL manual, appendix A). */
  private static final String UNIQUE_VIOLATION = "23505";
  private final Dictionary dictionary = new Dictionary();
  /**
   * {@code SET LOCAL synchronous_commit = off}, unless the server names synchronous standbys: the
   * flush position the ingest then waits for is the primary's own, and a failover to a standby
   * that had not received a commit would lose it. With standbys named, the commit waits for them
   * as the server's own setting says, decided by the server at each transaction (a reload may
   * change it).
   */
  private static final String DEFER_FLUSH_UNLESS_SYNCHRONOUS_STANDBYS = "SELECT set_config('synchronous_commit', 'off', true) "
      + "WHERE current_setting('synchronous_standby_names') = ''";
  /** Null: commits wait for the flush; otherwise what reads the WAL position after a commit. */
  private final WalPosition.Reader deferFlush;
  /** After a write under deferred flush: the WAL position its commit is at or before, and the flushed one. */
  private WalPosition afterLastCommit;

  /** A store whose commits wait until the server has flushed them to disk. */
  public SampleStore() {
    this(null);
  }

  private SampleStore(WalPosition.Reader deferFlush) {
    this.deferFlush = deferFlush;
  }

  /**
   * A store whose commits do not wait for the server's disk ({@code synchronous_commit = off} for
   * its transactions, unless the server names synchronous standbys): the ingest's, which waited
   * about 10 ms a poll for the flush, with the database idle meanwhile. A commit so made can still be lost if the server crashes within the
   * next fraction of a second, so its caller must hold on to what it stored (the Kafka offsets)
   * until {@link #afterLastCommit()} shows the flush has passed it.
   */
  public static SampleStore deferringFlush(WalPosition.Reader positions) {
    return new SampleStore(positions);
  }

  /**
   * Under deferred flush, the WAL position read right after the last write's commit (its commit
   * is durable once the flush position reaches {@code inserted}) and the flush position then;
   * null before the first write, or when it stored nothing.
   */
  public WalPosition afterLastCommit() {
    return afterLastCommit;
  }

  /** Stores the batch; returns the number of sample rows added (readings stored before excluded). */
  public long write(Connection c, IngestBatch batch) throws SQLException {
    afterLastCommit = null;
    if (batch.isEmpty()) {
      return 0;
    }
    resolveIds(c, batch);
    long rows;
    try {
      rows = transaction(c, batch, false);
    } catch (SQLException e) {
      if (!UNIQUE_VIOLATION.equals(e.getSQLState())) {
        throw e;
      }
      // Some reading is stored already: a poll Kafka delivered again, or a batch a collector's
      // spool sent twice. Rare, so the usual path pays nothing for it; this one stores the rest.
      rows = transaction(c, batch, true);
    }
    if (deferFlush != null) {
      afterLastCommit = deferFlush.read(c);
    }
    return rows;
  }

  /**
   * One transaction for the whole batch. Samples go in by a plain COPY, which fails on the first
   * reading stored before (SQLSTATE 23505), or, with {@code skipStored}, through a temporary table
   * from which only the readings not stored yet are inserted.
   */
  private long transaction(Connection c, IngestBatch batch, boolean skipStored) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(false);
    try {
      if (deferFlush != null) {
        try (Statement s = c.createStatement()) {
          s.execute(DEFER_FLUSH_UNLESS_SYNCHRONOUS_STANDBYS);
        }
      }
      for (IngestBatch.Tagged t : batch.topology) {
        upsertTopology(c, t);
      }
      for (IngestBatch.Tagged t : batch.runs) {
        upsertRun(c, t);
      }
      for (IngestBatch.TestbedVerdict v : batch.verdicts) {
        insertVerdict(c, v);
      }
      for (DeadLetter d : batch.deadLetters) {
        insertDeadLetter(c, d);
      }
      long rows = skipStored ? copyNotStoredBefore(c, batch.samples) : copySamples(c, "sample", batch.samples);
      recordProgress(c, batch);
      c.commit();
      return rows;
    } catch (SQLException | RuntimeException e) {
      rollbackQuietly(c);
      throw e;
    } finally {
      c.setAutoCommit(autoCommit);
    }
  }

  private void resolveIds(Connection c, IngestBatch batch) throws SQLException {
    IngestBatch.Names names = batch.names();
    dictionary.resolve(c, names.entityKeys(), names.metrics());
  }

  /**
   * The slow path of {@link #write}: the samples are copied into a temporary table, then inserted
   * into sample except where the series already has a reading at that time (each reading once,
   * also when a poll holds the same batch twice). Returns the rows added.
   */
  private long copyNotStoredBefore(Connection c, List<SampleBatch> batches) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TEMPORARY TABLE IF NOT EXISTS sample_incoming (ts timestamptz NOT NULL, "
          + "entity_id integer NOT NULL, metric_id smallint NOT NULL, value double precision NOT NULL) "
          + "ON COMMIT DELETE ROWS");
    }
    if (copySamples(c, "sample_incoming", batches) == 0) {
      return 0;
    }
    try (Statement s = c.createStatement()) {
      return s.executeUpdate("INSERT INTO sample (ts, entity_id, metric_id, value) "
          + "SELECT ts, entity_id, metric_id, value FROM sample_incoming ON CONFLICT DO NOTHING");
    }
  }

  /** Copies the batches' points into {@code table} (sample's columns); returns how many. */
  private long copySamples(Connection c, String table, List<SampleBatch> batches) throws SQLException {
    int rows = 0;
    for (SampleBatch b : batches) {
      rows += b.points().size();
    }
    if (rows == 0) {
      return 0;
    }
    copyIn(c, "COPY " + table + " (ts, entity_id, metric_id, value) FROM STDIN (FORMAT binary)", rows + " samples", copy -> {
      for (SampleBatch b : batches) {
        int entityId = dictionary.entityId(b.testbed(), b.entity());
        for (Point p : b.points()) {
          copy.row(p.ts(), entityId, dictionary.metricId(p.metric()), p.value());
        }
      }
    });
    return rows;
  }

  /** Rows written in PostgreSQL's binary COPY format. */
  private interface CopyBody {
    void write(BinaryCopy copy) throws IOException;
  }

  /**
   * Runs a binary {@code COPY ... FROM STDIN}. The server's own refusal travels inside an
   * IOException; it is rethrown as an SQLException with its SQLSTATE, so a refused value or a
   * duplicate key is told from a broken connection (08006).
   */
  private static void copyIn(Connection c, String sql, String what, CopyBody body) throws SQLException {
    CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
    try (PGCopyOutputStream out = new PGCopyOutputStream(in, BinaryCopy.CHUNK)) {
      BinaryCopy copy = new BinaryCopy(out);
      body.write(copy);
      copy.finish();
    } catch (IOException e) {
      String state = SqlFailure.sqlState(e);
      throw new SQLException("COPY of " + what + " failed: " + e.getMessage(), state == null ? "08006" : state, e);
    }
  }

  /** Where the ingest stands on each partition it stored sample batches from (V11), in the same transaction. */
  private static void recordProgress(Connection c, IngestBatch batch) throws SQLException {
    if (batch.sampleProgress.isEmpty()) {
      return;
    }
    List<String> topics = new ArrayList<>();
    List<Integer> partitions = new ArrayList<>();
    List<Long> next = new ArrayList<>();
    batch.sampleProgress.forEach((p, offset) -> {
      topics.add(p.topic());
      partitions.add(p.partition());
      next.add(offset);
    });
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO ingest_progress (topic, kafka_partition, next_offset) "
        + "SELECT * FROM unnest(?::text[], ?::int[], ?::bigint[]) ON CONFLICT (topic, kafka_partition) "
        + "DO UPDATE SET next_offset = EXCLUDED.next_offset, stored_at = now()")) {
      ps.setArray(1, c.createArrayOf("text", topics.toArray()));
      ps.setArray(2, c.createArrayOf("int4", partitions.toArray()));
      ps.setArray(3, c.createArrayOf("int8", next.toArray()));
      ps.executeUpdate();
    }
  }

  private static void upsertTopology(Connection c, IngestBatch.Tagged t) throws SQLException {
    if (t.record() instanceof Entity e) {
      try (PreparedStatement ps = c.prepareStatement(
          "INSERT INTO entity (testbed, entity, kind, name, attrs, capacity, updated_at) "
              + "VALUES (?, ?, ?, ?, ?::jsonb, ?::jsonb, now()) ON CONFLICT (testbed, entity) DO UPDATE SET "
              + "kind = EXCLUDED.kind, name = EXCLUDED.name, attrs = EXCLUDED.attrs, "
              + "capacity = EXCLUDED.capacity, updated_at = now()")) {
        ps.setString(1, t.testbed());
        ps.setString(2, e.id());
        ps.setString(3, e.kind());
        ps.setString(4, e.name());
        ps.setString(5, json(e.attrs()));
        ps.setString(6, json(e.capacity()));
        ps.executeUpdate();
      }
    } else if (t.record() instanceof Relation r) {
      try (PreparedStatement ps = c.prepareStatement(
          "INSERT INTO relation (testbed, from_entity, rel, to_entity) VALUES (?, ?, ?, ?) "
              + "ON CONFLICT (testbed, from_entity, rel, to_entity) DO UPDATE SET updated_at = now()")) {
        ps.setString(1, t.testbed());
        ps.setString(2, r.from());
        ps.setString(3, r.rel());
        ps.setString(4, r.to());
        ps.executeUpdate();
      }
    }
  }

  private static void upsertRun(Connection c, IngestBatch.Tagged t) throws SQLException {
    if (t.record() instanceof Run r) {
      try (PreparedStatement ps = c.prepareStatement(
          "INSERT INTO run (testbed, run, start_ts, end_ts, workload) "
              + "VALUES (?, ?, to_timestamp(?), to_timestamp(?), ?::jsonb) ON CONFLICT (testbed, run) DO UPDATE SET "
              + "start_ts = EXCLUDED.start_ts, end_ts = COALESCE(EXCLUDED.end_ts, run.end_ts), "
              + "workload = EXCLUDED.workload")) {
        ps.setString(1, t.testbed());
        ps.setString(2, r.run());
        ps.setDouble(3, r.start());
        ps.setObject(4, r.end());
        ps.setString(5, json(r.workload()));
        ps.executeUpdate();
      }
    } else if (t.record() instanceof Phase p) {
      try (PreparedStatement ps = c.prepareStatement(
          "INSERT INTO phase (testbed, run, name, start_ts, end_ts) "
              + "VALUES (?, ?, ?, to_timestamp(?), to_timestamp(?)) ON CONFLICT (testbed, run, name) DO UPDATE SET "
              + "start_ts = EXCLUDED.start_ts, end_ts = COALESCE(EXCLUDED.end_ts, phase.end_ts)")) {
        ps.setString(1, t.testbed());
        ps.setString(2, p.run());
        ps.setString(3, p.name());
        ps.setDouble(4, p.start());
        ps.setObject(5, p.end());
        ps.executeUpdate();
      }
    }
  }

  /**
   * A verdict row; one from Kafka carries its record's position, whose unique index (V10) makes a
   * redelivered record add nothing. computed_at is when it is stored.
   */
  private static void insertVerdict(Connection c, IngestBatch.TestbedVerdict tv) throws SQLException {
    Verdict v = tv.verdict();
    KafkaPosition at = tv.at();
    try (PreparedStatement ps = c.prepareStatement(
        "INSERT INTO verdict (testbed, run, computed_at, bottleneck, entity, confidence, body, "
            + "kafka_topic, kafka_partition, kafka_offset) "
            + "VALUES (?, ?, clock_timestamp(), ?, ?, ?, ?::jsonb, ?, ?, ?) ON CONFLICT DO NOTHING")) {
      ps.setString(1, tv.testbed());
      ps.setString(2, v.run() == null ? "" : v.run());
      // null for a run none of whose phases had enough readings to be judged (V13)
      ps.setString(3, v.bottleneck() == null ? null : v.bottleneck().name());
      ps.setString(4, v.entity());
      ps.setDouble(5, v.confidence());
      ps.setString(6, VerdictJson.toJson(v));
      ps.setString(7, at == null ? null : at.topic());
      ps.setObject(8, at == null ? null : at.partition(), java.sql.Types.INTEGER);
      ps.setObject(9, at == null ? null : at.offset(), java.sql.Types.BIGINT);
      ps.executeUpdate();
    }
  }

  /**
   * Sets one record aside on its own (auto-committed): used for a record the database refused,
   * after the transaction that held it was rolled back.
   */
  public void setAside(Connection c, DeadLetter letter) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(true);
    try {
      insertDeadLetter(c, letter);
    } finally {
      c.setAutoCommit(autoCommit);
    }
  }

  private static void insertDeadLetter(Connection c, DeadLetter d) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(
        "INSERT INTO dead_letter (topic, kafka_partition, kafka_offset, reason, sqlstate, message, payload) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
      ps.setString(1, DiagnosticText.of(d.topic()));
      ps.setInt(2, d.partition());
      ps.setLong(3, d.offset());
      ps.setString(4, d.reason());
      ps.setString(5, d.sqlState());
      ps.setString(6, DiagnosticText.of(d.message()));
      ps.setBytes(7, d.payload());
      ps.executeUpdate();
    }
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void rollbackQuietly(Connection c) {
    try {
      c.rollback();
    } catch (SQLException ignored) {
      // The connection is most likely gone; the caller reconnects and retries the whole batch.
    }
  }
}
