package io.headroom.collector.host;

import io.headroom.model.MetricDef;
import java.util.List;

/** The host source's metrics, declared once (docs/metrics/host.md is checked against this). */
public final class HostMetrics {
  public static final MetricDef UTIL = new MetricDef(
      "util", "fraction", "gauge", "host_cpu",
      "Share of CPU time not idle and not waiting for I/O, over all CPUs, since the previous scrape.");

  public static final List<MetricDef> ALL = List.of(UTIL);

  private HostMetrics() {}
}
