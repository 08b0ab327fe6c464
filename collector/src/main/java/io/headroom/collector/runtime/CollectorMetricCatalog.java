package io.headroom.collector.runtime;

import io.headroom.collector.source.MetricCatalog;
import io.headroom.model.MetricDef;
import java.util.List;

/** The collector's own health metrics, documented in docs/metrics/collector.md. */
public final class CollectorMetricCatalog implements MetricCatalog {
  @Override
  public String type() {
    return "collector";
  }

  @Override
  public List<MetricDef> metrics() {
    return CollectorMetrics.ALL;
  }
}
