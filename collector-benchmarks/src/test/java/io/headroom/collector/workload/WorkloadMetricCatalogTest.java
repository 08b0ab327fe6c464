package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The benchmark catalog's source type ("fio", as the docs page is named) and its declarations. */
class WorkloadMetricCatalogTest {
  @Test
  void catalogIsTheFioTypeWithEveryBenchMetric() {
    WorkloadMetricCatalog c = new WorkloadMetricCatalog();
    assertEquals("fio", c.type());
    assertSame(BenchMetrics.ALL, c.metrics());
  }
}
