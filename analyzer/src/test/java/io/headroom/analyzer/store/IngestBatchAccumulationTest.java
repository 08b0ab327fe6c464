package io.headroom.analyzer.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** {@link IngestBatch}: a poll's parts, empty only when every part is, and merged in order. */
class IngestBatchAccumulationTest {
  private static final SampleBatch SAMPLES = new SampleBatch(new UUID(0, 1), "lab", "h1", List.of(new Point(1, "util", 0.5)));
  private static final Run RUN = new Run("r1", "lab", 0, null, Map.of());
  private static final Verdict VERDICT = new Verdict("r1", Bottleneck.DISK, "sda", 0.7, List.of(), List.of(), List.of());
  private static final DeadLetter LETTER = new DeadLetter("t", 0, 1, DeadLetter.UNDECODABLE, null, "bad", new byte[] {1});

  @Test
  void aBatchIsEmptyOnlyWhenEachOfItsFivePartsIs() {
    assertTrue(new IngestBatch().isEmpty());
    List<Consumer<IngestBatch>> oneEach = List.of(
        b -> b.topology("lab", Entity.of("h1", "host")),
        b -> b.run("lab", RUN),
        b -> b.samples(SAMPLES),
        b -> b.verdict("lab", VERDICT),
        b -> b.deadLetter(LETTER));
    for (int i = 0; i < oneEach.size(); i++) {
      IngestBatch b = new IngestBatch();
      oneEach.get(i).accept(b);
      assertFalse(b.isEmpty(), "part " + i);
      assertEquals(i == 4, b.hasDeadLetters(), "part " + i);
    }
  }

  @Test
  void addingABatchAppendsEachPartAfterWhatWasThere() {
    Run second = new Run("r2", "lab", 10, 20.0, Map.of());
    IngestBatch a = new IngestBatch();
    a.run("lab", RUN);
    a.topology("lab", Entity.of("h1", "host"));
    IngestBatch b = new IngestBatch();
    b.run("lab2", second);
    b.run("lab2", new Phase("r2", "p1", 10, 20.0));
    b.topology("lab2", Entity.of("h2", "host"));
    b.samples(SAMPLES);
    b.verdict("lab2", VERDICT);
    b.deadLetter(LETTER);
    a.addAll(b);
    assertEquals(List.of(new IngestBatch.TestbedRun("lab", RUN), new IngestBatch.TestbedRun("lab2", second)),
        a.runsStored(), "runs in order, the phase left out");
    assertEquals(List.of("lab " + Entity.of("h1", "host"), "lab2 " + Entity.of("h2", "host")),
        IngestBatchContents.topology(a));
    assertEquals(List.of(SAMPLES), IngestBatchContents.samples(a));
    assertEquals(List.of("lab2 r1"), IngestBatchContents.verdicts(a));
    assertEquals(List.of(LETTER), IngestBatchContents.deadLetters(a));
  }

  private static SampleBatch batch(String testbed, String entity, double ts, String... metrics) {
    List<Point> points = new java.util.ArrayList<>();
    for (String m : metrics) {
      points.add(new Point(ts, m, 1));
    }
    return new SampleBatch(UUID.randomUUID(), testbed, entity, points);
  }

  /** Each entity (testbed|entity) and metric once, in the order first seen, and worked out again after a change. */
  @Test
  void theNamesAreEachEntityAndMetricOnceInTheOrderFirstSeen() {
    IngestBatch batch = new IngestBatch();
    batch.samples(batch("lab", "h2/cpu", 1, "util", "sys"));
    batch.samples(batch("lab", "h1/cpu", 1, "sys", "irq"));
    batch.samples(batch("lab2", "h2/cpu", 2, "util"));
    assertEquals(List.of("lab|h2/cpu", "lab|h1/cpu", "lab2|h2/cpu"), List.copyOf(batch.names().entityKeys()));
    assertEquals(List.of("util", "sys", "irq"), List.copyOf(batch.names().metrics()));

    batch.samples(batch("lab", "h3/nvme0", 3, "read_iops"));
    assertEquals(4, batch.names().entityKeys().size(), "a batch added after: the names are worked out again");
    IngestBatch more = new IngestBatch();
    more.samples(batch("lab", "h4/nic", 3, "rx_bytes"));
    batch.addAll(more);
    assertEquals(List.of("util", "sys", "irq", "read_iops", "rx_bytes"), List.copyOf(batch.names().metrics()));
  }

  /**
   * Grouped by testbed, then entity; each entity's batches keep their order (times 1, 2, 3 of
   * h1/cpu stay 1, 2, 3 although they came between other entities').
   */
  @Test
  void groupingPutsEachEntitysBatchesTogetherInTheOrderTheyCame() {
    IngestBatch batch = new IngestBatch();
    batch.samples(batch("lab", "h2/cpu", 1, "util"));
    batch.samples(batch("lab", "h1/cpu", 1, "util"));
    batch.samples(batch("lab", "h2/cpu", 2, "util"));
    batch.samples(batch("lab", "h1/cpu", 2, "util"));
    batch.samples(batch("a-lab", "h9/cpu", 1, "util"));
    batch.samples(batch("lab", "h1/cpu", 3, "util"));
    batch.groupSamplesByEntity();
    assertEquals(List.of("a-lab|h9/cpu@1.0", "lab|h1/cpu@1.0", "lab|h1/cpu@2.0", "lab|h1/cpu@3.0", "lab|h2/cpu@1.0",
        "lab|h2/cpu@2.0"), batch.samples.stream()
            .map(b -> b.testbed() + "|" + b.entity() + "@" + b.points().get(0).ts()).toList());
  }

  /** Per partition, the offset after the highest sample record: records 41 and 40 of samples-2 give 42; merged by the highest. */
  @Test
  void sampleProgressIsTheOffsetAfterTheHighestRecordPerPartition() {
    IngestBatch batch = new IngestBatch();
    batch.sampleRecord("t.samples", 2, 41);
    batch.sampleRecord("t.samples", 2, 40);
    batch.sampleRecord("t.samples", 0, 7);
    IngestBatch later = new IngestBatch();
    later.sampleRecord("t.samples", 0, 6);
    later.sampleRecord("t.samples", 1, 0);
    batch.addAll(later);
    assertEquals(Map.of(new IngestBatch.KafkaPartition("t.samples", 2), 42L, new IngestBatch.KafkaPartition("t.samples", 0), 8L,
        new IngestBatch.KafkaPartition("t.samples", 1), 1L), batch.sampleProgress);
  }
}
