package io.headroom.collector.host;

import io.headroom.collector.source.Scrape;
import java.util.ArrayList;

/** The entry point of {@code headroom discover}: the host's topology, ceilings and degradations. */
public final class HostDiscovery {
  private HostDiscovery() {}

  public static Discovery discover(HostSourceConfig config, String host) {
    Scrape scrape = new Scrape(System.currentTimeMillis() / 1000.0);
    Topology t = new HostSource(host, null, config).discover(scrape);
    return new Discovery(
        new ArrayList<>(t.entities.values()), t.relations, t.degraded, scrape.problems());
  }
}
