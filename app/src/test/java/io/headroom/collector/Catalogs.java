package io.headroom.collector;

import io.headroom.collector.source.MetricCatalog;
import io.headroom.collector.source.SourceRegistry;
import java.util.List;

/** Every metric catalog on the class path ({@link SourceRegistry#allCatalogs()}), for the tests that hold them to their docs and domains. */
final class Catalogs {
  private Catalogs() {}

  static List<MetricCatalog> all() {
    return SourceRegistry.allCatalogs();
  }
}
