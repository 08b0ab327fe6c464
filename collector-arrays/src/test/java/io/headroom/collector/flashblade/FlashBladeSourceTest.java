package io.headroom.collector.flashblade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.ConfigException;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The FlashBlade source's scrape as a whole, against a stand-in: one endpoint failing leaves the
 * others' readings, every endpoint failing fails the scrape, a refused token stops it at the first
 * endpoint, the rows' own times are used, and closing logs out.
 */
class FlashBladeSourceTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @TempDir
  Path dir;

  private final AtomicInteger logins = new AtomicInteger();
  private final AtomicInteger logouts = new AtomicInteger();

  /** api 2.0; the token T-123 logs in; /api/logout is counted. Data endpoints are added per test. */
  private StandinServer array() throws IOException {
    StandinServer server = StandinServer.builder().start();
    server.handle("/api/api_version", req -> StandinReply.json("{\"versions\":[\"2.0\"]}"));
    server.handle("/api/login", req -> {
      logins.incrementAndGet();
      return "T-123".equals(req.header("api-token"))
          ? StandinReply.json("{}").withHeader("x-auth-token", "s1") : StandinReply.json(401, "{}");
    });
    server.handle("/api/logout", req -> {
      logouts.incrementAndGet();
      return StandinReply.json("{}");
    });
    return server;
  }

  private Source source(StandinServer server, String token) throws Exception {
    Files.writeString(dir.resolve("token"), token);
    String yaml = "url: " + server.baseUri() + "\nplaintext: true\npassword_file: token\nretries: 0\n";
    return new FlashBladeSourceFactory().create(new SourceContext("fb1", Duration.ofSeconds(7), dir), YAML.readTree(yaml));
  }

  @Test
  void aFailedEndpointIsOneProblemAndTheOtherEndpointsReadingsStand() throws Exception {
    try (StandinServer server = array()) {
      server.handle("/api/2.0/arrays", req -> StandinReply.json("{\"items\":[{\"name\":\"fbA\",\"os\":\"Purity//FB\"}]}"));
      // time 1,700,000,000,000 ms is 1,700,000,000 s; the scrape's own time (5.0) must not be used
      server.handle("/api/2.0/arrays/nfs-specific-performance",
          req -> StandinReply.json("{\"items\":[{\"time\":1700000000000,\"reads_per_sec\":250}]}"));
      server.handle("/api/2.0/file-systems/performance", req -> StandinReply.json(500, "{}"));
      // hardware and hardware-connectors are not served: 404, a second failed part
      Scrape scrape = new Scrape(5.0);
      try (Source s = source(server, "T-123")) {
        assertEquals("flashblade", s.name());
        assertEquals(Duration.ofSeconds(7), s.interval());
        s.scrape(scrape);
      }
      assertEquals(List.of("fb1/nfs"), scrape.entities().stream().map(e -> e.id()).toList());
      List<Scrape.Reading> nfs = scrape.readings().get("fb1/nfs");
      assertEquals(1, nfs.size());
      assertEquals(1_700_000_000.0, nfs.get(0).ts());
      assertEquals(250.0, nfs.get(0).value());
      assertEquals(2, scrape.problems().size(), scrape.problems().toString());
      assertTrue(scrape.problems().get(0).startsWith("fb1 file-systems/performance: "), scrape.problems().toString());
      assertTrue(scrape.problems().get(1).startsWith("fb1 hardware: "), scrape.problems().toString());
      assertEquals(1, logouts.get(), "closing the source ends its session on the array");
    }
  }

  @Test
  void everyEndpointFailingFailsTheScrape() throws Exception {
    try (StandinServer server = array(); Source s = source(server, "T-123")) {
      Scrape scrape = new Scrape(5.0);
      assertThrows(IOException.class, () -> s.scrape(scrape));
      assertEquals(3, scrape.problems().size(), scrape.problems().toString());
    }
  }

  @Test
  void aRefusedTokenStopsTheScrapeAtTheFirstEndpointWithOneLogin() throws Exception {
    try (StandinServer server = array(); Source s = source(server, "T-999")) {
      Scrape scrape = new Scrape(5.0);
      assertThrows(LoginFailedException.class, () -> s.scrape(scrape));
      assertEquals(1, logins.get(), "the other endpoints are not tried: each would be refused too");
      assertEquals(1, scrape.problems().size(), scrape.problems().toString());
      assertTrue(scrape.problems().get(0).startsWith("fb1: "), scrape.problems().toString());
      assertTrue(!scrape.problems().get(0).contains("T-999"), scrape.problems().get(0));
    }
  }

  @Test
  void theFactoryNamesItsTypeDeclaresItsMetricsAndNeedsAToken() throws Exception {
    FlashBladeSourceFactory factory = new FlashBladeSourceFactory();
    assertEquals("flashblade", factory.type());
    assertEquals(FlashBladeMetrics.ALL, factory.metrics());
    assertTrue(!factory.metrics().isEmpty());
    ConfigException e = assertThrows(ConfigException.class, () -> factory.create(
        new SourceContext("fb1", null, dir), YAML.readTree("url: https://fb1.example\n")));
    assertTrue(e.getMessage().startsWith("flashblade source of fb1: password_env or password_file"), e.getMessage());
  }
}
