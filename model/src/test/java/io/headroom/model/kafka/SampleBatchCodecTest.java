package io.headroom.model.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
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
  void aMessageCutInItsPointsIsRefusedByItsPointCount() {
    byte[] full = SampleBatchCodec.encode(BATCH);
    byte[] cut = Arrays.copyOf(full, full.length - 5);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SampleBatchCodec.decode(cut));
    // the count sits after 2 + 16 + 5 + 17 + 2 + 11 + 16 = 69 bytes; after it 127 - 5 - 73 = 49 bytes
    // remain, room for 49 / 18 = 2 of the 3 points it says
    assertEquals("sample batch says 3 points at byte 69, but 49 bytes remain, room for 2 (18 bytes each)",
        e.getMessage());
  }

  /** The record of issue 29: a point count of 2^31-1 in 44 bytes, which once allocated a list for them all. */
  @Test
  void aPointCountPastTheEndIsRefusedBeforeAnythingIsAllocatedForIt() {
    byte[] poison = withPointCount(Integer.MAX_VALUE);
    assertEquals(44, poison.length);
    for (NameCache names : new NameCache[] {null, new NameCache()}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> SampleBatchCodec.decode(poison, names));
      // 2 + 16 + 5 + 8 + 2 + 6 = 39 bytes before the count; 44 - 39 - 4 = 1 byte after it
      assertEquals("sample batch says 2147483647 points at byte 39, but 1 bytes remain, room for 0 (18 bytes each)",
          e.getMessage());
    }
    // 2^32-1 reads as -1 signed: refused the same way, not taken for "no points"
    assertEquals("sample batch says 4294967295 points at byte 39, but 1 bytes remain, room for 0 (18 bytes each)",
        assertThrows(IllegalArgumentException.class, () -> SampleBatchCodec.decode(withPointCount(-1))).getMessage());
  }

  @Test
  void nothingMayFollowTheLastPoint() {
    byte[] oneByteShort = withPointCount(0);
    // the 1 byte after the count of 0 is no point: refused as a trailing byte
    assertEquals("sample batch has 1 bytes after its last point (byte 43 of 44)",
        assertThrows(IllegalArgumentException.class, () -> SampleBatchCodec.decode(oneByteShort)).getMessage());
    byte[] exact = Arrays.copyOf(oneByteShort, oneByteShort.length - 1);
    assertEquals(List.of(), SampleBatchCodec.decode(exact).points());
  }

  @Test
  void aMetricTableLongerThanTheRestIsRefused() {
    byte[] b = SampleBatchCodec.encode(BATCH);
    int tableAt = 2 + 16 + 5 + 17; // the metric count follows id, testbed "lab" and entity "h1/disk/nvme0n1"
    b[tableAt] = (byte) 0xFF;
    b[tableAt + 1] = (byte) 0xFF;
    // 127 - 42 = 85 bytes after the count hold at most 42 names of 2 bytes, not 65535
    assertEquals("sample batch names 65535 metrics at byte 40, but only 85 bytes remain (a name takes at least 2)",
        assertThrows(IllegalArgumentException.class, () -> SampleBatchCodec.decode(b)).getMessage());
  }

  @Test
  void aNameThatIsNotUtf8IsRefusedNotStoredWithAReplacementCharacter() {
    byte[] b = SampleBatchCodec.encode(BATCH);
    int entityAt = 2 + 16 + 5 + 2; // the entity's bytes, after its length
    b[entityAt + 1] = (byte) 0xFF; // "h1/..." becomes "h\xFF/...": 0xFF is never UTF-8
    for (NameCache names : new NameCache[] {null, new NameCache()}) {
      assertEquals("sample batch's entity (15 bytes at byte 25): not UTF-8: byte 0xFF at byte 2 of 15",
          assertThrows(IllegalArgumentException.class, () -> SampleBatchCodec.decode(b, names)).getMessage());
    }
  }

  @Test
  void aRealReplacementCharacterIsKept() {
    SampleBatch batch = new SampleBatch(new UUID(1, 2), "lab", "h1/\uFFFD", List.of(new Point(1.0, "util", 0.5)));
    assertEquals(batch, SampleBatchCodec.decode(SampleBatchCodec.encode(batch), new NameCache()));
  }

  @Test
  void aTestbedWithABarIsRefusedNotFiledUnderAnotherTestbedAndEntity() {
    // key "x|relb|zz" would be read back as testbed "x", entity "relb|zz"
    byte[] b = SampleBatchCodec.encode(new SampleBatch(new UUID(1, 2), "x|relb", "zz", List.of(new Point(1.0, "util", 0.5))));
    assertEquals("sample batch's testbed \"x|relb\": must not contain '|' (it separates key parts on Kafka)",
        assertThrows(IllegalArgumentException.class, () -> SampleBatchCodec.decode(b)).getMessage());
    byte[] blank = SampleBatchCodec.encode(new SampleBatch(new UUID(1, 2), "", "zz", List.of()));
    assertEquals("sample batch's testbed \"\": must name the testbed",
        assertThrows(IllegalArgumentException.class, () -> SampleBatchCodec.decode(blank)).getMessage());
  }

  /** A batch of testbed "lab", entity "h1/cpu", one metric "util", then {@code count} and one stray byte. */
  static byte[] withPointCount(int count) {
    byte[] empty = SampleBatchCodec.encode(new SampleBatch(new UUID(7, 42), "lab", "h1/cpu",
        List.of(new Point(1.0, "util", 0.5))));
    // 2 + 16 + (2 + 3) + (2 + 6) + 2 + (2 + 4) = 39 bytes, then the count (4), then 18 for the point
    ByteBuffer b = ByteBuffer.allocate(39 + 4 + 1);
    b.put(empty, 0, 39).putInt(count).put((byte) 0);
    return b.array();
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
