package io.headroom.collector.prometheus;

import io.headroom.collector.source.MetricCatalog;
import io.headroom.model.MetricDef;
import java.util.List;

/** What {@code headroom import prometheus} reads through its mapping files, documented in docs/metrics/prometheus.md. */
public final class PrometheusMetricCatalog implements MetricCatalog {
  @Override
  public String type() {
    return "prometheus";
  }

  @Override
  public List<MetricDef> metrics() {
    return PrometheusMetrics.ALL;
  }
}
