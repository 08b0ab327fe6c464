package io.headroom.collector.redfish;

import static io.headroom.collector.redfish.MiniBmc.SYS;
import static io.headroom.collector.redfish.MiniBmc.links;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Discovery;
import io.headroom.standin.StandinServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A walk ends whatever the BMC serves: a service that names a new {@code Members@odata.nextLink}
 * on every page is read up to {@code max_pages} pages of the collection, a collection up to
 * {@code max_members} members, a walk for at most {@code walk_timeout}; each bound named in the
 * problem it leaves. (Before, 1,341 requests in 60 s and no end.)
 */
class RedfishWalkBoundsTest {
  private static final String SYSTEMS = "/redfish/v1/Systems";
  /** Pages served: far more than any bound below, each linking the next. */
  private static final int SERVED = 400;

  @TempDir Path dir;

  /** Systems' first page and {@link #SERVED} more, page n linking page n + 1, each listing S1 and {@code extra} others. */
  private static MiniBmc endlessSystems(int extra) {
    MiniBmc bmc = MiniBmc.dell("{}");
    for (int n = 0; n <= SERVED; n++) {
      List<String> members = new ArrayList<>(List.of(SYS));
      for (int m = 0; m < extra; m++) {
        members.add(SYSTEMS + "/P" + n + "M" + m);
      }
      String path = n == 0 ? SYSTEMS : SYSTEMS + "Page" + n;
      bmc.put(path, "{\"Members\":" + links(members.toArray(String[]::new))
          + ",\"Members@odata.nextLink\":\"" + SYSTEMS + "Page" + (n + 1) + "\"}");
    }
    return bmc;
  }

  private static long pagesRead(StandinServer bmc) {
    return bmc.requests().stream().filter(r -> r.path().startsWith(SYSTEMS + "Page") || r.path().equals(SYSTEMS)).count();
  }

  @Test
  void aNewNextLinkOnEveryPageIsFollowedForMaxPagesThenNamed() throws Exception {
    try (StandinServer bmc = endlessSystems(0).serve(); RedfishSource source = MiniBmc.source(bmc, dir, "max_pages: 5\n")) {
      Discovery d = source.discover();
      assertEquals(5, pagesRead(bmc), "the first page and four more");
      assertTrue(d.problems().stream().anyMatch(p -> p.contains(SYSTEMS) && p.contains("more than max_pages 5 pages")),
          d.problems().toString());
      assertTrue(d.entities().stream().anyMatch(e -> e.id().equals("bmc1/socket/1")), "S1, read before the cut, walked");
    }
  }

  @Test
  void theDefaultBoundIs20Pages() throws Exception {
    try (StandinServer bmc = endlessSystems(0).serve(); RedfishSource source = MiniBmc.source(bmc, dir, "")) {
      Discovery d = source.discover();
      assertEquals(RedfishSettings.DEFAULT_MAX_PAGES, pagesRead(bmc));
      assertTrue(d.problems().stream().anyMatch(p -> p.contains("more than max_pages 20 pages")), d.problems().toString());
    }
  }

  @Test
  void aCollectionIsCutAtMaxMembers() throws Exception {
    // S1 and two more per page: 3 members on the first page, 3 on the second; 4 are kept
    try (StandinServer bmc = endlessSystems(2).serve();
        RedfishSource source = MiniBmc.source(bmc, dir, "max_members: 4\n")) {
      Discovery d = source.discover();
      assertEquals(2, pagesRead(bmc), "the second page holds the fifth member");
      assertTrue(d.problems().stream().anyMatch(p -> p.contains("more than max_members 4 members; the first 4 are kept")),
          d.problems().toString());
      // S1 and the 3 others kept were asked for; no member of the second page after the fourth
      assertEquals(0, bmc.count("GET", SYSTEMS + "/P1M1"));
    }
  }

  @Test
  void aSlowEndlessWalkEndsAtWalkTimeoutAndSaysSo() throws Exception {
    try (StandinServer bmc = endlessSystems(0).serve()) {
      bmc.latency(Duration.ofMillis(250)); // every answer: 250 ms
      try (RedfishSource source = MiniBmc.source(bmc, dir, "max_pages: 1000\nwalk_timeout: 2s\n")) {
        Discovery d = source.discover();
        // 2 s of 250 ms answers is about 8 pages; the walk stops asking, far short of the 400 served
        long pages = pagesRead(bmc);
        assertTrue(pages >= 4 && pages <= 12, pages + " pages");
        assertTrue(d.problems().stream().anyMatch(p -> p.contains("the walk took longer than walk_timeout 2s")),
            d.problems().toString());
      }
    }
  }
}
