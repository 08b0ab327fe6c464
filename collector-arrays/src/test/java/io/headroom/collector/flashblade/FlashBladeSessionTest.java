package io.headroom.collector.flashblade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The FlashBlade session against a stand-in: version choice, login, a session ended, paging and its loops. */
class FlashBladeSessionTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @TempDir
  Path dir;

  private FlashBladeSession session(StandinServer server, String apiVersion) throws Exception {
    Files.writeString(dir.resolve("token"), "T-123");
    JsonNode yaml = YAML.readTree("url: " + server.baseUri() + "\nplaintext: true\npassword_file: token\nretries: 0\n");
    RemoteSection<FlashBladeSettings> s = RemoteSection.bind(yaml, FlashBladeSettings.class, dir, "flashblade source of fb1");
    Credentials c = Credentials.resolve(s.endpoint(), dir);
    return new FlashBladeSession(RemoteHttpClient.builder(s.endpoint(), c).build(), c, apiVersion);
  }

  /** api_version lists 1.x and 2.x; login hands out session-1, session-2, ... for the token T-123. */
  private static StandinServer array(AtomicInteger logins) throws IOException {
    StandinServer server = StandinServer.builder().start();
    server.handle("/api/api_version", req -> StandinReply.json("{\"versions\":[\"1.12\",\"2.0\",\"2.3\"]}"));
    server.handle("/api/login", req -> "T-123".equals(req.header("api-token"))
        ? StandinReply.json("{}").withHeader("x-auth-token", "session-" + logins.incrementAndGet())
        : StandinReply.json(401, "{}"));
    return server;
  }

  @Test
  void theNewest2xIsUsedAndEveryPageFollowedUntilNoToken() throws Exception {
    AtomicInteger logins = new AtomicInteger();
    try (StandinServer server = array(logins); FlashBladeSession s = session(server, null)) {
      server.handle("/api/2.3/hardware", req -> StandinReply.json(req.query() == null
          ? "{\"items\":[{\"name\":\"a\"}],\"continuation_token\":\"p2\"}"
          : "{\"items\":[{\"name\":\"b\"}],\"continuation_token\":null}"));
      List<JsonNode> items = s.items("hardware");
      assertEquals(List.of("a", "b"), items.stream().map(i -> i.path("name").asText()).toList());
      // read under /api/2.3/, not 1.12, the older API, though it is listed
      assertEquals(2, server.count("GET", "/api/2.3/hardware"));
      assertEquals(1, logins.get());
    }
  }

  /**
   * The cap at its boundary: a collection of exactly MAX_PAGES pages (1,000; tokens t1..t999, the
   * last page without one) is read whole, 1,000 items; one of 1,001 pages is refused after the
   * 1,000th request, with no 1,001st sent.
   */
  @Test
  void aThousandPagesAreReadAndTheThousandAndFirstIsRefused() throws Exception {
    try (StandinServer server = array(new AtomicInteger()); FlashBladeSession s = session(server, "2.0")) {
      server.handle("/api/2.0/exact", req -> page(req.query(), FlashBladeSession.MAX_PAGES));
      server.handle("/api/2.0/over", req -> page(req.query(), FlashBladeSession.MAX_PAGES + 1));
      assertEquals(1000, s.items("exact").size());
      assertEquals(1000, server.count("GET", "/api/2.0/exact"));
      IOException e = assertThrows(IOException.class, () -> s.items("over"));
      assertEquals("over: more than 1000 pages: refused", e.getMessage());
      assertEquals(1000, server.count("GET", "/api/2.0/over"));
    }
  }

  /** Page k of a collection of {@code pages} (k from the query's token tK, 0 without one): one item, and tK+1 unless last. */
  private static StandinReply page(String query, int pages) {
    int k = query == null ? 0 : Integer.parseInt(query.substring(query.indexOf("=t") + 2));
    String token = k + 1 < pages ? "\"t" + (k + 1) + "\"" : "null";
    return StandinReply.json("{\"items\":[{\"page\":" + k + "}],\"continuation_token\":" + token + "}");
  }

  @Test
  void aTokenSeenTwiceIsALoop() throws Exception {
    try (StandinServer server = array(new AtomicInteger()); FlashBladeSession s = session(server, "2.0")) {
      server.handle("/api/2.0/arrays", req -> StandinReply.json("{\"items\":[{}],\"continuation_token\":\"again\"}"));
      IOException e = assertThrows(IOException.class, () -> s.items("arrays"));
      assertTrue(e.getMessage().contains("repeats an earlier one"), e.getMessage());
    }
  }

  @Test
  void anEndedSessionLogsInOnceMoreAndARefusedTokenIsALoginFailure() throws Exception {
    AtomicInteger logins = new AtomicInteger();
    try (StandinServer server = array(logins); FlashBladeSession s = session(server, null)) {
      // the first session is ended on the array: 401 until the second one comes
      server.handle("/api/2.3/blades", req -> "session-1".equals(req.header("x-auth-token"))
          ? StandinReply.json(401, "{}") : StandinReply.json("{\"items\":[{\"name\":\"CH1.FB1\"}]}"));
      assertEquals(1, s.items("blades").size());
      assertEquals(2, logins.get());
    }
  }

  @Test
  void aRefusedTokenIsALoginFailureThatNamesNoToken() throws Exception {
    Files.writeString(dir.resolve("token"), "T-999");
    try (StandinServer server = array(new AtomicInteger())) {
      JsonNode yaml = YAML.readTree("url: " + server.baseUri() + "\nplaintext: true\npassword_file: token\nretries: 0\n");
      RemoteSection<FlashBladeSettings> sec = RemoteSection.bind(yaml, FlashBladeSettings.class, dir, "fb");
      Credentials c = Credentials.resolve(sec.endpoint(), dir);
      try (FlashBladeSession s = new FlashBladeSession(RemoteHttpClient.builder(sec.endpoint(), c).build(), c, null)) {
        LoginFailedException e = assertThrows(LoginFailedException.class, () -> s.items("hardware"));
        assertTrue(e.getMessage().contains("login refused, HTTP 401 (check the API token)"), e.getMessage());
        assertTrue(!e.getMessage().contains("T-999"), e.getMessage());
      }
    }
  }
}
