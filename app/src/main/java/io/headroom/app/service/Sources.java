package io.headroom.app.service;

import io.headroom.config.SourceConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.config.ConfigException;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceRegistry;
import java.util.ArrayList;
import java.util.List;

/** Builds the testbed's sources through the registry, each wrapped in its scrape runner. */
public final class Sources {
  private Sources() {}

  public static List<ScrapeRunner> runners(TestbedConfig testbed, SourceRegistry registry) throws ConfigException {
    List<ScrapeRunner> out = new ArrayList<>();
    for (int i = 0; i < testbed.sources().size(); i++) {
      SourceConfig sc = testbed.sources().get(i);
      out.add(new ScrapeRunner(sc.host(), source(testbed, i, registry), () -> System.currentTimeMillis() / 1000.0));
    }
    return out;
  }

  /**
   * The testbed's {@code i}th source, made by its type's factory; a refusal of its settings starts
   * with {@code sources[i]}, so the person finds the entry (the caller adds the file's name).
   */
  public static Source source(TestbedConfig testbed, int i, SourceRegistry registry) throws ConfigException {
    SourceConfig sc = testbed.sources().get(i);
    try {
      return registry.factory(sc.type()).create(new SourceContext(sc.host(), sc.interval(), testbed.baseDir()), sc.settings());
    } catch (ConfigException e) {
      throw new ConfigException("sources[" + i + "]: " + e.getMessage());
    }
  }
}
