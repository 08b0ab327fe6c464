package io.headroom.collector.source;

import io.headroom.model.MetricDef;
import java.util.List;

/**
 * Metrics something in the collector emits, declared once; docs/metrics/TYPE.md must match them
 * (checked by a test over every catalog). Every {@link SourceFactory} is one; parts that emit
 * samples without being a testbed source (the benchmark runner, the collector's own health)
 * register one under META-INF/services/io.headroom.collector.source.MetricCatalog.
 */
public interface MetricCatalog {
  /** The source type, or the name of the part, that names the docs page. */
  String type();

  List<MetricDef> metrics();
}
