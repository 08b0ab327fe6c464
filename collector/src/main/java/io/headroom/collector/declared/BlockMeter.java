package io.headroom.collector.declared;

import io.headroom.collector.source.Counters;
import io.headroom.collector.source.Scrape;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A block device's counters from {@code <sys>/block/NAME/stat} (the kernel's
 * Documentation/block/stat.rst: reads, merges, sectors, ms reading, writes, ..., in flight,
 * ms busy, weighted ms). Sectors are 512 bytes whatever the device's block size.
 */
final class BlockMeter implements Meter {
  private static final int READS = 0;
  private static final int RSECT = 2;
  private static final int RMS = 3;
  private static final int WRITES = 4;
  private static final int WSECT = 6;
  private static final int WMS = 7;
  private static final int BUSY_MS = 9;
  private static final int WEIGHTED_MS = 10;
  private final Path stat;
  private final Counters counters = new Counters();

  BlockMeter(Path sysRoot, String blockdev) {
    this.stat = sysRoot.resolve("block").resolve(blockdev).resolve("stat");
  }

  @Override
  public void read(Scrape scrape, String entity) {
    long[] now;
    try {
      now = SysText.fields(stat, 11);
    } catch (IOException e) {
      scrape.problem(entity, "block device counters unreadable: " + e.getMessage());
      return;
    }
    now[8] = 0; // in flight is a level, not a counter
    Counters.Delta d = MeterCounters.delta(counters, scrape.ts(), now);
    if (d == null) {
      return;
    }
    scrape.sample(entity, "read_iops", d.rate(READS));
    scrape.sample(entity, "write_iops", d.rate(WRITES));
    scrape.sample(entity, "read_bytes_per_s", d.rate(RSECT) * 512);
    scrape.sample(entity, "write_bytes_per_s", d.rate(WSECT) * 512);
    // ms spent per I/O completed in the interval; NaN (dropped) when none completed
    scrape.sample(entity, "read_latency_s", d.ratio(RMS, READS) / 1000);
    scrape.sample(entity, "write_latency_s", d.ratio(WMS, WRITES) / 1000);
    scrape.sample(entity, "queue_depth", d.rate(WEIGHTED_MS) / 1000);
    scrape.sample(entity, "util", Math.min(1.0, d.rate(BUSY_MS) / 1000));
  }
}
