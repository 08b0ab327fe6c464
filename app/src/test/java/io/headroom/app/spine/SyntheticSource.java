package io.headroom.app.spine;

import io.headroom.collector.host.HostMetrics;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Rel;
import java.time.Duration;
import java.util.Map;

/**
 * A source with known output: scrape n reports disk d0 read_iops = 100 n and write_iops = n, and
 * disk d1 util = n / 1000. Tests check the database holds exactly these numbers.
 */
final class SyntheticSource implements Source {
  static final String D0 = "t1/disk/d0";
  static final String D1 = "t1/disk/d1";
  private int n;

  @Override
  public String name() {
    return "synthetic";
  }

  @Override
  public Duration interval() {
    return Duration.ofSeconds(1);
  }

  @Override
  public void scrape(Scrape scrape) {
    n++;
    scrape.entity(new Entity(D0, EntityKind.DISK, "d0", Map.of("model", "test"), Map.of("iops", 1_000_000.0)));
    scrape.entity(new Entity(D1, EntityKind.DISK, "d1", Map.of(), Map.of()));
    scrape.relation(D0, Rel.BEHIND, "t1/pcie/0000:01:00.0");
    scrape.sample(D0, HostMetrics.READ_IOPS, 100.0 * n);
    scrape.sample(D0, HostMetrics.WRITE_IOPS, n);
    scrape.sample(D1, HostMetrics.UTIL, n / 1000.0);
  }
}
