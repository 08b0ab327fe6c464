package io.headroom.app.spine;

import static io.headroom.app.spine.StoreTables.namedSamples;
import static io.headroom.app.spine.StoreTables.poll;
import static io.headroom.app.spine.StoreTables.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.DeadLetter;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What {@link SampleStore} writes, read back row by row from a real PostgreSQL (no Kafka): which
 * entity and metric each sample names, topology and runs as upserts, verdicts, dead letters.
 * Every expected row is the input written again; times are Unix seconds from T0.
 */
class StoredRowsTest {
  private static final double T0 = 1_795_995_443.0;
  private final SampleStore store = new SampleStore();

  private static SampleBatch batch(String testbed, String entity, Point... points) {
    return new SampleBatch(UUID.randomUUID(), testbed, entity, List.of(points));
  }

  /**
   * Three entities (one name in two testbeds) and two metrics over two polls; the second poll
   * names one entity and metric already known and one of each new. Each row must name its own.
   */
  @Test
  void eachSampleNamesItsEntityAndMetric() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      store.write(database.connection(), poll(
          batch("lab", "h1/cpu", new Point(T0, "util", 0.25), new Point(T0 + 1, "util", 0.5)),
          batch("lab2", "h1/cpu", new Point(T0, "util", 0.75))));
      store.write(database.connection(), poll(
          batch("lab", "h1/cpu", new Point(T0 + 2, "util", 1.0)),
          batch("lab", "h1/nvme0", new Point(T0, "read_iops", 9300))));
      assertEquals(List.of(
          List.of("lab", "h1/cpu", "util", "1795995443", "0.25"),
          List.of("lab", "h1/cpu", "util", "1795995444", "0.5"),
          List.of("lab", "h1/cpu", "util", "1795995445", "1"),
          List.of("lab", "h1/nvme0", "read_iops", "1795995443", "9300"),
          List.of("lab2", "h1/cpu", "util", "1795995443", "0.75")), namedSamples(db));
      assertEquals(List.of(List.of("3", "2")),
          rows(db, "SELECT (SELECT count(*) FROM entity), (SELECT count(*) FROM metric)"), "one id each");
    }
  }

  /**
   * Where the ingest stands per partition: the offset after the last sample record stored from
   * it, the highest of the poll's (records 40 and 41 of partition 2: 42), moved on by a later
   * poll; a poll of records without samples leaves it.
   */
  @Test
  void ingestProgressIsTheOffsetAfterTheLastSampleRecordPerPartition() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      IngestBatch first = poll(batch("lab", "h1/cpu", new Point(T0, "util", 0.25)));
      first.sampleRecord("t.samples", 2, 41);
      first.sampleRecord("t.samples", 2, 40);
      first.sampleRecord("t.samples", 0, 7);
      store.write(database.connection(), first);
      assertEquals(List.of(List.of("t.samples", "0", "8"), List.of("t.samples", "2", "42")),
          rows(db, "SELECT topic, kafka_partition, next_offset FROM ingest_progress ORDER BY 1, 2"));

      IngestBatch second = poll(batch("lab", "h1/cpu", new Point(T0 + 1, "util", 0.5)));
      second.sampleRecord("t.samples", 2, 55);
      store.write(database.connection(), second);
      assertEquals(List.of(List.of("t.samples", "0", "8"), List.of("t.samples", "2", "56")),
          rows(db, "SELECT topic, kafka_partition, next_offset FROM ingest_progress ORDER BY 1, 2"));
      assertEquals(List.of(List.of("2")),
          rows(db, "SELECT count(*) FROM ingest_progress WHERE stored_at > now() - interval '1 minute'"));
    }
  }

  /**
   * An entity first seen in samples gets a row of kind 'unknown'; its topology record then fills
   * that same row (same id, so its samples keep naming it), and a later record replaces it.
   */
  @Test
  void topologyIsUpsertedIntoTheRowTheSamplesName() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      store.write(database.connection(), poll(batch("lab", "h1/nvme0", new Point(T0, "read_iops", 100))));
      IngestBatch topology = new IngestBatch();
      topology.topology("lab", new Entity("h1/nvme0", "disk", "nvme0n1", Map.of("model", "PM1733"), Map.of("iops", 1.5e6)));
      topology.topology("lab", new Relation("h1/nvme0", "on", "h1/pcie0"));
      store.write(database.connection(), topology);
      IngestBatch changed = new IngestBatch();
      changed.topology("lab", new Entity("h1/nvme0", "disk", "nvme0", Map.of("model", "PM1735"), Map.of("iops", 1.6e6)));
      changed.topology("lab", new Relation("h1/nvme0", "on", "h1/pcie0"));
      store.write(database.connection(), changed);

      assertEquals(List.of(List.of("lab", "h1/nvme0", "disk", "nvme0", "{\"model\": \"PM1735\"}", "{\"iops\": 1600000.0}")),
          rows(db, "SELECT testbed, entity, kind, name, attrs::text, capacity::text FROM entity"));
      assertEquals(List.of(List.of("lab", "h1/nvme0", "on", "h1/pcie0")),
          rows(db, "SELECT testbed, from_entity, rel, to_entity FROM relation"));
      assertEquals(List.of(List.of("lab", "h1/nvme0", "read_iops", "1795995443", "100")), namedSamples(db));
    }
  }

  /**
   * A run and its phase as they are announced (open), then ended (T0 + 60), then the start
   * record redelivered: the end, once known, stays. Stored under the record's testbed tag.
   */
  @Test
  void runsAndPhasesKeepTheirTimesAndTheirEndOnceKnown() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      Map<String, Object> workload = Map.of("rw", "randread", "iodepth", 8);
      Run open = new Run("r1", "lab", T0, null, workload);
      for (Run r : List.of(open, open.withEnd(T0 + 60), open)) {
        IngestBatch poll = new IngestBatch();
        poll.run("lab", r);
        poll.run("lab", new Phase("r1", "qd8", T0 + 10, r.end() == null ? null : r.end() - 5));
        store.write(database.connection(), poll);
      }
      assertEquals(List.of(List.of("lab", "r1", "1795995443", "1795995503", "{\"rw\": \"randread\", \"iodepth\": 8}")),
          rows(db, "SELECT testbed, run, extract(epoch FROM start_ts)::float8, extract(epoch FROM end_ts)::float8, "
              + "workload::text FROM run"));
      // the phase: T0 + 10 = 1795995453 to T0 + 55 = 1795995498
      assertEquals(List.of(List.of("lab", "r1", "qd8", "1795995453", "1795995498")),
          rows(db, "SELECT testbed, run, name, extract(epoch FROM start_ts)::float8, extract(epoch FROM end_ts)::float8 "
              + "FROM phase"));
    }
  }

  /** A run's verdict and a run-less one (kept under the run ""), each with its whole body. */
  @Test
  void verdictsAreStoredWithTheirBody() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      Verdict ofRun = new Verdict("r1", Bottleneck.DISK, "h1/nvme0", 0.875, List.of("h1/nvme0 p95 at 98%"),
          List.of(new HeadroomEntry("h1/nvme0", "disk", 0.98, 0.98, "iops", true)), List.of());
      Verdict runless = new Verdict(null, Bottleneck.HOST_CPU, "h1/cpu", 0.5, List.of(), List.of(), List.of());
      IngestBatch poll = new IngestBatch();
      poll.verdict("lab", ofRun);
      poll.verdict("lab", runless);
      store.write(database.connection(), poll);

      List<List<String>> stored = rows(db,
          "SELECT testbed, run, bottleneck, entity, confidence, body::text FROM verdict ORDER BY run");
      assertEquals(List.of("lab", "", "HOST_CPU", "h1/cpu", "0.5"), stored.get(0).subList(0, 5));
      assertEquals(List.of("lab", "r1", "DISK", "h1/nvme0", "0.875"), stored.get(1).subList(0, 5));
      assertEquals(runless, VerdictJson.fromJson(stored.get(0).get(5)));
      assertEquals(ofRun, VerdictJson.fromJson(stored.get(1).get(5)));
    }
  }

  /**
   * A run none of whose phases had enough readings (docs/detection.md, "Too few readings") has no
   * class: stored with a null bottleneck (V13), not refused and set aside; its unjudged phase and
   * an implausible headroom row read back as written.
   */
  @Test
  void anUnjudgedVerdictIsStoredWithANullBottleneck() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      PhaseVerdict phase = new PhaseVerdict("q0", null, null, 0.0, "too_few_readings",
          List.of("not judged, too few readings: 1 of the workload and at most 1 of any entity in the phase's 0.018 s"
              + " after its ramp; a phase is judged from 5 readings"), List.of(), List.of(), null);
      Verdict unjudged = new Verdict("r1", null, null, 0.0, List.of("not judged: none of the run's 1 phases"),
          List.of(new HeadroomEntry("h1/eth0", "net_port", 2.7386, 2.6017, "rx", true, true)), List.of(phase));
      IngestBatch poll = new IngestBatch();
      poll.verdict("lab", unjudged);
      store.write(database.connection(), poll);

      List<List<String>> stored = rows(db, "SELECT run, coalesce(bottleneck, 'null'), coalesce(entity, 'null'), "
          + "confidence, body::text FROM verdict");
      assertEquals(List.of("r1", "null", "null", "0"), stored.get(0).subList(0, 4));
      assertEquals(unjudged, VerdictJson.fromJson(stored.get(0).get(4)));
      assertEquals(List.of(), rows(db, "SELECT topic FROM dead_letter"));
    }
  }

  /**
   * A dead letter in a poll and one set aside on its own, each with its Kafka position, reason,
   * SQLSTATE and bytes; a NUL in a message is stored as U+FFFD (text cannot hold it). The same
   * position again is set aside once.
   */
  @Test
  void deadLettersKeepWhereTheyCameFromAndWhy() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = db.migrated()) {
      DeadLetter undecodable = new DeadLetter("headroom.samples", 2, 41, DeadLetter.UNDECODABLE, null,
          "not JSON at byte 1: \u0000", new byte[] {0x01, 0x02, (byte) 0xff});
      IngestBatch poll = new IngestBatch();
      poll.deadLetter(undecodable);
      store.write(database.connection(), poll);
      DeadLetter refused = new DeadLetter("headroom.topology", 0, 7, DeadLetter.REFUSED, "22021",
          "invalid byte sequence", new byte[] {0x7b});
      store.setAside(database.connection(), refused);
      store.setAside(database.connection(), refused);

      assertEquals(List.of(
          List.of("headroom.samples", "2", "41", "undecodable", "null", "not JSON at byte 1: \uFFFD", "\\x0102ff"),
          List.of("headroom.topology", "0", "7", "refused", "22021", "invalid byte sequence", "\\x7b")),
          rows(db, "SELECT topic, kafka_partition, kafka_offset, reason, coalesce(sqlstate, 'null'), message, "
              + "payload FROM dead_letter ORDER BY topic"));
    }
  }
}
