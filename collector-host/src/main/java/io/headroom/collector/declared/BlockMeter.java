package io.headroom.collector.declared;

import io.headroom.collector.linux.BlockStats;
import io.headroom.collector.source.Counters;
import io.headroom.collector.source.Scrape;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A block device's counters from {@code <sys>/block/NAME/stat}, turned into disk metrics as the
 * host source does ({@link BlockStats}).
 */
final class BlockMeter implements Meter {
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
    Counters.Delta d = MeterCounters.delta(counters, scrape.ts(), BlockStats.pick(now));
    if (d == null) {
      return;
    }
    BlockStats.emit(d, DeclaredMetrics.BLOCK, (metric, value) -> scrape.sample(entity, metric, value));
  }
}
