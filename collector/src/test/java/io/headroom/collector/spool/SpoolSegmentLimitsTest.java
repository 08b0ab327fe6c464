package io.headroom.collector.spool;

import static io.headroom.collector.spool.SpoolTest.FRAME;
import static io.headroom.collector.spool.SpoolTest.record;
import static io.headroom.collector.spool.SpoolTest.values;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.config.SpoolConfig;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.event.Level;

/**
 * The spool's size limits at their boundaries, with records of {@link SpoolTest#FRAME} = 36 bytes:
 * a segment is closed when it reaches its size exactly, the spool drops nothing while exactly at
 * its limit, and never drops the segment being written; and where reading resumes when the cursor
 * names a segment that is gone. Frame counts and byte sizes are worked out beside each step.
 */
class SpoolSegmentLimitsTest {
  @TempDir Path dir;
  private final RecordedLog log = new RecordedLog();

  private Spool open(long maxBytes, long segmentBytes) throws IOException {
    return new Spool(new SpoolConfig(dir, maxBytes, segmentBytes), log.logger, System::nanoTime);
  }

  private long segmentFiles() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".v2.spool")).count();
    }
  }

  private static void append(Spool spool, int from, int to) {
    for (int i = from; i < to; i++) {
      spool.append(record(i));
    }
  }

  @Test
  void aSegmentThatReachesItsSizeExactlyIsClosedAndTheNextOpened() throws Exception {
    try (Spool spool = open(1 << 20, 2 * FRAME)) { // 72-byte segments
      spool.append(record(100));
      assertEquals(1, segmentFiles(), "36 of 72 bytes: still open");
      spool.append(record(101));
      assertEquals(2, segmentFiles(), "72 of 72 bytes: closed, the next one opened");
      assertEquals(List.of("value-100", "value-101"), values(spool.peek(10)));
    }
  }

  @Test
  void aSpoolExactlyAtItsLimitDropsNothingAndOneFrameMoreDropsTheOldestSegment() throws Exception {
    try (Spool spool = open(4 * FRAME, 2 * FRAME)) { // 144 bytes in 72-byte segments
      append(spool, 100, 104); // segments 0 and 1 full (2 x 72 = 144 bytes = the limit), segment 2 empty
      assertEquals(4 * FRAME, spool.bytesOnDisk());
      assertEquals(0, spool.dropped());
      assertEquals(SpoolTest.values(100, 104), values(spool.peek(10)));
      spool.append(record(104)); // 144 + 36 = 180 > 144: segment 0 goes with its 2 unsent records
      assertEquals(2, spool.dropped());
      assertEquals(3 * FRAME, spool.bytesOnDisk()); // 180 - 72
      assertEquals(SpoolTest.values(102, 105), values(spool.peek(10)));
    }
  }

  @Test
  void aLimitBelowOneSegmentNeverDropsTheSegmentBeingWritten() throws Exception {
    try (Spool spool = open(100, 4096)) {
      append(spool, 100, 103); // 108 bytes > 100, but all in the one open segment
      assertEquals(0, spool.dropped());
      assertEquals(3 * FRAME, spool.bytesOnDisk());
      assertEquals(SpoolTest.values(100, 103), values(spool.peek(10)));
      spool.append(record(103)); // still one segment, and still writable
      assertEquals(SpoolTest.values(100, 104), values(spool.peek(10)));
    }
  }

  @Test
  void aCorruptFramePassedInTwoAcknowledgementsIsCountedOnce() throws Exception {
    try (Spool spool = open(1 << 20, 4096)) {
      append(spool, 100, 110);
    }
    flip(dir.resolve(String.format("seg-%020d", 0) + ".v2.spool"), 3 * FRAME + 30); // value-103's payload
    try (Spool spool = open(1 << 20, 4096)) {
      List<SpoolEntry> entries = spool.peek(100);
      assertEquals(List.of("value-100", "value-101", "value-102", "value-104", "value-105", "value-106",
          "value-107", "value-108", "value-109"), values(entries));
      spool.ack(entries.get(3).next()); // past value-104, so past the damaged value-103
      assertEquals(1, spool.corruptFrames());
      spool.ack(entries.get(8).next());
      assertEquals(1, spool.corruptFrames(), "the gap was counted when first passed, not again");
      spool.ack(entries.get(8).next()); // the same position again changes nothing
      assertEquals(1, spool.corruptFrames());
      assertEquals(List.of(), spool.peek(10));
    }
  }

  @Test
  void aGapTheReaderSawInASegmentDroppedUnsentIsCountedOnce() throws Exception {
    try (Spool spool = open(8 * FRAME, 4 * FRAME)) { // 288 bytes in 144-byte segments
      append(spool, 100, 104); // segment 0 full: 100..103
    }
    flip(dir.resolve(String.format("seg-%020d", 0) + ".v2.spool"), FRAME + 30); // value-101's payload
    try (Spool spool = open(8 * FRAME, 4 * FRAME)) {
      assertEquals(List.of("value-100", "value-102", "value-103"), values(spool.peek(10))); // the gap is seen
      assertEquals(0, spool.corruptFrames(), "not passed yet");
      append(spool, 104, 109); // segment 1: 104..107 (144 + 144 = 288, the limit); 108 makes 324 > 288
      assertEquals(3, spool.dropped(), "segment 0's intact unsent frames: 100, 102, 103");
      assertEquals(1, spool.corruptFrames(), "its gap");
      List<SpoolEntry> rest = spool.peek(100);
      assertEquals(SpoolTest.values(104, 109), values(rest));
      spool.ack(rest.get(rest.size() - 1).next());
      assertEquals(1, spool.corruptFrames(), "the dropped segment's gap is not counted again when the cursor moves on");
      assertEquals(3, spool.dropped());
    }
  }

  @Test
  void aCursorPastEverySegmentStartsAgainFromTheOldest() throws Exception {
    try (Spool spool = open(1 << 20, 2 * FRAME)) {
      append(spool, 100, 104); // segments 0, 1 full, 2 empty
    }
    CursorFile.write(dir, new SpoolState(new SpoolPosition(7, 0), 0, 0)); // a cursor of segments long gone
    try (Spool spool = open(1 << 20, 2 * FRAME)) {
      assertEquals(SpoolTest.values(100, 104), values(spool.peek(10)));
    }
  }

  @Test
  void aCursorInAMissingSegmentResumesAtTheStartOfTheNextOne() throws Exception {
    try (Spool spool = open(1 << 20, 2 * FRAME)) {
      append(spool, 100, 106); // segments 0 (100, 101), 1 (102, 103), 2 (104, 105), 3 empty
    }
    CursorFile.write(dir, new SpoolState(new SpoolPosition(1, FRAME), 0, 0)); // in segment 1, after 102
    Files.delete(dir.resolve(String.format("seg-%020d", 1) + ".v2.spool"));
    try (Spool spool = open(1 << 20, 2 * FRAME)) {
      assertEquals(List.of("value-104", "value-105"), values(spool.peek(10)), "not segment 0, not from segment 2's middle");
    }
  }

  @Test
  void aSpoolWithOnlyCurrentSegmentsSaysNothingOfEarlierFormats() throws Exception {
    try (Spool spool = open(1 << 20, 4096)) {
      spool.append(record(100));
    }
    try (Spool spool = open(1 << 20, 4096)) {
      assertEquals(List.of("value-100"), values(spool.peek(10)));
    }
    assertEquals(List.of(), log.lines(Level.INFO));
  }

  private static void flip(Path file, long at) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(at);
      int b = f.read();
      f.seek(at);
      f.write(b ^ 0x01);
    }
  }
}
