package io.headroom.collector.declared;

import io.headroom.collector.source.Counters;
import io.headroom.collector.source.Scrape;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A network interface's counters from {@code <sys>/class/net/NAME/statistics}: the declared port
 * gets its traffic from the interface that carries it (a shaped veth end, a bond), while its
 * ceiling comes from the testbed file, since the kernel's speed for such links is not their rate.
 */
final class NetdevMeter implements Meter {
  private static final String[] FILES = {"rx_bytes", "tx_bytes", "rx_errors", "tx_errors", "rx_dropped", "tx_dropped"};
  private final Path dir;
  private final Counters counters = new Counters();

  NetdevMeter(Path sysRoot, String netdev) {
    this.dir = sysRoot.resolve("class/net").resolve(netdev).resolve("statistics");
  }

  @Override
  public void read(Scrape scrape, String entity) {
    long[] now = new long[FILES.length];
    try {
      for (int i = 0; i < FILES.length; i++) {
        now[i] = SysText.readLong(dir.resolve(FILES[i]));
      }
    } catch (IOException e) {
      scrape.problem(entity, "interface counters unreadable: " + e.getMessage());
      return;
    }
    Counters.Delta d = MeterCounters.delta(counters, scrape.ts(), now);
    if (d == null) {
      return;
    }
    scrape.sample(entity, DeclaredMetrics.RX, d.rate(0));
    scrape.sample(entity, DeclaredMetrics.TX, d.rate(1));
    scrape.sample(entity, DeclaredMetrics.ERRORS, d.rate(2) + d.rate(3));
    scrape.sample(entity, DeclaredMetrics.DISCARDS, d.rate(4) + d.rate(5));
  }
}
