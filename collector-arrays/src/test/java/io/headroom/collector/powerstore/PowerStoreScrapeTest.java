package io.headroom.collector.powerstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import io.headroom.standin.arrays.PowerStoreStandin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The powerstore source's scrape orchestration against the PowerStore stand-in over HTTP: when the
 * topology is read again, which volumes get per-volume metrics, and when a scrape fails as a whole.
 * The S5 array (golden/powerstore/s5-two-nodes): one appliance, 2 nodes, 3 ports (2 up), 3 volumes
 * of which 2 are mapped to a host: 7 series, 2 of them volumes'.
 */
class PowerStoreScrapeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path S5 = Path.of("src/test/resources/golden/powerstore/s5-two-nodes/input/array.json");
  /** A nanoTime far from 0, so that a refresh computed from a sum instead of a difference shows. */
  private static final long START = 1_000_000_000_000L;
  private static final long REFRESH = PowerStoreSource.TOPOLOGY_REFRESH.toNanos();

  @TempDir
  Path dir;

  private final AtomicLong nanos = new AtomicLong(START);
  /** The session of the source last built, to see its logins and redaction. */
  private PowerStoreSession session;

  /** The source as the factory builds it, but on this test's nanosecond clock. */
  private PowerStoreSource source(PowerStoreStandin.Running ps, String extra) throws Exception {
    Files.writeString(dir.resolve("ps.pw"), "ps-secret-42\n");
    JsonNode yaml = YAML.readTree("url: " + ps.server().baseUri()
        + "\nplaintext: true\nusername: monitor\npassword_file: ps.pw\nretries: 0\n" + extra);
    RemoteSection<PowerStoreSettings> section = RemoteSection.bind(yaml, PowerStoreSettings.class, dir, "test");
    Credentials credentials = Credentials.resolve(section.endpoint(), dir);
    RemoteHttpClient http = RemoteHttpClient.builder(section.endpoint(), credentials).build();
    session = new PowerStoreSession(http, credentials);
    return new PowerStoreSource("ps1", PowerStoreInterval.of(Duration.ofSeconds(20), "test"), section.own(), http,
        session, nanos::get);
  }

  private static long applianceReads(PowerStoreStandin.Running ps) {
    return ps.server().count("GET", "/api/rest/appliance");
  }

  private static long volumeSeriesReads(PowerStoreStandin.Running ps) {
    return ps.server().requests().stream().filter(r -> r.method().equals("POST")
        && r.bodyText().contains("performance_metrics_by_volume")).count();
  }

  @Test
  void theTopologyIsReadAgainOnceFiveMinutesHavePassedAndNotBefore() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(JSON.readTree(S5.toFile()));
        PowerStoreSource source = source(ps, "")) {
      source.scrape(new Scrape(1));
      assertEquals(1, applianceReads(ps));
      nanos.set(START + REFRESH - 1); // 1 ns short of 5 minutes: the topology read at START stands
      source.scrape(new Scrape(2));
      assertEquals(1, applianceReads(ps));
      nanos.set(START + REFRESH); // exactly 5 minutes: read again
      source.scrape(new Scrape(3));
      assertEquals(2, applianceReads(ps));
      nanos.set(START + REFRESH + 1); // 1 ns after the second read: it stands
      source.scrape(new Scrape(4));
      assertEquals(2, applianceReads(ps));
      nanos.set(START + 2 * REFRESH - 1); // 1 ns short of 5 minutes after the second read
      source.scrape(new Scrape(5));
      assertEquals(2, applianceReads(ps));
    }
  }

  @Test
  void maxVolumesEqualToTheMappedVolumesReadsEveryOneWithoutANote() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(JSON.readTree(S5.toFile()));
        PowerStoreSource source = source(ps, "max_volumes: 2\n")) {
      Scrape s = new Scrape(1);
      source.scrape(s);
      assertEquals(2, volumeSeriesReads(ps)); // 2 mapped, 2 allowed
      assertEquals(List.of(), s.degraded().stream().filter(d -> d.contains("max_volumes")).toList());
    }
  }

  @Test
  void maxVolumesBelowTheMappedVolumesReadsTheFirstAndSaysSo() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(JSON.readTree(S5.toFile()));
        PowerStoreSource source = source(ps, "max_volumes: 1\n")) {
      Scrape s = new Scrape(1);
      source.scrape(s);
      assertEquals(1, volumeSeriesReads(ps)); // 2 mapped, 1 allowed
      assertEquals(List.of("ps1: 2 mapped volumes; per-volume metrics for the first 1 (max_volumes)"),
          s.degraded().stream().filter(d -> d.contains("max_volumes")).toList());
      // the other 5 series (appliance, 2 nodes, 2 ports up) are read all the same
      assertEquals(6, ps.server().count("POST", "/api/rest/metrics/generate"));
    }
  }

  @Test
  void volumeMetricsFalseReadsNoVolumeSeriesAndSaysNothingOfMaxVolumes() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(JSON.readTree(S5.toFile()));
        PowerStoreSource source = source(ps, "volume_metrics: false\nmax_volumes: 0\n")) {
      Scrape s = new Scrape(1);
      source.scrape(s);
      assertEquals(0, volumeSeriesReads(ps));
      assertEquals(5, ps.server().count("POST", "/api/rest/metrics/generate")); // 7 series less the 2 volumes
      assertEquals(List.of(), s.degraded().stream().filter(d -> d.contains("max_volumes")).toList());
    }
  }

  @Test
  void aScrapeWithSomeAnswersIsNoFailureAndOneWithNoneIs() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(JSON.readTree(S5.toFile()));
        PowerStoreSource source = source(ps, "")) {
      // only the metrics fail: the topology's 7 GETs were answered, the 7 series' problems are the scrape's
      ps.server().when("POST", "/api/rest/metrics/generate").reply(500);
      Scrape some = new Scrape(1);
      source.scrape(some);
      assertEquals(7, some.problems().size(), some.problems().toString());
      // the topology stands (under 5 minutes): the second scrape sends only the 7 failing POSTs
      IOException e = assertThrows(IOException.class, () -> source.scrape(new Scrape(2)));
      assertTrue(e.getMessage().startsWith("ps1: no request of the scrape was answered; the first problem: ps1/"),
          e.getMessage());
    }
  }

  @Test
  void aVolumeNamesTheHostsItIsMappedToAHostGroupAndAnUnknownHostByItsId() throws Exception {
    ObjectNode array = (ObjectNode) JSON.readTree(S5.toFile());
    ArrayNode mappings = (ArrayNode) array.path("resources").path("host_volume_mapping");
    // bench-vol-1 is mapped to host h1 already; add a host group's mapping (no host_id) and one to a host not listed
    mappings.addObject().put("id", "m3").putNull("host_id").put("volume_id", "ae20eb9a-a482-416e-aaf7-2a3fe7203630");
    mappings.addObject().put("id", "m4").put("host_id", "h-gone").put("volume_id", "ae20eb9a-a482-416e-aaf7-2a3fe7203630");
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(array); PowerStoreSource source = source(ps, "")) {
      assertEquals("powerstore", source.name());
      assertEquals(Duration.ofSeconds(20), source.interval());
      Discovery d = source.discover();
      Entity vol1 = d.entities().stream().filter(e -> e.id().equals("ps1/volume/bench-vol-1")).findFirst().orElseThrow();
      assertEquals("h1,host group,h-gone", vol1.attrs().get("mapped_hosts"));
    }
  }

  @Test
  void everyScrapeCarriesTheTopologysRelationsAndDegradedNotes() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(JSON.readTree(S5.toFile()));
        PowerStoreSource source = source(ps, "")) {
      source.scrape(new Scrape(1));
      Scrape second = new Scrape(2); // the topology read by the first scrape, carried again
      source.scrape(second);
      // golden/powerstore/s5-two-nodes/expected/discover.txt: the Ethernet port's LLDP neighbour, each volume's node
      assertEquals(List.of(
          new Relation("ps1/port/BaseEnclosure-NodeB-4PortCard-FEPort1", "cabled_to", "sw1/port/ethernet1/1/7"),
          new Relation("ps1/volume/bench-vol-1", "served_by", "ps1/node/N1"),
          new Relation("ps1/volume/bench-vol-2", "served_by", "ps1/node/N2")), second.relations());
      assertEquals(List.of("ps1/port/BaseEnclosure-NodeB-IoModule0-FEPort0: link down"), second.degraded());
    }
  }

  @Test
  void theSessionCountsItsLoginsAndRedactsItsTokenAndCookie() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(JSON.readTree(S5.toFile()));
        PowerStoreSource source = source(ps, "")) {
      source.scrape(new Scrape(1));
      source.scrape(new Scrape(2));
      assertEquals(1, ps.server().count("GET", "/api/rest/login_session")); // one login serves both scrapes
      ps.array().expireSessions();
      source.scrape(new Scrape(3));
      assertEquals(2, ps.server().count("GET", "/api/rest/login_session")); // the 401 after the expiry: logged in once more
      var last = ps.server().requests().get(ps.server().requests().size() - 1);
      String token = last.header("DELL-EMC-TOKEN");
      String cookie = last.header("Cookie").substring("auth_cookie=".length());
      String redacted = session.redaction().redact("token " + token + " cookie " + cookie + " password ps-secret-42");
      assertTrue(!redacted.contains(token) && !redacted.contains(cookie) && !redacted.contains("ps-secret-42"), redacted);
    }
  }
}
