package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden files per fixture: expected/discover.txt (what `headroom discover` gets: entities with
 * attributes and ceilings, relations, degradations, problems) and expected/scrape2.txt (every
 * sample of the second scrape). Regenerate with -Dheadroom.golden.update=true and review the diff:
 * the hand-checked values are asserted in the other tests.
 */
class DiscoveryGoldenTest {
  @TempDir Path tmp;

  @ParameterizedTest
  @ValueSource(strings = {"two-socket", "vm", "big-128cpu-24nvme"})
  void discoveryMatchesGolden(String fixture) throws Exception {
    FixtureHost fx = FixtureHost.copy(fixture, tmp);
    Discovery d = HostDiscovery.discover(fx.config(), "h1");
    check(fixture, "discover.txt", render(d).replace(fx.root.toString(), "ROOT"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"two-socket", "vm"})
  void secondScrapeMatchesGolden(String fixture) throws Exception {
    FixtureHost fx = FixtureHost.copy(fixture, tmp);
    HostSource source = new HostSource("h1", null,
        fx.config(List.of("bench.slice", "headroom-capture"), List.of("system.slice/storage.service")));
    FixtureHost.scrape(source, 1000);
    fx.advance();
    Scrape s = FixtureHost.scrape(source, 1002);
    List<String> lines = new ArrayList<>();
    for (var e : s.readings().entrySet()) {
      for (Scrape.Reading r : e.getValue()) {
        lines.add(e.getKey() + " " + r.metric() + " " + r.value());
      }
    }
    lines.sort(null);
    lines.add("# problems");
    s.problems().forEach(p -> lines.add(p.replace(fx.root.toString(), "ROOT")));
    check(fixture, "scrape2.txt", String.join("\n", lines) + "\n");
  }

  static String render(Discovery d) {
    StringBuilder sb = new StringBuilder("# entities\n");
    d.entities().stream().sorted((a, b) -> a.id().compareTo(b.id())).forEach(e -> sb.append(line(e)).append('\n'));
    sb.append("# relations\n");
    d.relations().stream().map(Relation::key).sorted().forEach(r -> sb.append(r).append('\n'));
    sb.append("# degraded\n");
    d.degraded().forEach(l -> sb.append(l).append('\n'));
    sb.append("# problems\n");
    d.problems().stream().sorted().forEach(l -> sb.append(l).append('\n'));
    return sb.toString();
  }

  private static String line(Entity e) {
    Map<String, Object> attrs = new TreeMap<>(e.attrs());
    return e.id() + " " + e.kind() + " capacity=" + new TreeMap<>(e.capacity()) + " attrs=" + attrs;
  }

  private static void check(String fixture, String name, String actual) throws Exception {
    Path file = FixtureHost.RESOURCES.resolve(fixture).resolve("expected").resolve(name);
    if (Boolean.getBoolean("headroom.golden.update")) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, actual);
    }
    assertEquals(Files.readString(file), actual, file.toString());
  }
}
