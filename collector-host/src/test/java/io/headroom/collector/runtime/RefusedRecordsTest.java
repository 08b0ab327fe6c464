package io.headroom.collector.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.host.HostMetrics;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import io.headroom.model.Sample;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What the database could not store is refused where a scrape is made: each refusal names the
 * entity and why, is counted in scrape_refused_records, and the rest of the scrape is kept.
 */
class RefusedRecordsTest {
  /** "h1/disk/" followed by 510 x's: 8 + 510 = 518 bytes, over the limit of 512. */
  private static final String LONG_ID = "h1/disk/" + "x".repeat(510);

  /** Two good disks and, among them, what PostgreSQL would refuse. */
  private static final class MixedSource implements Source {
    @Override
    public String name() {
      return "mixed";
    }

    @Override
    public Duration interval() {
      return Duration.ofSeconds(1);
    }

    @Override
    public void scrape(Scrape scrape) {
      scrape.entity(Entity.of("h1/disk/sda", "disk"));
      scrape.entity(Entity.of("h1/disk/sd\u0000b", "disk"));
      scrape.entity(new Entity("h1/disk/sdc", "disk", "sdc \uD800", Map.of(), Map.of()));
      scrape.relation("h1/disk/sda", Rel.BEHIND, "h1/pcie/\uDC01");
      scrape.relation("h1/disk/sda", Rel.ON, "h1");
      scrape.sample("h1/disk/sda", HostMetrics.UTIL, 0.5);
      // no declaration can carry such a name (MetricDef wants snake_case): a forwarded record can
      scrape.sample(new Sample(scrape.ts(), "h1/disk/sda", "read\u0000_bytes_per_s", 1));
      scrape.sample(new Sample(scrape.ts(), "h1/disk/sda", "read\u0000_bytes_per_s", 2));
      scrape.sample(LONG_ID, HostMetrics.UTIL, 0.1);
      scrape.sample(LONG_ID, HostMetrics.READ_IOPS, 10);
      scrape.sample("h1/disk/sdc", HostMetrics.UTIL, 0.75);
    }
  }

  @Test
  void theRestOfTheScrapeStandsAndEachRefusalNamesTheEntityAndWhy() {
    Scrape s = new ScrapeRunner("h1", new MixedSource(), () -> 100.0).scrapeOnce();
    // the sdc entity record is refused for its name; its readings carry a good id and are kept
    assertEquals(List.of(Entity.of("h1/disk/sda", "disk")), s.entities().subList(0, 1));
    assertEquals(List.of(new Relation("h1/disk/sda", "on", "h1")), s.relations());
    assertEquals(List.of(new Scrape.Reading(100.0, "util", 0.5)), s.readings().get("h1/disk/sda"));
    assertEquals(List.of(new Scrape.Reading(100.0, "util", 0.75)), s.readings().get("h1/disk/sdc"));
    assertEquals(false, s.readings().containsKey(LONG_ID));
    assertEquals(List.of(
        "entity \"h1/disk/sd\\u0000b\": refused: id: contains a NUL character (U+0000) at index 10, which PostgreSQL cannot store; "
            + "name: contains a NUL character (U+0000) at index 10, which PostgreSQL cannot store", // Entity.of: the name is the id
        "entity \"h1/disk/sdc\": refused: name: contains an unpaired UTF-16 surrogate (U+D800) at index 4, which has no UTF-8 encoding",
        "relation \"h1/disk/sda\" \"behind\" \"h1/pcie/\\uDC01\": refused: to: contains an unpaired UTF-16 surrogate (U+DC01) at index 8, "
            + "which has no UTF-8 encoding",
        "metric \"read\\u0000_bytes_per_s\" of entity \"h1/disk/sda\": refused: metric: contains a NUL character (U+0000) at index 4, "
            + "which PostgreSQL cannot store",
        "readings of entity \"h1/disk/" + "x".repeat(52) + "\"... (518 characters): refused: entity: is 518 bytes of UTF-8, "
            + "over the limit of 512"), s.problems());
    Map<String, Double> self = s.readings().get("h1/collector/mixed").stream()
        .collect(Collectors.toMap(Scrape.Reading::metric, Scrape.Reading::value));
    // refused: 2 entities + 1 relation + 2 readings with the bad metric + 2 readings of the long id = 7
    assertEquals(7.0, self.get("scrape_refused_records"));
    assertEquals(5.0, self.get("scrape_problems"));
    assertEquals(1.0, self.get("scrape_success"));
    assertEquals(2.0, self.get("scrape_samples")); // sda util, sdc util
  }
}
