package io.headroom.collector.host;

import io.headroom.collector.source.Discovery;

import io.headroom.collector.golden.Golden;
import io.headroom.collector.source.Scrape;
import java.nio.file.Path;
import java.util.List;
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
    check(fixture, "discover.txt", Golden.render(d).replace(fx.root.toString(), "ROOT"));
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
    check(fixture, "scrape2.txt", Golden.render(s).replace(fx.root.toString(), "ROOT"));
  }

  private static void check(String fixture, String name, String actual) throws Exception {
    Golden.check(FixtureHost.RESOURCES.resolve(fixture).resolve("expected").resolve(name), actual);
  }
}
