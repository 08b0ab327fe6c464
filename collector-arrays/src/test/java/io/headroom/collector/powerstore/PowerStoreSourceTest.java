package io.headroom.collector.powerstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.remote.ManualClock;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.standin.StandinRequest;
import io.headroom.standin.arrays.PowerStoreStandin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The powerstore source against the PowerStore stand-in: sessions, units, time, paging, faults. */
class PowerStoreSourceTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path S5 = Path.of("src/test/resources/golden/powerstore/s5-two-nodes/input/array.json");
  private static final String PASSWORD = "ps-secret-42";
  /** 2026-12-01T10:00:00Z, the first row's time in the S5 array. */
  private static final double T0 = Instant.parse("2026-12-01T10:00:00Z").getEpochSecond();

  @TempDir
  Path dir;

  private static ObjectNode s5() throws IOException {
    return (ObjectNode) JSON.readTree(S5.toFile());
  }

  private Source source(PowerStoreStandin.Running ps, String extra) throws Exception {
    Files.writeString(dir.resolve("ps.pw"), PASSWORD + "\n");
    String yaml = "url: " + ps.server().baseUri() + "\nplaintext: true\nusername: monitor\npassword_file: ps.pw\n"
        + (extra.contains("retries:") ? "" : "retries: 0\n") + extra;
    return new PowerStoreSourceFactory().create(new SourceContext("ps1", Duration.ofSeconds(20), dir), YAML.readTree(yaml));
  }

  private static List<Scrape.Reading> readings(Scrape s, String entity, String metric) {
    return s.readings().getOrDefault(entity, List.of()).stream().filter(r -> r.metric().equals(metric)).toList();
  }

  @Test
  void oneLoginServesEveryRequestWithCookieAndTokenAndCloseLogsOut() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(s5())) {
      try (Source source = source(ps, "")) {
        source.scrape(new Scrape(1));
        source.scrape(new Scrape(2));
      }
      assertEquals(1, ps.array().logins());
      assertEquals(1, ps.array().logouts());
      assertEquals(0, ps.array().openSessions());
      for (StandinRequest r : ps.server().requests()) {
        if (!r.path().endsWith("/login_session")) {
          assertTrue(String.valueOf(r.header("Cookie")).startsWith("auth_cookie="), r.path());
          assertTrue(r.header("DELL-EMC-TOKEN") != null, r.path());
        }
      }
    }
  }

  @Test
  void anExpiredSessionIsLoggedIntoAgainAndTheScrapeLosesNothing() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(s5()); Source source = source(ps, "")) {
      source.scrape(new Scrape(1));
      ps.array().expireSessions();
      Scrape second = new Scrape(2);
      source.scrape(second);
      assertEquals(2, ps.array().logins());
      assertEquals(List.of(), second.problems());
      // N1 from the first scrape's newest row (10:00:20, 0.935) and batch 2 (0.94 with repeat_count 2: twice)
      assertEquals(List.of(0.935, 0.94, 0.94), readings(second, "ps1/node/N1", "util").stream().map(Scrape.Reading::value).toList());
    }
  }

  @Test
  void aRefusedLoginEndsTheScrapeAfterOneAttemptAndNamesNoSecret() throws Exception {
    ObjectNode array = s5();
    array.put("password", "another-password");
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(array); Source source = source(ps, "")) {
      IOException e = assertThrows(IOException.class, () -> source.scrape(new Scrape(1)));
      assertEquals(1, ps.server().count("GET", "/api/rest/login_session"));
      assertTrue(e.getMessage().contains("login refused, HTTP 401"), e.getMessage());
      assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
    }
  }

  @Test
  void aRefusedLoginIsTriedAgainOnlyAfterLoginBackoffDoubling() throws Exception {
    ObjectNode array = s5();
    array.put("password", "another-password");
    ManualClock clock = new ManualClock(Instant.parse("2026-12-01T10:00:00Z"));
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(array)) {
      Files.writeString(dir.resolve("ps.pw"), PASSWORD + "\n");
      String yaml = "url: " + ps.server().baseUri() + "\nplaintext: true\nusername: monitor\npassword_file: ps.pw\n"
          + "retries: 0\n";
      try (Source source = new PowerStoreSourceFactory(clock)
          .create(new SourceContext("ps1", Duration.ofSeconds(20), dir), YAML.readTree(yaml))) {
        long[] loginsAt = new long[101];
        for (int t = 0; t <= 100; t += 5) { // a scrape every 5 s for 100 s
          IOException e = assertThrows(IOException.class, () -> source.scrape(new Scrape(clock.seconds())));
          assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
          loginsAt[t] = ps.server().count("GET", "/api/rest/login_session");
          clock.advance(Duration.ofSeconds(5));
        }
        // holds of 30 s, then 60 s: logins at t = 0, 30 and 90
        assertEquals(1, loginsAt[25]);
        assertEquals(2, loginsAt[30]);
        assertEquals(2, loginsAt[85]);
        assertEquals(3, loginsAt[90]);
        assertEquals(3, loginsAt[100]);
      }
    }
  }

  @Test
  void anArrayThatDoesNotAnswerFailsTheScrapeAfterOneLoginAttempt() throws Exception {
    PowerStoreStandin.Running ps = PowerStoreStandin.serve(s5());
    ps.close(); // nothing listens on its port any more
    try (Source source = source(ps, "")) {
      IOException e = assertThrows(IOException.class, () -> source.scrape(new Scrape(1)));
      assertTrue(e.getMessage().startsWith("GET " + ps.server().baseUri() + "/api/rest/login_session: "), e.getMessage());
    }
  }

  @Test
  void readingsCarryTheArraysTimesAndNoIntervalIsReportedTwice() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(s5()); Source source = source(ps, "")) {
      Scrape first = new Scrape(1);
      source.scrape(first);
      // the first scrape primes every series: no reading, and the interval before the newest (10:00:00) marked
      assertEquals(List.of(), readings(first, "ps1/node/N1", "util"));
      Scrape second = new Scrape(2);
      source.scrape(second);
      // the first scrape's newest, 10:00:20, then the 10:00:40 row with repeat_count 2: 10:00:40 and 10:01:00
      assertEquals(List.of(T0 + 20, T0 + 40, T0 + 60),
          readings(second, "ps1/node/N1", "util").stream().map(Scrape.Reading::ts).toList());
      Scrape third = new Scrape(3);
      source.scrape(third); // the array has nothing newer: nothing is reported again
      assertEquals(List.of(), readings(third, "ps1/node/N1", "util"));
    }
  }

  @Test
  void cpuIsReadAsAFractionByDefaultAsRealArraysSendIt() throws Exception {
    // nodes at 94% and 91% send 0.94 and 0.91 (Dell's exporter multiplies by 100 to show percent);
    // with no cpu_unit set the utils are 0.94 and 0.91, not 0.0094 and 0.0091
    assertEquals(0.94, util(0.94, "", "performance_metrics_by_node/N1"), 1e-12);
    assertEquals(0.91, util(0.91, "", "performance_metrics_by_node/N2"), 1e-12);
    assertEquals(PowerStoreSettings.CpuUnit.FRACTION, new PowerStoreSettings(null, null, null).unit());
    assertEquals("cpu_unit fraction (default; see docs/metrics/powerstore.md)",
        new PowerStoreSettings(null, null, null).unitNote());
    assertEquals("cpu_unit percent (set in the testbed)",
        new PowerStoreSettings(PowerStoreSettings.CpuUnit.PERCENT, null, null).unitNote());
  }

  @Test
  void discoverSaysWhichCpuReadingIsTaken() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(s5()); Source source = source(ps, "")) {
      assertEquals(List.of("ps1: cpu_unit fraction (default; see docs/metrics/powerstore.md)"), source.discover().notes());
    }
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(s5()); Source source = source(ps, "cpu_unit: percent\n")) {
      assertEquals(List.of("ps1: cpu_unit percent (set in the testbed)"), source.discover().notes());
    }
  }

  @Test
  void cpuInPercentAndInFractionGiveTheSameUtilAndTheFullMarkIsAccepted() throws Exception {
    assertEquals(1.0, util(100.0, "cpu_unit: percent\n"), 1e-12); // 100 % is every core busy: accepted, 1.0
    assertEquals(0.935, util(93.5, "cpu_unit: percent\n"), 1e-12); // 93.5 / 100
    assertEquals(0.935, util(0.935, "cpu_unit: fraction\n"), 1e-12);
    assertEquals(1.0, util(1.0, ""), 1e-12); // the default fraction's full mark, 1.0, accepted
  }

  @Test
  void cpuOverTheFullMarkOfItsUnitIsAProblemNotAReading() throws Exception {
    // an array sending percent read with the default fraction: 93.5 > 1.0, refused with the fix named
    Scrape s = scrapeWithCpu(93.5, "", "performance_metrics_by_node/N1");
    assertEquals(List.of(), at(T0 + 20, readings(s, "ps1/node/N1", "util")));
    assertTrue(s.problems().contains("ps1/node/N1: io_workload_cpu_utilization 93.5 is over 1.0 (cpu_unit fraction): "
        + "the array reports percent; set cpu_unit: percent; util not reported"), s.problems().toString());
    Scrape p = scrapeWithCpu(100.5, "cpu_unit: percent\n", "performance_metrics_by_node/N1");
    assertEquals(List.of(), at(T0 + 20, readings(p, "ps1/node/N1", "util")));
    // percent's full mark is 100; no hint to switch units, the unit set is already percent
    assertTrue(p.problems().contains("ps1/node/N1: io_workload_cpu_utilization 100.5 is over 100.0 (cpu_unit percent); "
        + "util not reported"), p.problems().toString());
  }

  private static List<Scrape.Reading> at(double ts, List<Scrape.Reading> readings) {
    return readings.stream().filter(r -> r.ts() == ts).toList();
  }

  private double util(double reported, String extra) throws Exception {
    return util(reported, extra, "performance_metrics_by_node/N1");
  }

  /** The util read for the series' 10:00:20 row, set to {@code reported}. */
  private double util(double reported, String extra, String series) throws Exception {
    Scrape s = scrapeWithCpu(reported, extra, series);
    String entity = "ps1/node/" + series.substring(series.indexOf('/') + 1);
    List<Scrape.Reading> r = at(T0 + 20, readings(s, entity, "util"));
    assertEquals(1, r.size(), s.problems().toString());
    return r.get(0).value();
  }

  /**
   * The S5 array with the series' newest row of the first batch (10:00:20) reporting this CPU
   * figure; the first scrape primes, the second reads it.
   */
  private Scrape scrapeWithCpu(double reported, String extra, String series) throws Exception {
    ObjectNode array = s5();
    ArrayNode batch = (ArrayNode) array.path("metrics").path(series).get(0);
    ((ObjectNode) batch.get(batch.size() - 1)).put("io_workload_cpu_utilization", reported);
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(array); Source source = source(ps, extra)) {
      source.scrape(new Scrape(1));
      Scrape s = new Scrape(2);
      source.scrape(s);
      return s;
    }
  }

  @Test
  void collectionsLargerThanAPageAreReadPageByPage() throws Exception {
    ObjectNode array = s5();
    ArrayNode volumes = array.with("resources").putArray("volume");
    ArrayNode mappings = array.with("resources").putArray("host_volume_mapping");
    int n = 2500; // more than one 2000-instance page
    for (int i = 0; i < n; i++) {
      volumes.addObject().put("id", "v" + i).put("name", "vol-" + i).put("appliance_id", "A1")
          .put("node_affinity", i % 2 == 0 ? "System_Selected_Node_A" : "System_Selected_Node_B");
      mappings.addObject().put("id", "m" + i).put("host_id", "ced80318-b14a-461d-93a7-11b10afaf349").put("volume_id", "v" + i);
    }
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(array); Source source = source(ps, "volume_metrics: false\n")) {
      var d = source.discover();
      assertEquals(n, d.entities().stream().filter(e -> e.kind().equals("disk")).count());
      assertEquals(n, d.relations().stream().filter(r -> r.rel().equals("served_by")).count());
      // 2000 + 500: two pages each
      assertEquals(2, ps.server().count("GET", "/api/rest/volume"));
      assertEquals(2, ps.server().count("GET", "/api/rest/host_volume_mapping"));
      assertEquals(List.of(), d.problems());
    }
  }

  @Test
  void contentRangeSaysWhetherMoreFollows() {
    assertTrue(PowerStoreApi.more("0-1999/4500", 2000));
    assertFalse(PowerStoreApi.more("2000-4499/4500", 4500));
    assertFalse(PowerStoreApi.more(null, 100));
    assertFalse(PowerStoreApi.more("garbage", 100));
  }

  @Test
  void aSlowMetricsAnswerIsAProblemOfItsSeriesAndTheTopologyStands() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(s5()); Source source = source(ps, "timeout: 300ms\n")) {
      ps.server().latency("/api/rest/metrics", Duration.ofMillis(800));
      Scrape s = new Scrape(1);
      source.scrape(s);
      assertEquals(8, s.entities().size()); // appliance, 2 nodes, 3 ports, 2 mapped volumes
      assertTrue(s.readings().isEmpty());
      // appliance, 2 nodes, 2 ports up, 2 volumes: each its own problem
      assertEquals(7, s.problems().size(), s.problems().toString());
      assertTrue(s.problems().get(0).contains("no complete response within timeout 300ms"), s.problems().get(0));
    }
  }

  @Test
  void aRateLimitedAnswerIsWaitedForAndRepeated() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(s5()); Source source = source(ps, "retries: 1\n")) {
      // the array's rate limit: 429 with Retry-After once; a POST is repeated on 429 (it was not acted on)
      ps.server().when("POST", "/api/rest/metrics/generate").times(1)
          .reply(429, Map.of("Retry-After", "1", "Content-Type", "application/json"), "{\"messages\":[]}");
      Scrape s = new Scrape(1);
      source.scrape(s);
      assertEquals(List.of(), s.problems());
      // 7 series (appliance, 2 nodes, 2 ports up, 2 volumes) and the one repeated
      assertEquals(8, ps.server().count("POST", "/api/rest/metrics/generate"));
    }
  }

  @Test
  void aFailedSeriesIsOneLineOfProblemWithItsBodySummarised() throws Exception {
    // the array's pretty-printed error body, 11 lines and over 200 characters, for every series
    String body = "{\n  \"messages\": [\n    {\n      \"code\": \"0xE04040010005\",\n      \"severity\": \"Error\",\n"
        + "      \"message_l10n\": \"The entity is not supported for this port type.\",\n"
        + "      \"arguments\": [\n        \"performance_metrics_by_fe_eth_port\",\n"
        + "        \"BaseEnclosure-NodeA-EmbeddedModule-MgmtPort\"\n      ]\n    }\n  ]\n}\n";
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(s5()); Source source = source(ps, "")) {
      ps.server().when("POST", "/api/rest/metrics/generate").reply(400, Map.of("Content-Type", "application/json"), body);
      Scrape s = new Scrape(1);
      source.scrape(s);
      // 7 series (appliance, 2 nodes, 2 ports up, 2 volumes): 7 problems, one line each, the message kept
      assertEquals(7, s.problems().size(), s.problems().toString());
      for (String p : s.problems()) {
        assertFalse(p.contains("\n"), p);
        assertTrue(p.endsWith("HTTP 400: 0xE04040010005: The entity is not supported for this port type."), p);
      }
    }
  }

  @Test
  void aMalformedAnswerNamesTheEndpointAndNoSecretAppearsInAnyProblem() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(s5()); Source source = source(ps, "")) {
      ps.server().when("GET", "/api/rest/eth_port").malformedJson();
      Scrape s = new Scrape(1);
      source.scrape(s);
      assertTrue(s.problems().stream().anyMatch(p -> p.startsWith("ps1/eth_port: GET ") && p.contains("/api/rest/eth_port")
          && p.contains("not JSON")), s.problems().toString());
      String token = ps.server().requests().stream().map(r -> r.header("DELL-EMC-TOKEN")).filter(t -> t != null)
          .findFirst().orElseThrow();
      for (String p : s.problems()) {
        assertFalse(p.contains(PASSWORD) || p.contains(token), p);
      }
      assertNull(s.readings().get("ps1/port/BaseEnclosure-NodeB-4PortCard-FEPort1"));
    }
  }
}
