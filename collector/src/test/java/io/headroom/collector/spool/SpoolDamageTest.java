package io.headroom.collector.spool;

import static io.headroom.collector.spool.SpoolTest.FRAME;
import static io.headroom.collector.spool.SpoolTest.record;
import static io.headroom.collector.spool.SpoolTest.values;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.config.SpoolConfig;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.event.Level;

/**
 * Torn and corrupt frames: skipped, logged with segment and offset, counted once the cursor passes
 * them (the count surviving a restart), and the records after them still handed out.
 */
class SpoolDamageTest {
  @TempDir Path dir;
  private final RecordedLog log = new RecordedLog();

  private Spool open(SpoolConfig config) throws IOException {
    return new Spool(config, log.logger, System::nanoTime);
  }

  private Path segment(long index, String suffix) {
    return dir.resolve(String.format("seg-%020d", index) + suffix);
  }

  /** Flips the lowest bit of one byte of a file. */
  private static void flip(Path file, long at) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(at);
      int b = f.read();
      f.seek(at);
      f.write(b ^ 0x01);
    }
  }

  private static void appendFrames(Spool spool, int from, int to) {
    for (int i = from; i < to; i++) {
      spool.append(record(i));
    }
  }

  @ParameterizedTest(name = "byte {0} of the frame damaged")
  @ValueSource(ints = {0, 7, 9, 30}) // the marker, the length's lowest byte (24 becomes 25, which fits), the CRC, the payload
  void aCorruptFrameInTheMiddleIsSkippedLoggedAndCountedOnceAndTheRestIsSent(int damaged) throws Exception {
    SpoolConfig config = new SpoolConfig(dir, 1 << 20, 1 << 16);
    try (Spool spool = open(config)) {
      appendFrames(spool, 100, 105);
    }
    flip(segment(0, ".v2.spool"), 2 * FRAME + damaged); // the third frame, value-102, at offset 72
    try (Spool spool = open(config)) {
      List<SpoolEntry> entries = spool.peek(10);
      assertEquals(List.of("value-100", "value-101", "value-103", "value-104"), values(entries));
      assertEquals(values(entries), values(spool.peek(10)));
      assertEquals(List.of("spool segment " + segment(0, ".v2.spool") + ": torn or corrupt frame at offset 72: "
          + "skipped 36 bytes to the next intact frame at offset 108"), log.lines(Level.WARN), "logged once");
      assertEquals(0, spool.corruptFrames(), "counted when the cursor passes it");
      spool.ack(entries.get(1).next());
      assertEquals(0, spool.corruptFrames(), "the cursor stands at the bad frame, not past it");
      spool.ack(entries.get(3).next());
      assertEquals(1, spool.corruptFrames());
    }
    try (Spool spool = open(config)) {
      assertEquals(1, spool.corruptFrames(), "the total survives a restart");
      assertEquals(List.of(), spool.peek(10));
    }
  }

  @Test
  void aWriteTornByACrashIsSkippedOnceRecordsFollowIt() throws Exception {
    SpoolConfig config = new SpoolConfig(dir, 1 << 20, 1 << 16);
    try (Spool spool = open(config)) {
      appendFrames(spool, 100, 102);
    }
    byte[] torn = Arrays.copyOf(FrameFormat.frame(record(999).encode()), 20); // 20 of its 36 bytes reached the disk
    Files.write(segment(0, ".v2.spool"), torn, StandardOpenOption.APPEND);
    try (Spool spool = open(config)) {
      assertEquals(List.of("value-100", "value-101"), values(spool.peek(10)));
      assertEquals(List.of(), log.lines(Level.WARN), "nothing follows the torn write yet");
      spool.append(record(102)); // lands after the torn bytes: at 2 x 36 + 20 = 92
      List<SpoolEntry> entries = spool.peek(10);
      assertEquals(List.of("value-100", "value-101", "value-102"), values(entries));
      assertEquals(List.of("spool segment " + segment(0, ".v2.spool") + ": torn or corrupt frame at offset 72: "
          + "skipped 20 bytes to the next intact frame at offset 92"), log.lines(Level.WARN));
      spool.ack(entries.get(2).next());
      assertEquals(1, spool.corruptFrames());
    }
  }

  @Test
  void damageAtTheEndOfASegmentSkipsToTheNextSegment() throws Exception {
    SpoolConfig config = new SpoolConfig(dir, 1 << 20, 4096);
    try (Spool spool = open(config)) {
      appendFrames(spool, 100, 215); // 114 frames fill segment 0 (value-100 .. value-213), value-214 in segment 1
    }
    flip(segment(0, ".v2.spool"), 113 * FRAME + 30); // the payload of value-213, the last frame of segment 0
    try (Spool spool = open(config)) {
      List<SpoolEntry> entries = spool.peek(1000);
      List<String> expected = new ArrayList<>(SpoolTest.values(100, 213));
      expected.add("value-214");
      assertEquals(expected, values(entries));
      assertEquals(List.of("spool segment " + segment(0, ".v2.spool") + ": torn or corrupt frame at offset 4068: "
          + "skipped 36 bytes to the end of the segment"), log.lines(Level.WARN)); // 113 x 36 = 4068
      spool.ack(entries.get(entries.size() - 1).next());
      assertEquals(1, spool.corruptFrames());
    }
  }

  @Test
  void aFullSpoolDroppingASegmentCountsItsIntactRecordsAsDroppedAndItsGapsAsCorrupt() throws Exception {
    SpoolConfig config = new SpoolConfig(dir, 3 * 4096, 4096);
    try (Spool spool = open(config)) {
      appendFrames(spool, 100, 214); // segment 0: 114 frames
    }
    flip(segment(0, ".v2.spool"), 10 * FRAME + 30); // value-110, at offset 360
    try (Spool spool = open(config)) {
      appendFrames(spool, 214, 442); // two more full segments: the third overflows and segment 0 goes, unsent
      assertEquals(113, spool.dropped()); // 114 frames, one of them not intact
      assertEquals(1, spool.corruptFrames());
      assertEquals(List.of(
          "spool segment " + segment(0, ".v2.spool") + ": torn or corrupt frame at offset 360: "
              + "skipped 36 bytes to the next intact frame at offset 396",
          "spool " + dir + " is full (12288 bytes): dropped the 113 oldest unsent records (113 dropped in all)"),
          log.lines(Level.WARN));
    }
  }

  /**
   * A spool written by an earlier version: V1 frames (int length, int CRC-32 of the payload,
   * payload) in seg-N.spool and a 16-byte cursor (segment, offset). Written here byte by byte
   * from that layout, not by the code under test.
   */
  @Test
  void segmentsOfTheEarlierFormatAreStillReadResyncedAndRemovedOnceSent() throws Exception {
    Path v1 = segment(0, ".spool");
    try (var out = Files.newOutputStream(v1)) {
      for (int i = 100; i < 103; i++) {
        byte[] payload = record(i).encode();
        CRC32 crc = new CRC32();
        crc.update(payload);
        out.write(ByteBuffer.allocate(8 + payload.length).putInt(payload.length).putInt((int) crc.getValue()).put(payload).array());
      }
    }
    Files.write(dir.resolve("cursor"), ByteBuffer.allocate(16).putLong(0).putLong(0).array());
    flip(v1, 32 + 8 + 20); // V1 frames are 8 + 24 = 32 bytes: the payload of value-101
    try (Spool spool = open(new SpoolConfig(dir, 1 << 20, 1 << 16))) {
      assertEquals(List.of("spool " + dir + ": 1 segment(s) written by an earlier version are read as before and removed "
          + "once sent; new records go to seg-00000000000000000001.v2.spool",
          "spool cursor " + dir.resolve("cursor") + " is in the format of an earlier version: kept; its dropped and "
              + "corrupt-frame totals start at zero"), log.lines(Level.INFO));
      spool.append(record(103));
      List<SpoolEntry> entries = spool.peek(10);
      assertEquals(List.of("value-100", "value-102", "value-103"), values(entries));
      assertEquals(List.of("spool segment " + v1 + ": torn or corrupt frame at offset 32: "
          + "skipped 32 bytes to the next intact frame at offset 64"), log.lines(Level.WARN));
      spool.ack(entries.get(2).next());
      assertEquals(1, spool.corruptFrames());
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of("cursor", "seg-00000000000000000001.v2.spool"),
          files.map(p -> p.getFileName().toString()).sorted().toList());
    }
  }

  @Test
  void aDamagedCursorIsSaidAndReadingStartsFromTheOldestSegment() throws Exception {
    SpoolConfig config = new SpoolConfig(dir, 1 << 20, 1 << 16);
    try (Spool spool = open(config)) {
      appendFrames(spool, 100, 103);
      spool.ack(spool.peek(1).get(0).next());
    }
    flip(dir.resolve("cursor"), 12); // inside the offset: the cursor's CRC no longer matches
    try (Spool spool = open(config)) {
      assertEquals(List.of("spool cursor " + dir.resolve("cursor") + " is damaged (40 bytes): resending from the oldest "
          + "segment; the dropped and corrupt-frame totals start at zero"), log.lines(Level.WARN));
      assertEquals(List.of("value-100", "value-101", "value-102"), values(spool.peek(10)));
    }
  }
}
