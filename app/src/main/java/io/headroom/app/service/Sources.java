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
    for (SourceConfig sc : testbed.sources()) {
      Source source = registry.factory(sc.type())
          .create(new SourceContext(sc.host(), sc.interval(), testbed.baseDir()), sc.settings());
      out.add(new ScrapeRunner(sc.host(), source, () -> System.currentTimeMillis() / 1000.0));
    }
    return out;
  }
}
