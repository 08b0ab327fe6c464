package io.headroom.collector.source;

import io.headroom.config.ConfigException;
import io.headroom.config.DidYouMean;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The sources a collector can build, by testbed {@code type:}. Sources register themselves: each
 * package lists its {@link SourceFactory} in META-INF/services/io.headroom.collector.source.SourceFactory
 * (one line), so this low package knows no source and adding one (say a NetApp array) touches no
 * other source.
 */
public final class SourceRegistry {
  private final Map<String, SourceFactory> byType = new TreeMap<>();

  public SourceRegistry(List<SourceFactory> factories) {
    for (SourceFactory f : factories) {
      if (byType.put(f.type(), f) != null) {
        throw new IllegalArgumentException("two sources registered as type " + f.type());
      }
    }
  }

  /** Every source on the class path. */
  public static SourceRegistry discovered() {
    List<SourceFactory> factories = new ArrayList<>();
    ServiceLoader.load(SourceFactory.class).forEach(factories::add);
    return new SourceRegistry(factories);
  }

  public Collection<SourceFactory> factories() {
    return byType.values();
  }

  public SourceFactory factory(String type) throws ConfigException {
    SourceFactory f = byType.get(type);
    if (f == null) {
      String near = DidYouMean.nearest(type, byType.keySet());
      throw new ConfigException("type: unknown source type \"" + type + "\"; "
          + (near != null ? "did you mean \"" + near + "\"?" : "known: " + byType.keySet()));
    }
    return f;
  }

  /**
   * Every metric catalog on the class path: the registered sources' and the other emitters'
   * (benchmark runner, collector health). The tests hold them to their docs and domains; the
   * analyzer's remote write and scrape endpoint name every metric by them (the one catalog).
   */
  public static List<MetricCatalog> allCatalogs() {
    List<MetricCatalog> out = new ArrayList<>(discovered().factories());
    ServiceLoader.load(MetricCatalog.class).forEach(out::add);
    return out;
  }
}
