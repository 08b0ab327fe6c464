package io.headroom.collector.runtime;

import io.headroom.collector.MetricDocs;
import org.junit.jupiter.api.Test;

class CollectorMetricsDocTest {
  @Test
  void docTableMatchesDeclarations() throws Exception {
    MetricDocs.assertDocMatches("collector.md", CollectorMetrics.ALL);
  }
}
