package io.headroom.app.spine;

import io.headroom.app.testing.TestDatabase;
import static io.headroom.app.testing.Sql.column;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.PartitionMaintainer;
import io.headroom.analyzer.store.StorageFlavor;
import io.headroom.analyzer.store.StoreConfig;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Migrations on a real server, on whichever path the test run chose (docs/testing.md): the layout
 * follows what the server runs, and the partitioned layout, which a TimescaleDB server can be
 * asked for too, works the same on both.
 */
class MigrationsTest {
  @Test
  void theLayoutFollowsWhatTheServerRunsAndEachStepIsRecordedOnce() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Connection c = db.connect()) {
      boolean timescale = db.server().timescalePreloaded();
      StorageFlavor expected = timescale ? StorageFlavor.TIMESCALE : StorageFlavor.PARTITIONED;
      assertEquals(expected, Migrations.migrateAndMaintain(c, StoreConfig.DEFAULTS), db.server().describe());
      assertEquals(expected, Migrations.migrateAndMaintain(c, StoreConfig.DEFAULTS), "migrating again");
      assertEquals(timescale
              ? List.of("V10__verdict_kafka_record.sql", "V11__ingest_progress.sql", "V12__sample_unique_series_timescale.sql", "V13__verdict_unjudged.sql", "V14__dashboard_headroom.sql",
                  "V1__base.sql", "V2__sample_timescale.sql", "V3__dead_letter.sql",
                  "V4__sample_1m_realtime_and_late_data.sql", "V5__annotation.sql", "V6__dashboard_views.sql",
                  "V7__dashboard_views_runs_resources_health.sql", "V9__dashboard_views_variables_annotations.sql")
              : List.of("V10__verdict_kafka_record.sql", "V11__ingest_progress.sql", "V12__sample_unique_series_partitioned.sql", "V13__verdict_unjudged.sql", "V14__dashboard_headroom.sql",
                  "V1__base.sql", "V2__sample_partitioned.sql", "V3__dead_letter.sql", "V5__annotation.sql", "V6__dashboard_views.sql",
                  "V7__dashboard_views_runs_resources_health.sql", "V8__sample_partitioned_ts_index.sql",
                  "V9__dashboard_views_variables_annotations.sql"),
          column(c, "SELECT step FROM headroom_schema ORDER BY step"));
      // V12: a series has one reading per instant; batch ids are no longer kept
      assertEquals(List.of(timescale
              ? "CREATE UNIQUE INDEX sample_series_ts ON public.sample USING btree (entity_id, metric_id, ts DESC)"
              : "CREATE UNIQUE INDEX sample_series_ts ON ONLY public.sample USING btree (entity_id, metric_id, ts)"),
          column(c, "SELECT indexdef FROM pg_indexes WHERE tablename = 'sample' AND indexdef LIKE '%entity_id%'"));
      assertEquals(Arrays.asList((String) null), column(c, "SELECT to_regclass('ingested_batch')::text"));
      assertEquals(timescale ? List.of(db.server().timescaleAvailable()) : List.of(),
          column(c, "SELECT extversion FROM pg_extension WHERE extname = 'timescaledb'"));
    }
  }

  @Test
  void thePartitionedLayoutGetsDailyPartitionsAheadAndMigratingTwiceChangesNothing() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Connection c = db.connect()) {
      StoreConfig config = new StoreConfig(30, 3, false);
      assertEquals(StorageFlavor.PARTITIONED, Migrations.migrateAndMaintain(c, config));
      assertEquals(StorageFlavor.PARTITIONED, Migrations.migrateAndMaintain(c, config));
      LocalDate today = LocalDate.now(ZoneOffset.UTC);
      List<String> expected = new ArrayList<>();
      expected.add("sample_default");
      for (int d = -1; d <= 3; d++) {
        expected.add("sample_p" + today.plusDays(d).format(DateTimeFormatter.BASIC_ISO_DATE));
      }
      assertEquals(expected.stream().sorted().toList(), PartitionMaintainer.partitions(c));
      try (Statement s = c.createStatement()) {
        s.execute("INSERT INTO sample VALUES (now(), 1, 1, 0.5), ('2001-01-01', 1, 1, 0.25)");
        var rs = s.executeQuery("SELECT tableoid::regclass::text, value FROM sample ORDER BY value");
        rs.next();
        assertEquals("sample_default 0.25", rs.getString(1) + " " + rs.getDouble(2));
        rs.next();
        assertEquals("sample_p" + today.format(DateTimeFormatter.BASIC_ISO_DATE) + " 0.5", rs.getString(1) + " " + rs.getDouble(2));
        assertEquals(List.of("V10__verdict_kafka_record.sql", "V11__ingest_progress.sql",
                  "V12__sample_unique_series_partitioned.sql", "V13__verdict_unjudged.sql", "V14__dashboard_headroom.sql", "V1__base.sql", "V2__sample_partitioned.sql", "V3__dead_letter.sql", "V5__annotation.sql", "V6__dashboard_views.sql",
                  "V7__dashboard_views_runs_resources_health.sql", "V8__sample_partitioned_ts_index.sql",
                  "V9__dashboard_views_variables_annotations.sql"),
            column(c, "SELECT step FROM headroom_schema ORDER BY step"));
        // per series (dashboards) and by time window (the live verdict's per-phase read), on every partition
        String day = today.format(DateTimeFormatter.BASIC_ISO_DATE);
        assertEquals(List.of(
                "CREATE INDEX sample_p" + day + "_ts_idx ON public.sample_p" + day + " USING btree (ts DESC)",
                "CREATE UNIQUE INDEX sample_p" + day + "_entity_id_metric_id_ts_idx ON public.sample_p" + day
                    + " USING btree (entity_id, metric_id, ts)"),
            column(c, "SELECT indexdef FROM pg_indexes WHERE tablename = 'sample_p" + day + "' ORDER BY 1"));
        rs = s.executeQuery("SELECT n, avg FROM sample_1m WHERE bucket = date_trunc('minute', timestamptz '2001-01-01')");
        rs.next();
        assertEquals("1 0.25", rs.getLong(1) + " " + rs.getDouble(2));
      }
    }
  }

  /**
   * A database from before V12 may hold a reading twice (two batches with the same readings, such
   * as a recording imported twice): V12 keeps the copy stored first and then makes the series
   * index unique. Readings at 10:00:00 (0.5, then its copy 0.75) and 10:00:01 (0.25) of one
   * series, and 0.5 at 10:00:00 of another metric, leave 0.5, 0.25 and the other metric's 0.5.
   */
  @Test
  void v12KeepsTheFirstStoredCopyOfAReadingStoredTwice() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Connection c = db.connect()) {
      Migrations.migrateAndMaintain(c, StoreConfig.DEFAULTS);
      boolean timescale = db.server().timescalePreloaded();
      String ts = timescale ? "ts DESC" : "ts";
      try (Statement s = c.createStatement()) {
        // back to V11's layout
        s.execute("DROP INDEX sample_series_ts; CREATE INDEX sample_entity_metric_ts ON sample (entity_id, metric_id, " + ts + "); "
            + "CREATE TABLE ingested_batch (batch_id uuid PRIMARY KEY, ingested_at timestamptz NOT NULL DEFAULT now()); "
            + "DELETE FROM headroom_schema WHERE step LIKE 'V12%'");
        String today = "date_trunc('day', now()) + interval '10 hours'";
        s.execute("INSERT INTO sample VALUES (" + today + ", 1, 1, 0.5), (" + today + " + interval '1 s', 1, 1, 0.25), ("
            + today + ", 1, 2, 0.5)");
        s.execute("INSERT INTO sample VALUES (" + today + ", 1, 1, 0.75)");
      }
      Migrations.migrateAndMaintain(c, StoreConfig.DEFAULTS);
      assertEquals(List.of("1 0 0.5", "1 1 0.25", "2 0 0.5"), column(c, "SELECT metric_id || ' ' || "
          + "extract(epoch FROM ts - date_trunc('day', now()) - interval '10 hours')::int || ' ' || value FROM sample ORDER BY 1"));
      assertEquals(List.of("sample_series_ts"), column(c, "SELECT indexname FROM pg_indexes WHERE tablename = 'sample' "
          + "AND indexdef LIKE 'CREATE UNIQUE INDEX%'"));
    }
  }

  @Test
  void partitionsPastRetentionAreDropped() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Connection c = db.connect()) {
      Migrations.migrateAndMaintain(c, new StoreConfig(30, 1, false));
      String old = "sample_p" + LocalDate.now(ZoneOffset.UTC).minusDays(40).format(DateTimeFormatter.BASIC_ISO_DATE);
      LocalDate oldDay = LocalDate.now(ZoneOffset.UTC).minusDays(40);
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE " + old + " PARTITION OF sample FOR VALUES FROM ('" + oldDay + "') TO ('" + oldDay.plusDays(1) + "')");
      }
      assertEquals(true, PartitionMaintainer.partitions(c).contains(old));
      PartitionMaintainer.ensure(c, new StoreConfig(30, 1, false));
      assertEquals(false, PartitionMaintainer.partitions(c).contains(old));
    }
  }

}
