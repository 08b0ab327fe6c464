package io.headroom.collector.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.config.SpoolConfig;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.spool.Spool;
import io.headroom.collector.spool.SpoolRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpoolSourceTest {
  @TempDir Path dir;

  @Test
  void reportsBytesWaitingAndRecordsDropped() throws Exception {
    try (Spool spool = new Spool(new SpoolConfig(dir, 2 * 4096, 4096))) {
      for (int i = 0; i < 300; i++) { // 300 frames of 12 + (2+1) + (4+0) + (4+20) = 43 bytes
        spool.append(new SpoolRecord("t", new byte[0], new byte[20]));
      }
      Scrape s = new ScrapeRunner("h1", new SpoolSource("h1", spool, () -> 2), () -> 5.0).scrapeOnce();
      List<Scrape.Reading> r = s.readings().get("h1/collector/spool");
      // a segment rolls at 4096 bytes: after 96 frames (95 x 43 = 4085, 96 x 43 = 4128). One full
      // segment and 95 frames (8213 bytes) pass the bound of 8192, so a full segment goes whenever
      // the next holds 95: segments 0 and 1 went (2 x 96 = 192 unsent records); 300 = 3 x 96 + 12
      // leaves segment 2 (96) and the 12 newest frames
      assertEquals(new Scrape.Reading(5.0, "spool_bytes", (96 + 12) * 43), r.get(0));
      assertEquals(new Scrape.Reading(5.0, "spool_dropped_records", 192), r.get(1));
      assertEquals(new Scrape.Reading(5.0, "spool_corrupt_frames", 0), r.get(2));
      assertEquals(new Scrape.Reading(5.0, "spool_refused_by_kafka", 2), r.get(3)); // what the publisher counted
    }
  }
}
