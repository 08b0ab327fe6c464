package io.headroom.collector.source;

import io.headroom.config.ConfigException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one place sources are registered. Adding a source (say a NetApp array) is one package with
 * a {@link SourceFactory} and one line here; no other source changes.
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

  /** Every source Headroom ships. */
  public static SourceRegistry builtIn() {
    return new SourceRegistry(List.of(
        new io.headroom.collector.host.HostSourceFactory(),
        new io.headroom.collector.declared.DeclaredSourceFactory()));
  }

  public SourceFactory factory(String type) throws ConfigException {
    SourceFactory f = byType.get(type);
    if (f == null) {
      throw new ConfigException("unknown source type \"" + type + "\"; known: " + byType.keySet());
    }
    return f;
  }
}
