package io.headroom.collector;

import io.headroom.collector.source.MetricCatalog;
import io.headroom.collector.source.SourceRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Every metric catalog on the class path: the registered sources' and the other emitters'
 * (benchmark runner, collector health), for the tests that hold them to their docs and domains.
 * Only tests list them all, so this lives with the tests, not in {@code SourceRegistry}.
 */
final class Catalogs {
  private Catalogs() {}

  static List<MetricCatalog> all() {
    List<MetricCatalog> out = new ArrayList<>(SourceRegistry.discovered().factories());
    ServiceLoader.load(MetricCatalog.class).forEach(out::add);
    return out;
  }
}
