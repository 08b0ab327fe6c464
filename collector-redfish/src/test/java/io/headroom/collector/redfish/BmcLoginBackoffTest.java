package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.remote.ManualClock;
import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.SourceContext;
import io.headroom.standin.StandinServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A wrong BMC password against the stand-in R760 over real HTTP, scraped every 2 s of a test clock
 * with 4 requests in flight: the BMC sees one login per hold (login_backoff 30 s, doubling), the
 * scrapes count as failed, and once the password is right again the first login after the hold
 * succeeds and so do the scrapes.
 */
class BmcLoginBackoffTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Duration SCRAPE_EVERY = Duration.ofSeconds(2);

  @TempDir Path dir;
  private final ManualClock clock = new ManualClock(Instant.parse("2026-12-01T10:00:00Z"));

  @Test
  void aPasswordChangedOnTheBmcCostsOneLoginPerHoldAndEveryScrapeFails() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = source(bmc, "max_concurrency: 4\n")) {
      bmc.requireSession("root", "calvin", "X-Auth-Token", Bmc.SESSIONS, false);
      ScrapeRunner runner = new ScrapeRunner("bmc1", source, clock::seconds);
      assertEquals(1.0, health(runner.scrapeOnce(), "scrape_success")); // t=0: walked and read
      bmc.clearLog();
      Scrape polled = runner.scrapeOnce(); // still t=0: the requests of one scrape, all in the log
      long requests = bmc.requests().size();
      assertTrue(health(polled, "scrape_samples") > 0);
      assertTrue(requests > 4, requests + " requests: more than are in flight at once");

      bmc.requireSession("root", "rotated", "X-Auth-Token", Bmc.SESSIONS, false); // ends the session too
      bmc.clearLog();
      // 39 scrapes at t = 2, 4, ... 78 s, the 78 s of the storm seen in the lab (304 POSTs there)
      for (int i = 0; i < 39; i++) {
        clock.advance(SCRAPE_EVERY);
        Scrape s = runner.scrapeOnce();
        assertEquals(0.0, health(s, "scrape_success"), "t=" + (i + 1) * 2);
        assertEquals(0.0, health(s, "scrape_samples"));
        assertEquals((double) requests, health(s, "scrape_problems")); // every request a problem of its scrape
      }
      // refused at t=2 (hold 30 s, to 32), tried at t=32 and refused (hold 60 s, to 92): 2 logins
      assertEquals(2, bmc.count("POST", Bmc.SESSIONS));
      // GETs only with the dead token, by the 4 requests in flight when it died (t=2); none after the
      // refusal, none during a hold, and at t=32 the login alone
      long gets = bmc.requests().stream().filter(r -> r.method().equals("GET")).count();
      assertTrue(gets >= 1 && gets <= 4, gets + " GETs");
      assertEquals(2 + gets, bmc.requests().size());

      bmc.requireSession("root", "calvin", "X-Auth-Token", Bmc.SESSIONS, false); // the password put right
      clock.advance(Duration.ofSeconds(12)); // t=90: 2 s before the hold ends
      assertEquals(0.0, health(runner.scrapeOnce(), "scrape_success"));
      assertEquals(2, bmc.count("POST", Bmc.SESSIONS));
      clock.advance(SCRAPE_EVERY); // t=92: the hold is over
      Scrape back = runner.scrapeOnce();
      assertEquals(1.0, health(back, "scrape_success"));
      assertEquals(0.0, health(back, "scrape_problems"));
      assertEquals(0.37, Bmc.value(back, "bmc1/cpu", "util")); // Reading 37 (%) in the tree
      assertEquals(3, bmc.count("POST", Bmc.SESSIONS));
    }
  }

  @Test
  void aWrongPasswordFromTheStartIsTriedAtZeroThirtyAndNinetySeconds() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = source(bmc, "max_concurrency: 4\n")) {
      bmc.requireSession("root", "another-password", "X-Auth-Token", Bmc.SESSIONS, false);
      ScrapeRunner runner = new ScrapeRunner("bmc1", source, clock::seconds);
      long[] postsAt = new long[181];
      for (int t = 0; t <= 180; t += 2) {
        Scrape s = runner.scrapeOnce();
        assertEquals(0.0, health(s, "scrape_success"), "t=" + t);
        postsAt[t] = bmc.count("POST", Bmc.SESSIONS);
        clock.advance(SCRAPE_EVERY);
      }
      // holds of 30, 60, 120 s: logins at t = 0, 30 and 90; the next is due at 210
      assertEquals(1, postsAt[28]);
      assertEquals(2, postsAt[30]);
      assertEquals(2, postsAt[88]);
      assertEquals(3, postsAt[90]);
      assertEquals(3, postsAt[180]);
    }
  }

  @Test
  void withHttpBasicEveryRequestIsALoginAndIsHeldLikeOne() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = source(bmc, "max_concurrency: 4\n")) {
      bmc.when("POST", Bmc.SESSIONS).reply(405);
      bmc.when("POST", "/redfish/v1/Sessions").reply(405);
      bmc.requireBasic("root", "another-password");
      ScrapeRunner runner = new ScrapeRunner("bmc1", source, clock::seconds);
      for (int t = 0; t <= 60; t += 2) {
        assertEquals(0.0, health(runner.scrapeOnce(), "scrape_success"), "t=" + t);
        clock.advance(SCRAPE_EVERY);
      }
      // the service root with the wrong Basic at t=0 (hold 30 s) and t=30 (hold 60 s), nothing else
      assertEquals(2, bmc.requests().stream().filter(r -> r.method().equals("GET")).count());
      assertEquals(2, bmc.count("GET", "/redfish/v1"));
      bmc.requireBasic("root", "calvin");
      clock.advance(Duration.ofSeconds(28)); // t=90: the hold is over
      Scrape back = runner.scrapeOnce();
      assertEquals(1.0, health(back, "scrape_success"));
      assertEquals(0.37, Bmc.value(back, "bmc1/cpu", "util"));
      // answered Basic requests start the count over: a new refusal holds 30 s again, not 2 min
      bmc.requireBasic("root", "rotated-again");
      clock.advance(Duration.ofSeconds(10)); // t=100
      runner.scrapeOnce(); // refused: held to t=130 (with the count carried on: 2 min, to t=220)
      clock.advance(Duration.ofSeconds(30)); // t=130
      bmc.clearLog();
      runner.scrapeOnce();
      long sent = bmc.requests().stream().filter(r -> r.method().equals("GET")).count();
      assertTrue(sent >= 1 && sent <= 4, sent + " GETs at t=130: those in flight together before the refusal");
    }
  }

  @Test
  void theHoldIsConfigurableAndNamedInTheProblem() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = source(bmc, "login_backoff: 5s\nlogin_backoff_max: 8s\n")) {
      bmc.requireSession("root", "another-password", "X-Auth-Token", Bmc.SESSIONS, false);
      ScrapeRunner runner = new ScrapeRunner("bmc1", source, clock::seconds);
      for (int t = 0; t <= 40; t++) { // every second: holds of 5, then 8 (10 capped) s: logins at 0, 5, 13, 21, 29, 37
        runner.scrapeOnce();
        clock.advance(Duration.ofSeconds(1));
      }
      assertEquals(6, bmc.count("POST", Bmc.SESSIONS));
      Scrape held = new Scrape(clock.seconds());
      Exception e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> source.scrape(held));
      assertTrue(e.getMessage().contains("login not tried before 2026-12-01T10:00:45Z (login_backoff: 6 refused in a row, "
          + "the last at 2026-12-01T10:00:37Z with HTTP 401)"), e.getMessage());
      assertTrue(!e.getMessage().contains("calvin"), e.getMessage());
    }
  }

  @Test
  void oneAnsweredRequestKeepsTheScrapeASuccessWithTheRestCountedAsProblems() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = source(bmc, "retries: 0\n")) {
      ScrapeRunner runner = new ScrapeRunner("bmc1", source, clock::seconds);
      runner.scrapeOnce(); // the walk
      bmc.clearLog();
      runner.scrapeOnce();
      List<String> polled = bmc.requests().stream().map(r -> r.path()).toList();
      String cpuUsage = Bmc.CH + "/Sensors/SystemBoardCPUUsage";
      assertTrue(polled.contains(cpuUsage), polled.toString());
      polled.stream().filter(p -> !p.equals(cpuUsage)).forEach(p -> bmc.when("GET", p).reply(500));
      Scrape one = runner.scrapeOnce();
      assertEquals(1.0, health(one, "scrape_success"));
      assertEquals(polled.size() - 1.0, health(one, "scrape_problems"));
      assertEquals(0.37, Bmc.value(one, "bmc1/cpu", "util"));
      bmc.when("GET", cpuUsage).reply(500);
      Scrape none = runner.scrapeOnce();
      assertEquals(0.0, health(none, "scrape_success")); // not one answer: failed
      assertEquals((double) polled.size(), health(none, "scrape_problems"));
    }
  }

  /** The source built by the factory with the test's clock; password file "pw" holds "calvin". */
  private RedfishSource source(StandinServer bmc, String extraYaml) throws Exception {
    Files.writeString(dir.resolve("pw"), "calvin\n");
    var settings = YAML.readTree("url: \"" + bmc.baseUri() + "\"\nplaintext: true\n" + Bmc.LOGIN + "telemetry: poll\n"
        + extraYaml);
    return (RedfishSource) new RedfishSourceFactory(clock).create(new SourceContext("bmc1", null, dir), settings);
  }

  private static double health(Scrape s, String metric) {
    return Bmc.value(s, "bmc1/collector/redfish", metric);
  }
}
