package io.headroom.collector.spool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.config.SpoolConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.event.Level;

class SpoolTest {
  @TempDir Path dir;

  /** A record of value "value-i"; for i of three digits its V2 frame is 36 bytes (see {@link #FRAME}). */
  static SpoolRecord record(int i) {
    return new SpoolRecord("t", ("k" + i).getBytes(StandardCharsets.UTF_8), ("value-" + i).getBytes(StandardCharsets.UTF_8));
  }

  /** 12-byte header + payload (2+1 topic "t") + (4+4 key "k100") + (4+9 value "value-100") = 12 + 24. */
  static final int FRAME = 36;

  static List<String> values(List<SpoolEntry> entries) {
    return entries.stream().map(e -> new String(e.record().value(), StandardCharsets.UTF_8)).toList();
  }

  static List<String> values(int from, int to) {
    List<String> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      out.add("value-" + i);
    }
    return out;
  }

  @Test
  void handsRecordsOutInOrderAcrossSegmentsUntilAcknowledged() throws Exception {
    try (Spool spool = new Spool(new SpoolConfig(dir, 1 << 20, 4096))) {
      for (int i = 0; i < 500; i++) { // ~17 KB: several 4 KB segments
        spool.append(record(i));
      }
      List<SpoolEntry> first = spool.peek(3);
      assertEquals(List.of("value-0", "value-1", "value-2"), values(first));
      assertEquals(List.of("value-0", "value-1", "value-2"), values(spool.peek(3)), "peek does not consume");
      spool.ack(first.get(2).next());
      List<SpoolEntry> rest = spool.peek(1000);
      assertEquals(values(3, 500), values(rest));
      spool.ack(rest.get(496).next());
      assertEquals(List.of(), spool.peek(10));
      assertEquals(0, spool.dropped());
      assertEquals(0, spool.corruptFrames());
    }
  }

  @Test
  void survivesARestartWithWhatWasNotAcknowledged() throws Exception {
    SpoolConfig config = new SpoolConfig(dir, 1 << 20, 4096);
    try (Spool spool = new Spool(config)) {
      for (int i = 0; i < 300; i++) {
        spool.append(record(i));
      }
      spool.ack(spool.peek(200).get(199).next());
    }
    try (Spool reopened = new Spool(config)) {
      List<SpoolEntry> left = reopened.peek(1000);
      assertEquals(values(200, 300), values(left));
      reopened.append(record(300));
      assertEquals("value-300", values(reopened.peek(1000)).get(100));
    }
  }

  @Test
  void whenFullDropsTheOldestSegmentAndCountsWhatWasLost() throws Exception {
    try (Spool spool = new Spool(new SpoolConfig(dir, 3 * 4096, 4096))) {
      for (int i = 100; i < 1000; i++) {
        spool.append(record(i));
      }
      // 900 frames of 36 bytes; a segment rolls when it reaches 4096 bytes: after 114 frames
      // (113 x 36 = 4068, 114 x 36 = 4104). Three full segments (12312 bytes) pass the bound of
      // 12288, so the oldest goes when a third fills. 900 = 7 x 114 + 102: kept are two full
      // segments and the 102 newest frames (11880 bytes), 330 in all; 5 x 114 = 570 dropped.
      assertEquals(570, spool.dropped());
      assertEquals(values(670, 1000), values(spool.peek(10_000)));
      assertEquals(330 * FRAME, spool.bytesOnDisk());
    }
  }

  @Test
  void dropsAreCountedFromTheCursorWhenPartOfTheOldestSegmentWasSentAndTheTotalSurvivesARestart() throws Exception {
    SpoolConfig config = new SpoolConfig(dir, 3 * 4096, 4096);
    try (Spool spool = new Spool(config)) {
      for (int i = 100; i < 214; i++) { // 114 frames: segment 0 full
        spool.append(record(i));
      }
      spool.ack(spool.peek(50).get(49).next()); // value-100 .. value-149 reached Kafka
      for (int i = 214; i < 442; i++) { // two more full segments: the third overflows, segment 0 goes
        spool.append(record(i));
      }
      // segment 0 held 114 records, 50 of them sent: 64 dropped unsent, not 114
      assertEquals(64, spool.dropped());
      assertEquals(values(214, 442), values(spool.peek(1000)));
    }
    try (Spool reopened = new Spool(config)) {
      assertEquals(64, reopened.dropped());
      for (int i = 442; i < 556; i++) { // a fourth full segment: segment 1 goes, all 114 unsent
        reopened.append(record(i));
      }
      assertEquals(64 + 114, reopened.dropped());
    }
  }

  @Test
  void whileTheBrokerIsAwayTheDropWarningIsLoggedOncePerMinuteWithHowManyWereHeldBack() throws Exception {
    RecordedLog log = new RecordedLog();
    AtomicLong now = new AtomicLong();
    try (Spool spool = new Spool(new SpoolConfig(dir, 3 * 4096, 4096), log.logger, now::get)) {
      // Nothing is acknowledged (no broker). Each round fills one segment of 114 frames, 0.4 s
      // apart; from round 3 on, the third full segment overflows the bound and the oldest goes:
      // round r (at (r - 1) x 0.4 s) drops segment r - 3, 114 records.
      for (int round = 1; round <= 200; round++) {
        for (int i = 0; i < 114; i++) {
          spool.append(record(100 + i));
        }
        now.addAndGet(Duration.ofMillis(400).toNanos());
      }
      // 198 drops (rounds 3 .. 200) of 114: 22572; 200 x 114 - 22572 = 228 (two segments) kept
      assertEquals(198 * 114, spool.dropped());
      // logged at round 3 (0.8 s) and round 153 (60.8 s, a minute later; the 149 drops of rounds
      // 4 .. 152 held back); by then 151 drops, 17214 records; round 303 would be next
      assertEquals(List.of(
          "spool " + dir + " is full (12288 bytes): dropped the 114 oldest unsent records (114 dropped in all)",
          "spool " + dir + " is full (12288 bytes): dropped the 114 oldest unsent records (17214 dropped in all)"
              + " (149 more like this since the last one logged)"), log.lines(Level.WARN));
    }
  }
}
