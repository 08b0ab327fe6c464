package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.MetricDef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/metrics/host.md lists exactly HostMetrics.ALL, field for field and in order (the same
 * contract as the other docs/metrics pages); and every sample the source emits on the fixtures is
 * declared, on an entity of a declared kind.
 */
class HostMetricsDocTest {
  /** Tests run in the module directory; docs/ is at the repository root. */
  static final Path DOC = Path.of("../docs/metrics/host.md");

  @Test
  void docTableListsExactlyTheDeclaredMetrics() throws IOException {
    List<String> expected = new ArrayList<>();
    for (MetricDef m : HostMetrics.ALL) {
      expected.add(String.join(" | ", m.name(), m.unit(), m.type(), m.kinds(), m.description()));
    }
    assertEquals(expected, tableRows(Files.readAllLines(DOC)));
  }

  @Test
  void theFactoryReturnsTheDeclarations() {
    assertEquals(HostMetrics.ALL, new HostSourceFactory().metrics());
    assertEquals(HostMetrics.ALL.size(), HostMetrics.ALL.stream().map(MetricDef::name).distinct().count());
  }

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
          assertTrue(List.of(m.kinds().split(",")).contains(kind), r.metric() + " on a " + kind);
          checked++;
        }
      }
    }
    assertTrue(checked > 1000, "checked " + checked);
  }

  /** The body rows of the page's markdown table, cells joined by " | ". */
  static List<String> tableRows(List<String> lines) {
    List<String> rows = new ArrayList<>();
    boolean inTable = false;
    for (String l : lines) {
      if (!l.startsWith("|")) {
        inTable = false;
        continue;
      }
      if (l.startsWith("|---") || l.startsWith("| name ")) {
        inTable = true;
        continue;
      }
      if (inTable) {
        List<String> cells = new ArrayList<>();
        for (String c : l.substring(1, l.lastIndexOf('|')).split("\\|", -1)) {
          cells.add(c.trim());
        }
        rows.add(String.join(" | ", cells));
      }
    }
    return rows;
  }
}
