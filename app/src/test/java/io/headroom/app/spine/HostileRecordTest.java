package io.headroom.app.spine;

import static io.headroom.app.spine.SpineRecords.awaitCount;
import static io.headroom.app.spine.SpineRecords.count;
import static io.headroom.app.spine.SpineRecords.deadLetters;
import static io.headroom.app.spine.SpineRecords.send;
import static io.headroom.app.spine.SpineRecords.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.testing.TestDatabase;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.Entity;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records that once took the analyzers down or were stored changed (issue 29), sent straight to
 * the topics among good ones, consumed by a group of two analyzers: a sample batch whose point
 * count says 2^31-1 (each analyzer died on it, again after every restart), names that are not
 * UTF-8 (stored with U+FFFD), a testbed with '|' (misfiled under another testbed and entity).
 * Each is set aside once, both analyzers stay up and go on storing what follows it.
 */
class HostileRecordTest {
  private static final String TESTBED = "lab";
  private static final double T0 = 1_795_995_443.0;
  private static final int GOOD_POINTS = 4;
  @TempDir Path dir;

  @Test
  void aTwoAnalyzerGroupSetsEachHostileRecordAsideOnceAndStoresWhatFollows() throws Exception {
    try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka")); TestDatabase db = TestDatabase.create()) {
      KafkaClient client = KafkaClient.plaintext(kafka.bootstrapServers());
      Topics topics = new Topics("h" + System.nanoTime() + ".");
      TopicSetup.ensure(client, topics, 2, (short) 1);
      IngestConfig ingest = IngestConfig.defaults(client, topics);
      Map<String, String> expected = new TreeMap<>(); // kafka position -> reason
      try (AnalyzerService first = analyzer(ingest, db); AnalyzerService second = analyzer(ingest, db);
          KafkaProducer<byte[], byte[]> producer = SpineRecords.producer(kafka)) {
        awaitTwoMembersWithPartitions(client, ingest.groupId());
        for (int partition = 0; partition < 2; partition++) {
          // one per samples partition, so whichever analyzer holds it meets one
          expected.put(send(producer, topics.samples(), partition, withPointCount(Integer.MAX_VALUE)), "undecodable");
          send(producer, topics.samples(), partition, good("h1/cpu" + partition, T0));
        }
        // testbed "x|relb", entity "zz": its key "x|relb|zz" read back as testbed "x", entity "relb|zz"
        expected.put(send(producer, topics.samples(), 0, SampleBatchCodec.encode(new SampleBatch(UUID.randomUUID(),
            "x|relb", "zz", List.of(new Point(T0, "util", 0.5))))), "undecodable");
        expected.put(send(producer, topics.samples(), 1, notUtf8(good("h1/cpu\u00e91", T0), "h1/cpu\u00e91")),
            "undecodable");
        byte[] entity = RecordJson.encode(TESTBED, Entity.of("h1/nvm\u00e90", "disk"));
        expected.put(send(producer, topics.topology(), notUtf8(entity, "h1/nvm\u00e90")), "undecodable");
        send(producer, topics.topology(), RecordJson.encode(TESTBED, Entity.of("h1/nvme1", "disk")));
        // what follows the poison on each partition is stored too
        for (int partition = 0; partition < 2; partition++) {
          send(producer, topics.samples(), partition, good("h1/cpu" + partition, T0 + GOOD_POINTS));
        }
        producer.flush();

        awaitCount(db, "SELECT count(*) FROM dead_letter", expected.size());
        // 2 entities x 2 batches x 4 points
        awaitCount(db, "SELECT count(*) FROM sample", 2 * 2 * GOOD_POINTS);
        awaitCount(db, "SELECT count(*) FROM entity WHERE kind = 'disk'", 1);
        for (AnalyzerService a : List.of(first, second)) {
          assertFalse(a.failure().isDone(), "an analyzer stopped: " + a.failure().getNow(null));
          assertEquals("storing", a.health().ingest());
          // each stored a partition's samples, poison first: both held one and went on past it
          assertTrue(a.samplesStored() >= 2 * GOOD_POINTS, "samples stored by one analyzer: " + a.samplesStored());
        }
        assertEquals(expected.size(), first.deadLettered() + second.deadLettered());
      }
      assertEquals(expected, deadLetters(db));
      assertEquals(List.of(TESTBED + " h1/cpu0", TESTBED + " h1/cpu1", TESTBED + " h1/nvme1"),
          strings(db, "SELECT testbed || ' ' || entity FROM entity ORDER BY 1"),
          "no entity misfiled, none with U+FFFD in place of its bytes");
      assertEquals(2 * 2 * GOOD_POINTS, count(db, "SELECT count(*) FROM sample"));
      assertEquals(List.of("sample batch says 2147483647 points at byte 39, but 1 bytes remain, room for 0 (18 bytes each)",
          "sample batch says 2147483647 points at byte 39, but 1 bytes remain, room for 0 (18 bytes each)"),
          strings(db, "SELECT message FROM dead_letter WHERE message LIKE '%2147483647%'"));
      assertEquals(List.of("sample batch's testbed \"x|relb\": must not contain '|' (it separates key parts on Kafka)"),
          strings(db, "SELECT message FROM dead_letter WHERE message LIKE '%relb%'"));
      assertEquals(2, count(db, "SELECT count(*) FROM dead_letter WHERE message LIKE '%not UTF-8: byte 0xFF%'"));
    }
  }

  private static AnalyzerService analyzer(IngestConfig ingest, TestDatabase db) throws Exception {
    return new AnalyzerService(ingest, db.url(), null, null, TestDatabase.KEEPING_FIXED_DATES);
  }

  /** Until the group has two members and each holds partitions, so each meets its own records. */
  private static void awaitTwoMembersWithPartitions(KafkaClient client, String group) throws Exception {
    try (Admin admin = Admin.create(client.properties())) {
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (System.nanoTime() < deadline) {
        ConsumerGroupDescription d = admin.describeConsumerGroups(List.of(group)).all().get().get(group);
        List<MemberDescription> holding = new ArrayList<>();
        for (MemberDescription m : d.members()) {
          if (!m.assignment().topicPartitions().isEmpty()) {
            holding.add(m);
          }
        }
        if (holding.size() == 2) {
          return;
        }
        Thread.sleep(200);
      }
      throw new AssertionError("the group " + group + " did not get two members holding partitions in 60 s");
    }
  }

  private static byte[] good(String entity, double from) {
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < GOOD_POINTS; i++) {
      points.add(new Point(from + i, "cpu_busy", 0.5));
    }
    return SampleBatchCodec.encode(new SampleBatch(UUID.randomUUID(), TESTBED, entity, points));
  }

  /** The 44-byte record of issue 29: testbed, entity, one metric, a point count of {@code count}, one byte. */
  private static byte[] withPointCount(int count) {
    byte[] one = SampleBatchCodec.encode(new SampleBatch(new UUID(7, 42), TESTBED, "h1/cpu",
        List.of(new Point(T0, "util", 0.5))));
    // 2 + 16 + (2 + 3) + (2 + 6) + 2 + (2 + 4) = 39 bytes before the count
    return ByteBuffer.allocate(39 + 4 + 1).put(one, 0, 39).putInt(count).put((byte) 0).array();
  }

  /** {@code record} with the 2-byte UTF-8 of the é in {@code name} replaced by 0xFF 0xFF: no UTF-8 at all. */
  private static byte[] notUtf8(byte[] record, String name) {
    byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
    int at = indexOf(record, nameBytes) + name.indexOf('\u00e9');
    byte[] out = record.clone();
    out[at] = (byte) 0xFF;
    out[at + 1] = (byte) 0xFF;
    return out;
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("not found");
  }
}
