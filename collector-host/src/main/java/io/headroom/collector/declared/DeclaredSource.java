package io.headroom.collector.declared;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Relation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What the testbed file declares: entities with ceilings the hardware cannot tell (a shaped
 * link's rate, a disk's spec, a host that is a cgroup), the relations between them and the
 * discovered ones, each entity measured from the kernel object named for it. The topology is sent
 * every scrape: it is a handful of records, and a restarted analyzer then never lacks it.
 */
final class DeclaredSource implements Source {
  private final DeclaredSourceConfig config;
  private final Duration interval;
  private final List<Meter> meters = new ArrayList<>();

  DeclaredSource(DeclaredSourceConfig config, Duration interval, int hostCpus) {
    this.config = config;
    this.interval = interval;
    for (DeclaredEntity e : config.entities()) {
      meters.add(meterFor(e, hostCpus));
    }
  }

  private Meter meterFor(DeclaredEntity e, int hostCpus) {
    if (e.cgroup() != null) {
      return new CgroupCpuMeter(config.sysRoot(), e.cgroup(), hostCpus);
    }
    if (e.netdev() != null) {
      return new NetdevMeter(config.sysRoot(), e.netdev());
    }
    if (e.blockdev() != null) {
      return new BlockMeter(config.sysRoot(), e.blockdev());
    }
    return (scrape, entity) -> { }; // declared only: its readings come from elsewhere, or none
  }

  @Override
  public String name() {
    return DeclaredSourceFactory.TYPE;
  }

  @Override
  public Duration interval() {
    return interval;
  }

  @Override
  public void scrape(Scrape scrape) {
    for (int i = 0; i < meters.size(); i++) {
      DeclaredEntity e = config.entities().get(i);
      scrape.entity(e.entity());
      meters.get(i).read(scrape, e.entity().id());
    }
    for (Relation r : config.relations()) {
      scrape.relation(r);
    }
  }
}
