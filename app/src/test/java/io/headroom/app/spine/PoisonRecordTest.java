package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.testing.TestDatabase;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.Entity;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records the database refuses for their content, sent straight to the topics (as a producer
 * other than Headroom's collector could), among good ones: each bad record is set aside with its
 * Kafka position and the database's SQLSTATE (or the analyzer's own reason: undecodable, samples
 * out of their domain), everything else is stored once, and a restarted
 * analyzer neither stalls on them again nor sets them aside twice.
 */
class PoisonRecordTest {
  private static final String TESTBED = "lab";
  private static final double T0 = 1_795_995_443.0;
  @TempDir Path dir;

  @Test
  void eachRefusedRecordIsSetAsideWithItsSqlStateAndIngestionGoesOn() throws Exception {
    try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka")); TestDatabase db = TestDatabase.create()) {
      KafkaClient client = KafkaClient.plaintext(kafka.bootstrapServers());
      Topics topics = new Topics("p" + System.nanoTime() + ".");
      TopicSetup.ensure(client, topics, 2, (short) 1);
      IngestConfig ingest = IngestConfig.defaults(client, topics);
      // kafka position -> SQLSTATE, or the reason when the analyzer set it aside itself (undecodable, out_of_domain)
      Map<String, String> expectedState = new TreeMap<>();
      try (KafkaProducer<byte[], byte[]> producer = SpineRecords.producer(kafka)) {
        SpineRecords.send(producer, topics.topology(), entity("h1/nvme0", Map.of()));
        // 22021 character_not_in_repertoire: PostgreSQL text cannot hold a NUL
        expectedState.put(SpineRecords.send(producer, topics.topology(), entity("h1/nvme\u00001", Map.of())), "22021");
        // 54000 program_limit_exceeded: an entity key of 6,000 incompressible characters is over
        // the btree row limit of 2,704 bytes of the (testbed, entity) unique index
        expectedState.put(SpineRecords.send(producer, topics.topology(), entity("h1/" + incompressible(6000), Map.of())), "54000");
        // 22P05 untranslatable_character: jsonb refuses the \u0000 escape Jackson writes for a NUL
        expectedState.put(SpineRecords.send(producer, topics.topology(), entity("h1/nvme2", Map.of("model", "a\u0000b"))), "22P05");
        // a run starting at 1e300 s: to_timestamp(1e300) would be PostgreSQL's 22008
        // (datetime_field_overflow), but the recording format's time domain (Domains.timeProblem,
        // checked as a record is decoded since issue 48) sets it aside before the database sees it
        expectedState.put(SpineRecords.send(producer, topics.runs(),
            RecordJson.encode(TESTBED, new Run("r1", TESTBED, 1e300, null, Map.of()))), "undecodable");
        expectedState.put(SpineRecords.send(producer, topics.topology(), "{\"type\": ".getBytes(StandardCharsets.UTF_8)), "undecodable");
        // samples of an entity whose id the database refuses, beside a good batch
        expectedState.put(SpineRecords.send(producer, topics.samples(), samples("h1/cpu\u00000", 3)), "22021");
        SpineRecords.send(producer, topics.samples(), samples("h1/cpu0", 4));
        // a batch with a negative utilisation and a NaN rate among 3 good points: those 2 are set
        // aside (its record in dead_letter, reason out_of_domain), the 3 stored
        String mixed = SpineRecords.send(producer, topics.samples(), SampleBatchCodec.encode(new SampleBatch(UUID.randomUUID(),
            TESTBED, "h1/cpu1", List.of(new Point(T0, "util", 0.5), new Point(T0, "util", -0.25),
                new Point(T0 + 1, "util", 0.6), new Point(T0 + 1, "read_bytes_per_s", Double.NaN),
                new Point(T0 + 2, "util", 0.7)))));
        expectedState.put(mixed, "out_of_domain");
        SpineRecords.send(producer, topics.topology(), entity("h1/nvme3", Map.of()));
        producer.flush();
      }
      try (AnalyzerService analyzer = analyzer(ingest, db)) {
        SpineRecords.awaitCount(db, "SELECT count(*) FROM entity WHERE kind = 'disk'", 2);
        SpineRecords.awaitCount(db, "SELECT count(*) FROM dead_letter", expectedState.size());
        assertEquals(expectedState.size(), analyzer.deadLettered());
      }
      assertEquals(List.of("h1/nvme0", "h1/nvme3"), SpineRecords.strings(db, "SELECT entity FROM entity WHERE kind = 'disk' ORDER BY 1"));
      // the good batch's 4 points and the mixed batch's 3 in their domain, once
      assertEquals(4 + 3, SpineRecords.count(db, "SELECT count(*) FROM sample"));
      assertEquals(expectedState, SpineRecords.deadLetters(db));
      assertEquals(List.of("2 of 5 samples of entity h1/cpu1 (testbed lab) out of their domain, set aside:"
          + " util of h1/cpu1 is -0.25: a share must lie in 0..2;"
          + " read_bytes_per_s of h1/cpu1 is NaN: a reading must be a finite number"),
          SpineRecords.strings(db, "SELECT message FROM dead_letter WHERE reason = 'out_of_domain'"));

      // A restarted analyzer resumes after the committed offsets: nothing set aside twice, and a
      // new record is stored at once instead of behind the old refusals.
      try (KafkaProducer<byte[], byte[]> producer = SpineRecords.producer(kafka);
          AnalyzerService again = analyzer(ingest, db)) {
        SpineRecords.send(producer, topics.topology(), entity("h1/nvme4", Map.of()));
        producer.flush();
        SpineRecords.awaitCount(db, "SELECT count(*) FROM entity WHERE kind = 'disk'", 3);
        assertEquals(0, again.deadLettered());
      }
      assertEquals(expectedState.size(), SpineRecords.count(db, "SELECT count(*) FROM dead_letter"));
    }
  }

  private static AnalyzerService analyzer(IngestConfig ingest, TestDatabase db) throws Exception {
    return new AnalyzerService(ingest, db.url(), null, null, TestDatabase.KEEPING_FIXED_DATES);
  }

  private static byte[] entity(String id, Map<String, Object> attrs) {
    RecordingRecord e = new Entity(id, "disk", id, attrs, Map.of());
    return RecordJson.encode(TESTBED, e);
  }

  private static byte[] samples(String entity, int points) {
    List<Point> list = new ArrayList<>();
    for (int i = 0; i < points; i++) {
      list.add(new Point(T0 + i, "cpu_busy", 0.5));
    }
    return SampleBatchCodec.encode(new SampleBatch(UUID.randomUUID(), TESTBED, entity, list));
  }

  private static String incompressible(int length) {
    Random random = new Random(42);
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append((char) ('!' + random.nextInt(94)));
    }
    return sb.toString();
  }
}
