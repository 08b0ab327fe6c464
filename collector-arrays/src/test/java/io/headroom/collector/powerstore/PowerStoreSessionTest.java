package io.headroom.collector.powerstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.standin.arrays.PowerStoreStandin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PowerStore session's cookie, a login answered without token or cookie, and paging's end. */
class PowerStoreSessionTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path S5 = Path.of("src/test/resources/golden/powerstore/s5-two-nodes/input/array.json");

  @TempDir
  Path dir;

  private Source source(PowerStoreStandin.Running ps) throws Exception {
    Files.writeString(dir.resolve("ps.pw"), "ps-secret-42\n");
    String yaml = "url: " + ps.server().baseUri() + "\nplaintext: true\nusername: monitor\npassword_file: ps.pw\nretries: 0\n";
    return new PowerStoreSourceFactory().create(new SourceContext("ps1", Duration.ofSeconds(20), dir), YAML.readTree(yaml));
  }

  @Test
  void theAuthCookieIsFoundAmongSetCookieHeadersAndAnEmptyOneIsNone() {
    assertEquals("abc", PowerStoreSession.authCookie(List.of("auth_cookie=abc; Path=/; Secure")));
    assertEquals("xyz", PowerStoreSession.authCookie(List.of("lang=en; Path=/", "Secure; auth_cookie=xyz")));
    assertNull(PowerStoreSession.authCookie(List.of("auth_cookie=; Path=/")));
    assertNull(PowerStoreSession.authCookie(List.of("auth_cookie2=abc", "lang=en")));
    assertNull(PowerStoreSession.authCookie(List.of()));
  }

  @Test
  void aLoginAnsweredWithoutTheTokenNamesWhatIsMissingForEachResource() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(JSON.readTree(S5.toFile())); Source source = source(ps)) {
      ps.server().when("GET", "/api/rest/login_session").reply(200, Map.of("Set-Cookie", "auth_cookie=c1"), "[]");
      Discovery d = source.discover();
      // appliance, node, fc_port, eth_port, host, host_volume_mapping, volume: each tried its own login
      assertEquals(7, d.problems().size(), d.problems().toString());
      assertTrue(d.problems().get(0).startsWith("ps1/appliance: "), d.problems().get(0));
      assertTrue(d.problems().get(0).endsWith("/api/rest/login_session: login answered without the DELL-EMC-TOKEN header"),
          d.problems().get(0));
      assertEquals(List.of(), d.entities());
    }
  }

  @Test
  void aLoginAnsweredWithoutTheCookieNamesTheCookie() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(JSON.readTree(S5.toFile())); Source source = source(ps)) {
      ps.server().when("GET", "/api/rest/login_session").reply(200, Map.of("DELL-EMC-TOKEN", "t1"), "[]");
      Discovery d = source.discover();
      assertTrue(d.problems().get(0).endsWith("/api/rest/login_session: login answered without an auth_cookie cookie"),
          d.problems().get(0));
    }
  }

  @Test
  void aSourceThatNeverLoggedInSendsNoLogout() throws Exception {
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(JSON.readTree(S5.toFile()))) {
      source(ps).close();
      assertEquals(0, ps.server().count("POST", "/api/rest/logout"));
      assertEquals(0, ps.array().logouts());
    }
  }

  @Test
  void contentRangeSaysMoreUntilTheLastInstanceAndTakesTheItemsPrefix() {
    assertTrue(PowerStoreApi.more("0-1999/2001", 2000)); // 2000 of 2001: one more
    assertFalse(PowerStoreApi.more("0-1999/2000", 2000)); // all 2000
    assertTrue(PowerStoreApi.more("items 0-1999/4500", 2000));
    assertFalse(PowerStoreApi.more("0-1999/", 2000));
  }

  @Test
  void aCollectionLargerThanFiftyPagesIsCutAtTheFiftieth() throws Exception {
    ObjectNode array = (ObjectNode) JSON.readTree(S5.toFile());
    ArrayNode volumes = array.with("resources").putArray("volume");
    int n = PowerStoreApi.PAGE * PowerStoreApi.MAX_PAGES + 1; // 2000 x 50 + 1 = 100,001: one past the cut
    for (int i = 0; i < n; i++) {
      volumes.addObject().put("id", "v" + i).put("name", "vol-" + i);
    }
    // the first volume and the one past the cut mapped to host h1: only the first is listed
    ArrayNode mappings = array.with("resources").putArray("host_volume_mapping");
    for (String v : List.of("v0", "v" + (n - 1))) {
      mappings.addObject().put("id", "m-" + v).put("host_id", "ced80318-b14a-461d-93a7-11b10afaf349").put("volume_id", v);
    }
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(array); Source source = source(ps)) {
      Discovery d = source.discover();
      assertEquals(50, ps.server().count("GET", "/api/rest/volume")); // MAX_PAGES requests, no 51st
      assertEquals(List.of("ps1/volume/vol-0"),
          d.entities().stream().filter(e -> e.kind().equals("disk")).map(e -> e.id()).toList());
    }
  }
}
