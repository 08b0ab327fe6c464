package io.headroom.collector.host;

import io.headroom.collector.source.Discovery;

/** The entry point of {@code headroom discover}: the host's topology, ceilings and degradations. */
public final class HostDiscovery {
  private HostDiscovery() {}

  public static Discovery discover(HostSourceConfig config, String host) {
    return new HostSource(host, null, config).discover();
  }
}
