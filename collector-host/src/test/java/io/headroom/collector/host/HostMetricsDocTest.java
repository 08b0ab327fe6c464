package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.MetricDef;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every sample the host source emits on the fixtures is declared, on an entity of a declared kind
 * (its docs page is checked with every other catalog's by MetricCatalogDocsTest).
 */
class HostMetricsDocTest {
  @Test
  void everyEmittedSampleIsDeclaredForItsEntityKind(@TempDir Path tmp) throws Exception {
    Map<String, MetricDef> declared = new HashMap<>();
    HostMetrics.ALL.forEach(m -> declared.put(m.name(), m));
    int checked = 0;
    for (String fixture : List.of("two-socket", "vm", "big-128cpu-24nvme")) {
      FixtureHost fx = FixtureHost.copy(fixture, tmp.resolve(fixture));
      HostSource source = new HostSource("h1", null,
          fx.config(List.of("bench.slice", "headroom-capture"), List.of("system.slice/storage.service")));
      FixtureHost.scrape(source, 1000);
      fx.advance();
      Scrape s = FixtureHost.scrape(source, 1002);
      Map<String, String> kinds = new HashMap<>();
      for (Entity e : s.entities()) {
        kinds.put(e.id(), e.kind());
      }
      for (var e : s.readings().entrySet()) {
        String kind = kinds.get(e.getKey());
        assertNotNull(kind, "sample on an entity not emitted: " + e.getKey());
        for (Scrape.Reading r : e.getValue()) {
          MetricDef m = declared.get(r.metric());
          assertNotNull(m, "undeclared metric " + r.metric());
          assertTrue(m.kinds().contains(kind), r.metric() + " on a " + kind);
          checked++;
        }
      }
    }
    assertTrue(checked > 1000, "checked " + checked);
  }
}
