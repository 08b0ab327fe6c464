package io.headroom.collector.host;

import io.headroom.collector.source.Scrape;
import io.headroom.model.MetricDef;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** What one scrape's collectors share: where to read, where to write, the topology. */
final class HostContext {
  final String host;
  final HostSourceConfig config;
  final Scrape scrape;
  final SysFiles files;
  final Topology topology;
  /** Bytes/s per PCI address crossing it {device-to-host, host-to-device}, from disks and ports. */
  final Map<String, double[]> pciTraffic = new HashMap<>();

  HostContext(String host, HostSourceConfig config, Scrape scrape, Topology topology) {
    this.host = host;
    this.config = config;
    this.scrape = scrape;
    this.files = new SysFiles(scrape);
    this.topology = topology;
  }

  Path proc(String relative) {
    return config.procRoot().resolve(relative);
  }

  Path sys(String relative) {
    return config.sysRoot().resolve(relative);
  }

  String id(String suffix) {
    return host + "/" + suffix;
  }

  void sample(String entity, MetricDef metric, double value) {
    scrape.sample(entity, metric, value);
  }

  /** Attributes the traffic of a disk or port to the PCI link it sits behind. */
  void addPciTraffic(String entityId, double toHost, double fromHost) {
    String address = topology.pciOf.get(entityId);
    if (address != null) {
      double[] t = pciTraffic.computeIfAbsent(address, a -> new double[2]);
      t[0] += toHost;
      t[1] += fromHost;
    }
  }
}
