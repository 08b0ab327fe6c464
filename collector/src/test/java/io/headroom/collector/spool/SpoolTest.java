package io.headroom.collector.spool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.config.SpoolConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpoolTest {
  @TempDir Path dir;

  private static SpoolRecord record(int i) {
    return new SpoolRecord("t", ("k" + i).getBytes(StandardCharsets.UTF_8), ("value-" + i).getBytes(StandardCharsets.UTF_8));
  }

  private static List<String> values(List<SpoolEntry> entries) {
    return entries.stream().map(e -> new String(e.record().value(), StandardCharsets.UTF_8)).toList();
  }

  @Test
  void handsRecordsOutInOrderAcrossSegmentsUntilAcknowledged() throws Exception {
    try (Spool spool = new Spool(new SpoolConfig(dir, 1 << 20, 4096))) {
      for (int i = 0; i < 500; i++) { // ~15 KB: several 4 KB segments
        spool.append(record(i));
      }
      List<SpoolEntry> first = spool.peek(3);
      assertEquals(List.of("value-0", "value-1", "value-2"), values(first));
      assertEquals(List.of("value-0", "value-1", "value-2"), values(spool.peek(3)), "peek does not consume");
      spool.ack(first.get(2).next());
      List<SpoolEntry> rest = spool.peek(1000);
      assertEquals(497, rest.size());
      assertEquals("value-3", values(rest).get(0));
      assertEquals("value-499", values(rest).get(496));
      spool.ack(rest.get(496).next());
      assertEquals(List.of(), spool.peek(10));
      assertEquals(0, spool.dropped());
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
      assertEquals(100, left.size());
      assertEquals("value-200", values(left).get(0));
      reopened.append(record(300));
      assertEquals("value-300", values(reopened.peek(1000)).get(100));
    }
  }

  @Test
  void whenFullDropsTheOldestSegmentAndCountsWhatWasLost() throws Exception {
    // frames are 8 + (2+1) + (4+4) + (4+9) = 32 bytes ("k100".."k999", "value-100".."value-999")
    try (Spool spool = new Spool(new SpoolConfig(dir, 3 * 4096, 4096))) {
      for (int i = 100; i < 1000; i++) {
        spool.append(record(i));
      }
      List<SpoolEntry> left = spool.peek(10_000);
      // 900 frames of 32 bytes; a segment rolls when it reaches 4096 bytes, i.e. every 128 frames.
      // Kept under 3 x 4096 bytes: two full segments and the 4 newest frames (260); the 5 oldest
      // segments were dropped and counted.
      assertEquals(900, left.size() + spool.dropped());
      assertEquals("value-999", values(left).get(left.size() - 1));
      assertEquals(Integer.parseInt(values(left).get(0).substring(6)) - 100, spool.dropped());
      assertEquals(128 * 5, spool.dropped());
      assertEquals(260, left.size());
    }
  }

  @Test
  void aTornLastFrameIsIgnoredAndTheRestReads() throws Exception {
    SpoolConfig config = new SpoolConfig(dir, 1 << 20, 1 << 16);
    try (Spool spool = new Spool(config)) {
      spool.append(record(1));
      spool.append(record(2));
    }
    Path segment = dir.resolve(String.format("seg-%020d.spool", 0));
    Files.write(segment, new byte[] {0, 0, 0, 50, 1, 2}, StandardOpenOption.APPEND); // a crash mid-write
    try (Spool reopened = new Spool(config)) {
      assertEquals(List.of("value-1", "value-2"), values(reopened.peek(10)));
    }
  }
}
