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
 * The plain-PostgreSQL storage path on a real server. (The TimescaleDB path needs the extension,
 * which this machine does not have; see docs/architecture.md.)
 */
class MigrationsTest {
  @Test
  void plainPostgresGetsDailyPartitionsAheadAndMigratingTwiceChangesNothing() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Connection c = db.connect()) {
      StoreConfig config = new StoreConfig(30, 3, true);
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
        rs = s.executeQuery("SELECT count(*) FROM headroom_schema");
        rs.next();
        assertEquals(2, rs.getInt(1), "V1 and V2 recorded once each");
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
}
