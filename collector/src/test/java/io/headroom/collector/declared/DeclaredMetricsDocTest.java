package io.headroom.collector.declared;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.MetricDocs;
import org.junit.jupiter.api.Test;

class DeclaredMetricsDocTest {
  @Test
  void docTableListsExactlyTheDeclaredMetrics() throws Exception {
    MetricDocs.assertDocMatches("declared.md", DeclaredMetrics.ALL);
    assertEquals(DeclaredMetrics.ALL, new DeclaredSourceFactory().metrics());
  }
}
