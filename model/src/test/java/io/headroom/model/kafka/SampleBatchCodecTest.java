package io.headroom.model.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SampleBatchCodecTest {
  private static final SampleBatch BATCH = new SampleBatch(new UUID(7, 42), "lab", "h1/disk/nvme0n1", List.of(
      new Point(1795995444.25, "read_iops", 1_500_000.0),
      new Point(1795995444.25, "read_latency_s", 0.000110),
      new Point(1795995445.25, "read_iops", 1_499_999.5)));

  @Test
  void roundTripsEveryFieldExactly() {
    SampleBatch back = SampleBatchCodec.decode(SampleBatchCodec.encode(BATCH));
    assertEquals(BATCH, back);
    assertEquals("lab|h1/disk/nvme0n1", back.key());
  }

  @Test
  void withANameCacheTwoBatchesShareTheirNamesAndDecodeAlike() {
    NameCache names = new NameCache();
    SampleBatch first = SampleBatchCodec.decode(SampleBatchCodec.encode(BATCH), names);
    SampleBatch second = SampleBatchCodec.decode(SampleBatchCodec.encode(BATCH), names);
    assertEquals(BATCH, first);
    assertEquals(BATCH, second);
    assertSame(first.entity(), second.entity());
    assertSame(first.points().get(0).metric(), second.points().get(0).metric());
    assertSame(first.points().get(0).metric(), second.points().get(2).metric()); // read_iops, twice per batch
    assertEquals(4, names.size()); // lab, h1/disk/nvme0n1, read_iops, read_latency_s
  }

  @Test
  void aNameCutShortIsTruncationWithOrWithoutTheCache() {
    byte[] full = SampleBatchCodec.encode(BATCH);
    byte[] cut = Arrays.copyOf(full, 2 + 16 + 2 + 3 + 2 + 5); // the entity's length says 15, 5 bytes follow
    for (NameCache names : new NameCache[] {null, new NameCache()}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SampleBatchCodec.decode(cut, names));
      assertEquals("sample batch truncated at byte " + (2 + 16 + 2 + 3 + 2) + " of " + cut.length, e.getMessage());
    }
  }

  @Test
  void namesEachMetricOnceInTheMessage() {
    // header 2 + id 16 + testbed 2+3 + entity 2+15 + table 2 + (2+9) + (2+14) + count 4 + 3 points x 18
    assertEquals(2 + 16 + 5 + 17 + 2 + 11 + 16 + 4 + 3 * 18, SampleBatchCodec.encode(BATCH).length);
  }

  @Test
  void truncatedMessageSaysWhereItEnds() {
    byte[] full = SampleBatchCodec.encode(BATCH);
    byte[] cut = Arrays.copyOf(full, full.length - 5);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SampleBatchCodec.decode(cut));
    // the last point is 18 bytes: its metric index and time are whole, its value is cut
    assertEquals("sample batch truncated at byte " + (full.length - 8) + " of " + cut.length, e.getMessage());
  }

  @Test
  void foreignMessageIsRejectedByItsMagic() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SampleBatchCodec.decode("{\"type\":\"sample\"}".getBytes()));
    assertEquals("not a Headroom sample batch v1 (magic 0x7b, version 34)", e.getMessage());
  }

  @Test
  void kafkaSerdeIsTheCodecAndPassesNullsThrough() {
    try (SampleBatchSerde.Ser ser = new SampleBatchSerde.Ser(); SampleBatchSerde.De de = new SampleBatchSerde.De()) {
      assertEquals(BATCH, de.deserialize("headroom.samples", ser.serialize("headroom.samples", BATCH)));
      assertEquals(null, ser.serialize("headroom.samples", null));
      assertEquals(null, de.deserialize("headroom.samples", null));
    }
  }

  @Test
  void batchIdsAreDistinctAndCarryTheProcessPrefix() {
    BatchIds ids = new BatchIds(99);
    assertEquals(new UUID(99, 0), ids.next());
    assertEquals(new UUID(99, 1), ids.next());
  }
}
