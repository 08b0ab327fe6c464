package io.headroom.collector.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.host.HostMetrics;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ScrapeRunnerTest {
  /** A source whose behaviour the test sets: a sample, problems, or a failure. */
  private static final class ScriptedSource implements Source {
    private final List<String> problems;
    private final boolean fail;

    ScriptedSource(List<String> problems, boolean fail) {
      this.problems = problems;
      this.fail = fail;
    }

    @Override
    public String name() {
      return "scripted";
    }

    @Override
    public Duration interval() {
      return Duration.ofSeconds(5);
    }

    @Override
    public void scrape(Scrape scrape) throws Exception {
      scrape.sample("h1/disk/sda", HostMetrics.UTIL, 0.25);
      scrape.sample("h1/disk/sda", HostMetrics.READ_LATENCY, Double.NaN); // never a reading: dropped
      for (String p : problems) {
        scrape.problem(p, "vanished");
      }
      if (fail) {
        throw new java.io.IOException("/proc/diskstats: permission denied");
      }
    }
  }

  private static Map<String, Double> self(Scrape s) {
    return s.readings().get("h1/collector/scripted").stream()
        .collect(Collectors.toMap(Scrape.Reading::metric, Scrape.Reading::value));
  }

  @Test
  void aPartialScrapeKeepsWhatItReadAndCountsWhatItCouldNot() {
    Scrape s = new ScrapeRunner("h1", new ScriptedSource(List.of("sdb", "sdc"), false), () -> 100.0).scrapeOnce();
    assertEquals(List.of(new Scrape.Reading(100.0, "util", 0.25)), s.readings().get("h1/disk/sda"));
    Map<String, Double> self = self(s);
    assertEquals(1.0, self.get("scrape_success"));
    assertEquals(2.0, self.get("scrape_problems"));
    assertEquals(1.0, self.get("scrape_samples"));
    assertTrue(self.get("scrape_duration_s") >= 0 && self.get("scrape_duration_s") < 1, self.toString());
    assertEquals(List.of("sdb: vanished", "sdc: vanished"), s.problems());
    assertEquals("collector", s.entities().get(0).kind());
    assertEquals(5.0, s.entities().get(0).attrs().get("interval_s"));
  }

  @Test
  void aFailedScrapeStillReportsItsHealth() {
    Scrape s = new ScrapeRunner("h1", new ScriptedSource(List.of(), true), () -> 100.0).scrapeOnce();
    assertEquals(0.0, self(s).get("scrape_success"));
    assertEquals(1.0, self(s).get("scrape_samples"), "what was read before the failure is kept");
  }

  @Test
  void theSchedulersMissedIntervalsAndLagAreReportedWithTheScrape() {
    ScrapeRunner r = new ScrapeRunner("h1", new ScriptedSource(List.of(), false), () -> 100.0);
    assertEquals(0.0, self(r.scrapeOnce()).get("scrape_missed_intervals"));
    r.countMissedInterval();
    r.countMissedInterval();
    Map<String, Double> self = self(r.scrapeOnce(0.25));
    assertEquals(2.0, self.get("scrape_missed_intervals"), "a running total, not reset by a scrape");
    assertEquals(0.25, self.get("scrape_lag_s"));
    assertEquals(2.0, self(r.scrapeOnce()).get("scrape_missed_intervals"));
    assertEquals(0.0, self(r.scrapeOnce()).get("scrape_lag_s"), "a scrape on demand is never late");
    assertEquals(2, r.missedIntervals());
  }
}
