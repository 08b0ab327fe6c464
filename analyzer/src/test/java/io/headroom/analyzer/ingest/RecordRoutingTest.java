package io.headroom.analyzer.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.store.DeadLetter;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.IngestBatchContents;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.Topics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * {@link RecordDecoder}: each topic's records go to their part of the batch, in poll order, with
 * where they came from; a tombstone is skipped; what cannot be read becomes a dead letter naming
 * its topic, partition and offset.
 */
class RecordRoutingTest {
  private static final Topics TOPICS = new Topics("t.");

  private static ConsumerRecords<byte[], byte[]> poll(List<ConsumerRecord<byte[], byte[]>> records) {
    Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> byPartition = new java.util.LinkedHashMap<>();
    for (ConsumerRecord<byte[], byte[]> r : records) {
      byPartition.computeIfAbsent(new TopicPartition(r.topic(), r.partition()), k -> new ArrayList<>()).add(r);
    }
    return new ConsumerRecords<>(byPartition, Map.of());
  }

  private static ConsumerRecord<byte[], byte[]> record(String topic, int partition, long offset, String key, byte[] value) {
    return new ConsumerRecord<>(topic, partition, offset, key == null ? null : key.getBytes(StandardCharsets.UTF_8), value);
  }

  @Test
  void eachTopicGoesToItsPartOfTheBatchAndATombstoneIsSkipped() {
    SampleBatch samples = new SampleBatch(UUID.fromString("00000000-0000-0000-0000-000000000007"), "lab", "h1",
        List.of(new Point(1.0, "util", 0.42)));
    Verdict verdict = new Verdict("r1", Bottleneck.NETWORK, "sw1/p1", 0.8, List.of(), List.of(), List.of());
    List<Consumed> out = new RecordDecoder(TOPICS).decode(poll(List.of(
        record("t.samples", 0, 10, "lab|h1", SampleBatchCodec.encode(samples)),
        record("t.topology", 1, 20, "lab|h1", RecordJson.encode("lab", Entity.of("h1", "host"))),
        record("t.topology", 1, 21, "lab|h2", null), // tombstone
        record("t.runs", 2, 30, "lab|r1", RecordJson.encode("lab", new Run("r1", "lab", 5.0, null, Map.of()))),
        record("t.verdicts", 3, 40, "lab|r1", VerdictJson.toJson(verdict).getBytes(StandardCharsets.UTF_8)),
        record("t.verdicts", 3, 41, "bare", VerdictJson.toJson(verdict).getBytes(StandardCharsets.UTF_8)))));

    assertEquals(List.of("t.samples-0@10", "t.topology-1@20", "t.runs-2@30", "t.verdicts-3@40", "t.verdicts-3@41"),
        out.stream().map(Consumed::where).toList());
    assertEquals(List.of(samples), IngestBatchContents.samples(out.get(0).batch()));
    // the samples' record, at offset 10, moves partition 0 of the samples topic on to 11; no other record does
    assertEquals(List.of("t.samples-0 11"), IngestBatchContents.sampleProgress(out.get(0).batch()));
    assertEquals(List.of(), IngestBatchContents.sampleProgress(out.get(1).batch()));
    assertEquals(List.of("lab " + Entity.of("h1", "host")), IngestBatchContents.topology(out.get(1).batch()));
    assertEquals(List.of(new IngestBatch.TestbedRun("lab", new Run("r1", "lab", 5.0, null, Map.of()))),
        out.get(2).batch().runsStored());
    // the verdict's testbed is its key up to "|", or the whole key when it has none
    assertEquals(List.of("lab r1"), IngestBatchContents.verdicts(out.get(3).batch()));
    assertEquals(List.of("bare r1"), IngestBatchContents.verdicts(out.get(4).batch()));
    for (Consumed c : out) {
      assertFalse(c.batch().hasDeadLetters(), c.where());
      assertFalse(c.batch().isEmpty(), c.where());
    }
  }

  @Test
  void aPhaseIsARunRecordButNotARun() {
    List<Consumed> out = new RecordDecoder(TOPICS).decode(poll(List.of(
        record("t.runs", 0, 1, "lab|r1", RecordJson.encode("lab", new Phase("r1", "warmup", 5.0, 65.0))))));
    assertEquals(List.of("lab " + new Phase("r1", "warmup", 5.0, 65.0)), IngestBatchContents.runs(out.get(0).batch()));
    assertEquals(List.of(), out.get(0).batch().runsStored());
  }

  @Test
  void anUnreadableRecordBecomesADeadLetterWithWhereItCameFrom() {
    byte[] garbage = {1, 2, 3};
    List<Consumed> out = new RecordDecoder(TOPICS).decode(poll(List.of(
        record("t.samples", 4, 99, "lab|h1", garbage))));
    IngestBatch batch = out.get(0).batch();
    assertTrue(batch.hasDeadLetters());
    DeadLetter letter = IngestBatchContents.deadLetters(batch).get(0);
    assertEquals("t.samples-4@99", letter.where());
    assertEquals(DeadLetter.UNDECODABLE, letter.reason());
    assertEquals(null, letter.sqlState());
    assertEquals(List.of((byte) 1, (byte) 2, (byte) 3),
        List.of(letter.payload()[0], letter.payload()[1], letter.payload()[2]));
    assertEquals(List.of(), IngestBatchContents.samples(batch), "nothing of it is stored as samples");
  }

  @Test
  void aSampleBatchWithPointsOutOfDomainStoresTheRestAndSetsTheRecordAside() {
    UUID id = UUID.fromString("00000000-0000-0000-0000-000000000009");
    byte[] bytes = SampleBatchCodec.encode(new SampleBatch(id, "lab", "h1/cpu",
        List.of(new Point(1.0, "util", 0.4), new Point(2.0, "util", 2.5)))); // 2.5 is above a share's 2
    IngestBatch batch = new RecordDecoder(TOPICS).decode(poll(List.of(record("t.samples", 0, 12, "lab|h1/cpu", bytes))))
        .get(0).batch();
    assertEquals(List.of(new SampleBatch(id, "lab", "h1/cpu", List.of(new Point(1.0, "util", 0.4)))),
        IngestBatchContents.samples(batch), "the point in its domain is stored under the batch's id");
    DeadLetter letter = IngestBatchContents.deadLetters(batch).get(0);
    assertEquals(List.of("t.samples-0@12", DeadLetter.OUT_OF_DOMAIN, "1 of 2 samples of entity h1/cpu (testbed lab)"
        + " out of their domain, set aside: util of h1/cpu is 2.5: a share must lie in 0..2"),
        List.of(letter.where(), letter.reason(), letter.message()));
    assertEquals(bytes.length, letter.payload().length, "the record's bytes as they came");
  }

  @Test
  void aRecordOfAnUnknownTypeIsIgnored() {
    List<Consumed> out = new RecordDecoder(TOPICS).decode(poll(List.of(
        record("t.runs", 0, 1, "lab|r1", "{\"type\":\"a_later_kind\",\"testbed\":\"lab\"}".getBytes(StandardCharsets.UTF_8)))));
    assertTrue(out.get(0).batch().isEmpty(), "a type this version does not know is skipped, as in recordings");
    assertFalse(out.get(0).batch().hasDeadLetters());
  }

  @Test
  void aConsumedRecordRefusedByTheDatabaseKeepsItsPlaceAndBytes() {
    byte[] payload = {9};
    DeadLetter d = new Consumed("t.runs", 2, 7, payload, new IngestBatch()).refused("22021", "invalid byte");
    assertEquals(new DeadLetter("t.runs", 2, 7, DeadLetter.REFUSED, "22021", "invalid byte", payload), d);
  }

  /**
   * A failure of any kind in decoding sets that one record aside (a StackOverflowError from a
   * nesting no parser guards, an analyzer bug one record meets); the JVM's own trouble (a full
   * heap, a class missing from the installation) is no record's fault and is not blamed on one.
   */
  @Test
  void everyFailureButTheJvmsOwnIsTheRecords() {
    assertTrue(RecordDecoder.isTheRecords(new IllegalArgumentException("not JSON")));
    assertTrue(RecordDecoder.isTheRecords(new NullPointerException()));
    assertTrue(RecordDecoder.isTheRecords(new StackOverflowError()));
    assertTrue(RecordDecoder.isTheRecords(new AssertionError("a bug met by one record")));
    assertFalse(RecordDecoder.isTheRecords(new OutOfMemoryError("Java heap space")));
    assertFalse(RecordDecoder.isTheRecords(new InternalError()));
    assertFalse(RecordDecoder.isTheRecords(new NoClassDefFoundError("io/headroom/model/Verdict")));
  }

  @Test
  void aVerdictKeyedWithoutATestbedOrNotInUtf8IsSetAside() {
    Verdict verdict = new Verdict("r1", Bottleneck.NETWORK, "sw1/p1", 0.8, List.of(), List.of(), List.of());
    byte[] json = VerdictJson.toJson(verdict).getBytes(StandardCharsets.UTF_8);
    ConsumerRecord<byte[], byte[]> notUtf8 = new ConsumerRecord<>("t.verdicts", 0, 5L, new byte[] {'l', (byte) 0xFF}, json);
    List<Consumed> out = new RecordDecoder(TOPICS).decode(poll(List.of(
        record("t.verdicts", 0, 4, "|r1", json), notUtf8)));
    // "|r1": the testbed is what precedes the bar at index 0, the empty name (refused as no
    // testbed), not the whole key (which would be refused for its '|')
    assertEquals(List.of("testbed \"\": must name the testbed"),
        IngestBatchContents.deadLetters(out.get(0).batch()).stream().map(DeadLetter::message).toList());
    assertEquals(List.of("not UTF-8: byte 0xFF at byte 2 of 2"),
        IngestBatchContents.deadLetters(out.get(1).batch()).stream().map(DeadLetter::message).toList());
  }
}
