package io.headroom.app.spine;

import io.headroom.model.kafka.KafkaClient;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.ingest.IngestLoop;
import io.headroom.analyzer.store.Database;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import io.headroom.model.Bottleneck;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Source -> spool -> Kafka -> analyzer -> PostgreSQL, with the real broker and database. */
class SpineTest {
  @TempDir Path dir;

  @Test
  void everySampleArrivesWithItsValueTimeAndEntity() throws Exception {
    try (Spine spine = new Spine(dir)) {
      spine.collector.publishRun(new Run("r1", "lab", Spine.T0, null, Map.of("tool", "fio", "iodepth", 32)));
      spine.collector.publishRun(new Phase("r1", "4k-randread", Spine.T0, Spine.T0 + 5));
      spine.scrape(5);
      spine.collector.publishRun(new Run("r1", "lab", Spine.T0, Spine.T0 + 5, Map.of("tool", "fio", "iodepth", 32)));
      spine.collector.publishVerdict("r1", VerdictJson.toJson(new Verdict("r1", Bottleneck.DISK, SyntheticSource.D0,
          0.8, List.of("d0 at 100% of its 1,000,000 IOPS spec"), List.of(), List.of())));
      assertEquals(5 * Spine.ROWS_PER_SCRAPE, spine.awaitRows(5 * Spine.ROWS_PER_SCRAPE, Duration.ofSeconds(60)));
      assertEquals(List.of("lab r1 1795995443 1795995448 {\"tool\": \"fio\", \"iodepth\": 32}"),
          rows(spine, "SELECT testbed || ' ' || run || ' ' || extract(epoch FROM start_ts)::bigint || ' ' "
              + "|| extract(epoch FROM end_ts)::bigint || ' ' || workload::text FROM run"));
      assertEquals(List.of("r1 4k-randread 1795995443 1795995448"),
          rows(spine, "SELECT run || ' ' || name || ' ' || extract(epoch FROM start_ts)::bigint || ' ' "
              + "|| extract(epoch FROM end_ts)::bigint FROM phase"));
      assertEquals(List.of("lab r1 DISK t1/disk/d0 0.8 d0 at 100% of its 1,000,000 IOPS spec"),
          rows(spine, "SELECT testbed || ' ' || run || ' ' || bottleneck || ' ' || entity || ' ' || confidence "
              + "|| ' ' || (body->'evidence'->>0) FROM verdict"));
      assertEquals(List.of(
              "1795995443.0 read_iops 100.0", "1795995444.0 read_iops 200.0", "1795995445.0 read_iops 300.0",
              "1795995446.0 read_iops 400.0", "1795995447.0 read_iops 500.0"),
          rows(spine, "SELECT extract(epoch FROM s.ts)::numeric(12,1) || ' ' || m.name || ' ' || s.value::numeric(10,1) "
              + "FROM sample s JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id "
              + "WHERE e.entity = 't1/disk/d0' AND m.name = 'read_iops' ORDER BY s.ts"));
      assertEquals(List.of("0.001", "0.002", "0.003", "0.004", "0.005"),
          rows(spine, "SELECT s.value::text FROM sample s JOIN entity e ON e.id = s.entity_id "
              + "WHERE e.entity = 't1/disk/d1' ORDER BY s.ts"));
      assertEquals(List.of("lab disk d0 {\"model\": \"test\"} {\"iops\": 1000000.0}"),
          rows(spine, "SELECT testbed || ' ' || kind || ' ' || name || ' ' || attrs::text || ' ' || capacity::text "
              + "FROM entity WHERE entity = 't1/disk/d0'"));
      assertEquals(List.of("t1/disk/d0 behind t1/pcie/0000:01:00.0"),
          rows(spine, "SELECT from_entity || ' ' || rel || ' ' || to_entity FROM relation"));
      assertEquals(List.of("1", "1", "1", "1", "1"),
          rows(spine, "SELECT s.value::int::text FROM sample s JOIN entity e ON e.id = s.entity_id "
              + "JOIN metric m ON m.id = s.metric_id WHERE e.entity = 't1/collector/synthetic' "
              + "AND m.name = 'scrape_success' ORDER BY s.ts"));
    }
  }

  @Test
  void kafkaBrokerStoppedMidStreamLosesAndDuplicatesNothing() throws Exception {
    try (Spine spine = new Spine(dir)) {
      spine.scrape(10);
      spine.awaitRows(10 * Spine.ROWS_PER_SCRAPE, Duration.ofSeconds(60));
      long sentBefore = spine.collector.sent();
      long spoolBefore = spoolBytes();
      spine.kafka.stop();
      spine.scrape(10); // spooled on disk while the broker is down
      Thread.sleep(3000);
      // really spooled: Kafka acknowledged none of them, the spool still holds them and its
      // segment grew by their frames
      assertEquals(sentBefore, spine.collector.sent());
      assertFalse(spine.collector.awaitDrained(Duration.ZERO), "the spool holds the scrapes made while Kafka was away");
      assertTrue(spoolBytes() > spoolBefore, spoolBytes() + " bytes spooled, " + spoolBefore + " before the outage");
      spine.kafka.start();
      assertTrue(spine.collector.awaitDrained(Duration.ofSeconds(60)), "the spool drains once Kafka is back");
      assertTrue(spine.collector.sent() > sentBefore);
      spine.scrape(10);
      assertEquals(30 * Spine.ROWS_PER_SCRAPE, spine.awaitRows(30 * Spine.ROWS_PER_SCRAPE, Duration.ofSeconds(120)));
      assertExactlyOnce(spine, 30);
      assertEquals(0, spine.collector.dropped());
    }
  }

  /** Bytes in the collector's spool segments (Spine's spool directory). */
  private long spoolBytes() throws Exception {
    try (var files = java.nio.file.Files.list(dir.resolve("spool"))) {
      long total = 0;
      for (Path f : files.filter(f -> f.getFileName().toString().startsWith("seg-")).toList()) {
        total += java.nio.file.Files.size(f);
      }
      return total;
    }
  }

  @Test
  void databaseGoneFor20SecondsLosesAndDuplicatesNothing() throws Exception {
    try (Spine spine = new Spine(dir)) {
      streamThroughDatabaseOutage(spine, () -> { });
    }
  }

  @Test
  void aSecondAnalyzerJoiningWhileTheDatabaseIsAwayLosesAndDuplicatesNothing() throws Exception {
    try (Spine spine = new Spine(dir)) {
      // a second analyzer of the same group: the partitions are shared out again mid-outage
      IngestLoop second = new IngestLoop(IngestConfig.defaults(KafkaClient.plaintext(spine.kafka.bootstrapServers()), spine.topics),
          new Database(spine.db.url(spine.proxy.port()), null, null));
      Thread t = new Thread(second, "second-analyzer");
      try {
        streamThroughDatabaseOutage(spine, t::start);
      } finally {
        second.close();
        t.join(10_000);
      }
    }
  }

  /**
   * 10 scrapes stored; the database cut for 20 s (running {@code atCut} then) while 10 more are
   * made; 10 after it is back: all 30 stored, each once.
   */
  private static void streamThroughDatabaseOutage(Spine spine, Runnable atCut) throws Exception {
    spine.scrape(10);
    spine.awaitRows(10 * Spine.ROWS_PER_SCRAPE, Duration.ofSeconds(60));
    spine.proxy.cut();
    long cutAt = System.nanoTime();
    atCut.run();
    for (int i = 0; i < 10; i++) {
      spine.scrape(1);
      Thread.sleep(1000);
    }
    Thread.sleep(Math.max(0, 20_000 - (System.nanoTime() - cutAt) / 1_000_000));
    String during = spine.analyzer.health().ingest();
    assertTrue(during.startsWith("retrying: database jdbc:postgresql://127.0.0.1:" + spine.proxy.port() + "/"), during);
    spine.proxy.restore();
    spine.scrape(10);
    assertEquals(30 * Spine.ROWS_PER_SCRAPE, spine.awaitRows(30 * Spine.ROWS_PER_SCRAPE, Duration.ofSeconds(120)));
    assertExactlyOnce(spine, 30);
    assertEquals("storing", spine.analyzer.health().ingest());
  }

  /** Every (entity, metric, time) once, and d0's read_iops exactly 100, 200, ... for each scrape. */
  private static void assertExactlyOnce(Spine spine, int scrapes) throws Exception {
    assertEquals(scrapes * Spine.ROWS_PER_SCRAPE,
        spine.count("SELECT count(DISTINCT (entity_id, metric_id, ts)) FROM sample"));
    List<String> expected = new ArrayList<>();
    for (int n = 1; n <= scrapes; n++) {
      expected.add(Double.toString(100.0 * n));
    }
    assertEquals(expected, rows(spine, "SELECT s.value::text FROM sample s JOIN entity e ON e.id = s.entity_id "
        + "JOIN metric m ON m.id = s.metric_id WHERE e.entity = 't1/disk/d0' AND m.name = 'read_iops' ORDER BY s.ts")
        .stream().map(v -> Double.toString(Double.parseDouble(v))).toList());
  }

  private static List<String> rows(Spine spine, String sql) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = spine.db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
