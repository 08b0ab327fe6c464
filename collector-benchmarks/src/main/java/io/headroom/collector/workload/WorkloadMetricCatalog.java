package io.headroom.collector.workload;

import io.headroom.collector.source.MetricCatalog;
import io.headroom.model.MetricDef;
import java.util.List;

/** The benchmark source's metrics (fio and vdbench), documented in docs/metrics/fio.md. */
public final class WorkloadMetricCatalog implements MetricCatalog {
  @Override
  public String type() {
    return "fio";
  }

  @Override
  public List<MetricDef> metrics() {
    return BenchMetrics.ALL;
  }
}
