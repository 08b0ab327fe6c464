package io.headroom.app.spine;

import io.headroom.app.testing.TestDatabase;
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
              ? List.of("V10__verdict_kafka_record.sql", "V11__ingest_progress.sql", "V1__base.sql", "V2__sample_timescale.sql", "V3__dead_letter.sql",
                  "V4__sample_1m_realtime_and_late_data.sql", "V5__annotation.sql", "V6__dashboard_views.sql",
                  "V7__dashboard_views_runs_resources_health.sql", "V9__dashboard_views_variables_annotations.sql")
              : List.of("V10__verdict_kafka_record.sql", "V11__ingest_progress.sql", "V1__base.sql", "V2__sample_partitioned.sql", "V3__dead_letter.sql", "V5__annotation.sql", "V6__dashboard_views.sql",
                  "V7__dashboard_views_runs_resources_health.sql", "V8__sample_partitioned_ts_index.sql",
                  "V9__dashboard_views_variables_annotations.sql"),
          column(c, "SELECT step FROM headroom_schema ORDER BY step"));
      // V11: batch ids keep their primary key only; the last-batch gauge reads ingest_progress
      assertEquals(List.of("ingested_batch_pkey"), column(c, "SELECT indexname FROM pg_indexes WHERE tablename = 'ingested_batch'"));
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
        assertEquals(List.of("V10__verdict_kafka_record.sql", "V11__ingest_progress.sql", "V1__base.sql", "V2__sample_partitioned.sql", "V3__dead_letter.sql", "V5__annotation.sql", "V6__dashboard_views.sql",
                  "V7__dashboard_views_runs_resources_health.sql", "V8__sample_partitioned_ts_index.sql",
                  "V9__dashboard_views_variables_annotations.sql"),
            column(c, "SELECT step FROM headroom_schema ORDER BY step"));
        // per series (dashboards) and by time window (the live verdict's per-phase read), on every partition
        String day = today.format(DateTimeFormatter.BASIC_ISO_DATE);
        assertEquals(List.of(
                "CREATE INDEX sample_p" + day + "_entity_id_metric_id_ts_idx ON public.sample_p" + day
                    + " USING btree (entity_id, metric_id, ts)",
                "CREATE INDEX sample_p" + day + "_ts_idx ON public.sample_p" + day + " USING btree (ts DESC)"),
            column(c, "SELECT indexdef FROM pg_indexes WHERE tablename = 'sample_p" + day + "' ORDER BY 1"));
        rs = s.executeQuery("SELECT n, avg FROM sample_1m WHERE bucket = date_trunc('minute', timestamptz '2001-01-01')");
        rs.next();
        assertEquals("1 0.25", rs.getLong(1) + " " + rs.getDouble(2));
      }
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

  private static List<String> column(Connection c, String sql) throws Exception {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); var rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
