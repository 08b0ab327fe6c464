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
      for (int i = 0; i < 300; i++) { // 300 frames of 8 + (2+1) + (4+0) + (4+20) = 39 bytes
        spool.append(new SpoolRecord("t", new byte[0], new byte[20]));
      }
      Scrape s = new ScrapeRunner("h1", new SpoolSource("h1", spool), () -> 5.0).scrapeOnce();
      List<Scrape.Reading> r = s.readings().get("h1/collector/spool");
      assertEquals(new Scrape.Reading(5.0, "spool_bytes", spool.bytesOnDisk()), r.get(0));
      // a segment rolls at 4096 bytes = 106 frames; kept under 8192: one full segment and the
      // 300 - 2 x 106 = 88 newest frames; the oldest segment (106 frames) was dropped
      assertEquals(new Scrape.Reading(5.0, "spool_dropped_records", 106), r.get(1));
      assertEquals((106 + 88) * 39, (long) r.get(0).value());
    }
  }
}
