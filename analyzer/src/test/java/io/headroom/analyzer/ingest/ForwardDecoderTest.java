package io.headroom.analyzer.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.remotewrite.PromNames;
import io.headroom.remotewrite.Readings;
import io.headroom.remotewrite.TimeSeries;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.Topics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * Remote write sends what the ingest stores: {@link ForwardDecoder}, which reads sample batches
 * without making their points, gives the same readings as the ingest's {@link RecordDecoder}
 * followed by {@link Readings#add}, on the s5 study's real batches mutated (bits flipped, bytes
 * cut, counts set huge: records refused whole, values made NaN or negative, times made
 * unstorable) and on a batch whose points are out of domain by construction.
 */
class ForwardDecoderTest {
  private static final Topics TOPICS = new Topics("f.");
  private static final FuzzSeeds SEEDS = FuzzSeeds.fromStudy("s5-powerstore-upgrade.jsonl");
  private static final PromNames NAMES = new PromNames(List.of());
  private final RecordDecoder ingest = new RecordDecoder(TOPICS);
  private final ForwardDecoder forward = new ForwardDecoder(TOPICS);

  @Property(tries = 5_000)
  void sameReadingsAsTheIngestStores(@ForAll("samples") byte[] input) {
    assertEquals(viaIngest(input), viaForward(input));
  }

  @Provide
  Arbitrary<byte[]> samples() {
    return FuzzInputs.of(SEEDS.sampleBatches(), FuzzSeeds::sampleCountFields);
  }

  @Test
  void pointsOutOfTheirDomainOrTheStoresTimesAreLeftOutAndTheRestSent() {
    byte[] batch = SampleBatchCodec.encode(new SampleBatch(UUID.randomUUID(), "lab", "h1/cpu0", List.of(
        new Point(100, "util", 0.5),
        new Point(101, "util", -0.5), // a share below 0
        new Point(102, "util", 2.5), // a share past 2
        new Point(103, "read_iops", -1), // a rate below 0
        new Point(104, "temp_c", Double.NaN),
        new Point(1e300, "temp_c", 40), // past 294247-01-10
        new Point(105, "temp_c", -10), // a temperature may be negative
        new Point(106, "util", 2.0)))); // the ceiling itself is a reading
    String expected = """
        3 samples
        {__name__=headroom_temp_c, entity=h1/cpu0, testbed=lab} -10.0@105000
        {__name__=headroom_util, entity=h1/cpu0, testbed=lab} 0.5@100000 2.0@106000""";
    assertEquals(expected, viaIngest(batch));
    assertEquals(expected, viaForward(batch));
  }

  private String viaIngest(byte[] input) {
    Readings readings = new Readings(NAMES, (tb, e) -> null);
    for (Consumed c : ingest.decode(poll(input))) {
      for (SampleBatch b : c.batch().sampleBatches()) {
        readings.add(b);
      }
    }
    return text(readings);
  }

  private String viaForward(byte[] input) {
    Readings readings = new Readings(NAMES, (tb, e) -> null);
    List<IngestBatch> others = new ArrayList<>();
    forward.decode(List.of(record(input)), readings, others);
    assertEquals(List.of(), others);
    return text(readings);
  }

  private static String text(Readings readings) {
    List<String> out = new ArrayList<>();
    for (List<TimeSeries> request : readings.requests(Integer.MAX_VALUE)) {
      for (TimeSeries s : request) {
        StringBuilder b = new StringBuilder(s.labels().toString());
        for (int i = 0; i < s.size(); i++) {
          b.append(' ').append(s.value(i)).append('@').append(s.timestamp(i));
        }
        out.add(b.toString());
      }
    }
    return readings.samples() + " samples\n" + String.join("\n", out);
  }

  private static ConsumerRecord<byte[], byte[]> record(byte[] value) {
    return new ConsumerRecord<>(TOPICS.samples(), 0, 7L, "s5-powerstore|fuzz".getBytes(StandardCharsets.UTF_8), value);
  }

  private static ConsumerRecords<byte[], byte[]> poll(byte[] value) {
    return new ConsumerRecords<>(Map.of(new TopicPartition(TOPICS.samples(), 0), List.of(record(value))), Map.of());
  }
}
