package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.standin.StandinRequest;
import io.headroom.standin.StandinServer;
import io.headroom.collector.remote.RemoteHttpException;
import io.headroom.collector.remote.RemoteStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Manners with a BMC's sessions, against the stand-in R760. */
class BmcSessionTest {
  private static final String ROOT = "/redfish/v1";
  private static final String SSE = "/redfish/v1/SSE";

  @TempDir Path dir;

  @Test
  void oneSessionIsMadeReusedByEveryRequestAndDeletedOnClose() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start()) {
      bmc.requireSession("root", "calvin", "X-Auth-Token", Bmc.SESSIONS, false);
      RedfishSource source = Bmc.source(bmc, dir, Bmc.LOGIN + "telemetry: poll\n");
      Scrape first = new Scrape(1000);
      source.scrape(first);
      source.scrape(new Scrape(1010));
      assertEquals(0.37, Bmc.value(first, "bmc1/cpu", "util")); // Reading 37 (%) in the tree
      assertEquals(1, bmc.count("POST", Bmc.SESSIONS));
      assertEquals(1, bmc.openSessions());
      source.close();
      assertEquals(0, bmc.openSessions());
      assertEquals(1, bmc.count("DELETE", Bmc.SESSIONS + "/1"));
    }
  }

  @Test
  void anExpiredSessionIsMadeAgainOnceAndTheScrapeCompletes() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, Bmc.LOGIN + "telemetry: poll\nmax_concurrency: 2\n")) {
      bmc.requireSession("root", "calvin", "X-Auth-Token", Bmc.SESSIONS, false);
      source.scrape(new Scrape(1000));
      bmc.expireSessions(); // the BMC rebooted or timed the session out
      Scrape after = new Scrape(1010);
      source.scrape(after);
      assertEquals(0.37, Bmc.value(after, "bmc1/cpu", "util"));
      assertEquals(java.util.List.of(), after.problems());
      // parallel requests that all met the 401 renewed once, not once each
      assertEquals(2, bmc.count("POST", Bmc.SESSIONS));
      assertEquals(1, bmc.openSessions());
    }
  }

  @Test
  void a405OnTheSessionServiceFallsBackToSlashSessions() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, Bmc.LOGIN + "telemetry: poll\n")) {
      bmc.when("POST", Bmc.SESSIONS).reply(405);
      bmc.requireSession("root", "calvin", "X-Auth-Token", "/redfish/v1/Sessions", false);
      Scrape s = new Scrape(1000);
      source.scrape(s);
      assertEquals(0.37, Bmc.value(s, "bmc1/cpu", "util"));
      assertEquals(1, bmc.count("POST", "/redfish/v1/Sessions"));
      assertEquals(1, bmc.openSessions());
    }
  }

  @Test
  void withNoSessionServiceAtAllEveryRequestCarriesBasic() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, Bmc.LOGIN + "telemetry: poll\n")) {
      bmc.when("POST", Bmc.SESSIONS).reply(405);
      bmc.when("POST", "/redfish/v1/Sessions").reply(405);
      bmc.requireBasic("root", "calvin");
      Scrape s = new Scrape(1000);
      source.scrape(s);
      assertEquals(0.37, Bmc.value(s, "bmc1/cpu", "util"));
      for (StandinRequest r : bmc.requests()) {
        if (r.method().equals("GET")) {
          assertTrue(r.header("Authorization").startsWith("Basic "), r.path());
        }
      }
    }
  }

  @Test
  void rac0218IsWaitedOutWithoutAnotherLoginAttempt() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, Bmc.LOGIN + "telemetry: poll\nretries: 0\n")) {
      bmc.when("POST", Bmc.SESSIONS).reply(503, Map.of("Content-Type", "application/json", "Retry-After", "120"),
          "{\"error\":{\"code\":\"Base.1.12.GeneralError\",\"@Message.ExtendedInfo\":[{\"MessageId\":\"IDRAC.2.9.RAC0218\","
              + "\"Message\":\"The maximum number of user sessions is reached.\"}]}}");
      Exception first = assertThrows(java.io.IOException.class, () -> source.scrape(new Scrape(1000)));
      assertTrue(first.getMessage().contains("HTTP 503 IDRAC.2.9.RAC0218 (no session slot free on the BMC; Dell iDRAC9 profile)"),
          first.getMessage());
      Exception second = assertThrows(java.io.IOException.class, () -> source.scrape(new Scrape(1010)));
      assertEquals(1, bmc.count("POST", Bmc.SESSIONS)); // the second scrape did not try again
      assertTrue(second.getMessage().contains("backing off"), second.getMessage());
    }
  }

  /** A Cisco CIMC's answer, as a real log shows it (akaliwod/iserver, doc/green): HTTP 400 naming the DMTF id. */
  @Test
  void aSessionLimitAtHttp400IsWaitedOutToo() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, Bmc.LOGIN + "telemetry: poll\nretries: 0\n")) {
      bmc.when("POST", Bmc.SESSIONS).reply(400, Map.of("Content-Type", "application/json"),
          "{\"error\":{\"code\":\"Base.1.4.0.GeneralError\",\"message\":\"See ExtendedInfo for more information.\","
              + "\"@Message.ExtendedInfo\":[{\"@odata.type\":\"#Message.v1_1_1.Message\",\"MessageId\":"
              + "\"Base.1.4.0.SessionLimitExceeded\",\"Message\":\"The session establishment failed due to the number of"
              + " simultaneous sessions exceeding the limit of the implementation.\",\"MessageArgs\":[],\"Severity\":"
              + "\"Warning\"}]}}");
      Exception first = assertThrows(java.io.IOException.class, () -> source.scrape(new Scrape(1000)));
      assertTrue(first.getMessage().contains("HTTP 400 Base.1.4.0.SessionLimitExceeded (no session slot free on the BMC;"),
          first.getMessage());
      Exception second = assertThrows(java.io.IOException.class, () -> source.scrape(new Scrape(1010)));
      assertEquals(1, bmc.count("POST", Bmc.SESSIONS)); // the second scrape did not try again
      assertTrue(second.getMessage().contains("backing off"), second.getMessage());
    }
  }

  @Test
  void aRefusedLoginIsNotRetriedAndNamesTheBmc() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, "username: root\npassword_file: pw\ntelemetry: poll\n")) {
      bmc.requireSession("root", "another-password", "X-Auth-Token", Bmc.SESSIONS, false);
      Exception e = assertThrows(java.io.IOException.class, () -> source.scrape(new Scrape(1000)));
      assertEquals(1, bmc.count("POST", Bmc.SESSIONS));
      String problem = e.getMessage();
      assertTrue(problem.contains("POST " + bmc.baseUri() + Bmc.SESSIONS + ": login refused (HTTP 401)"), problem);
      assertTrue(!problem.contains("calvin"), problem);
    }
  }

  @Test
  void a403DeletesTheOldSessionBeforeLoggingInAgain() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient client = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), Bmc.LOGIN)) {
      bmc.requireSession("root", "calvin", "X-Auth-Token", Bmc.SESSIONS, false);
      client.get(ROOT);
      bmc.when("GET", ROOT).times(1).reply(403); // the session lost its privilege: it may still hold a slot
      assertEquals(ROOT, client.get(ROOT).path("@odata.id").asText());
      assertEquals(1, bmc.count("DELETE", Bmc.SESSIONS + "/1"));
      assertEquals(2, bmc.count("POST", Bmc.SESSIONS));
      assertEquals(1, bmc.openSessions());
    }
  }

  @Test
  void aClosedClientLogsInAgainWhenUsedAfterwards() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient client = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), Bmc.LOGIN)) {
      bmc.requireSession("root", "calvin", "X-Auth-Token", Bmc.SESSIONS, false);
      client.get(ROOT);
      client.close();
      client.close(); // twice: the second finds no session to delete
      assertEquals(1, bmc.count("DELETE", Bmc.SESSIONS + "/1"));
      assertEquals(ROOT, client.get(ROOT).path("@odata.id").asText());
      assertEquals(2, bmc.count("POST", Bmc.SESSIONS));
    }
  }

  /** The session's path as the BMC told it (Location header, else the body's @odata.id), from the DELETE on close. */
  private String deletedPath(String location, String body) throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start()) {
      Map<String, String> headers = new java.util.HashMap<>(Map.of("X-Auth-Token", "t0k3n", "Content-Type", "application/json"));
      if (location != null) {
        headers.put("Location", location.replace("BASE", bmc.baseUri().toString().replaceAll("/$", "")));
      }
      bmc.when("POST", Bmc.SESSIONS).times(1).reply(201, headers, body);
      BmcClient client = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), Bmc.LOGIN);
      client.get(ROOT);
      client.close();
      List<String> deleted = bmc.requests().stream().filter(r -> r.method().equals("DELETE")).map(StandinRequest::path).toList();
      assertTrue(deleted.size() <= 1, deleted.toString());
      return deleted.isEmpty() ? null : deleted.get(0);
    }
  }

  @Test
  void theSessionIsDeletedWhereTheBmcSaidItIs() throws Exception {
    String body = "{\"@odata.id\":\"/redfish/v1/SessionService/Sessions/body-7\"}";
    assertEquals(Bmc.SESSIONS + "/loc-3", deletedPath(Bmc.SESSIONS + "/loc-3", body));
    assertEquals(Bmc.SESSIONS + "/abs-4", deletedPath("BASE" + Bmc.SESSIONS + "/abs-4", body)); // absolute: its path
    assertEquals(Bmc.SESSIONS + "/body-7", deletedPath(null, body));
    assertEquals(Bmc.SESSIONS + "/body-7", deletedPath("  ", body));
    assertEquals(null, deletedPath(null, "{\"Id\":\"7\"}")); // nowhere to delete: it times out on the BMC
  }

  @Test
  void aStreamRefusedWithAnExpiredSessionIsOpenedAgainAfterOneLogin() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient client = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), Bmc.LOGIN)) {
      bmc.stream(SSE, "text/event-stream", (req, out) -> out.send(": keep-alive\n\n"));
      bmc.requireSession("root", "calvin", "X-Auth-Token", Bmc.SESSIONS, false);
      client.get(ROOT);
      bmc.expireSessions();
      try (RemoteStream r = client.openStream(SSE, Duration.ofSeconds(5))) {
        assertEquals(": keep-alive", r.source().readUtf8Line()); // opened: a refusal would have thrown
      }
      assertEquals(2, bmc.count("POST", Bmc.SESSIONS));
      assertEquals(2, bmc.count("GET", SSE)); // the 401, then the stream
    }
  }

  @Test
  void aStreamRefusedWithoutALoginOrForAnotherReasonIsNotTriedAgain() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient anonymous = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), "");
        BmcClient loggedIn = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), Bmc.LOGIN)) {
      bmc.when("GET", SSE).reply(401);
      RemoteHttpException none = assertThrows(RemoteHttpException.class, () -> anonymous.openStream(SSE, Duration.ofSeconds(5)));
      assertEquals(401, none.status());
      assertEquals(1, bmc.count("GET", SSE));
      bmc.clearInjections();
      bmc.when("GET", SSE).reply(404);
      RemoteHttpException missing = assertThrows(RemoteHttpException.class, () -> loggedIn.openStream(SSE, Duration.ofSeconds(5)));
      assertEquals(404, missing.status());
      assertEquals(2, bmc.count("GET", SSE));
      assertEquals(1, bmc.count("POST", Bmc.SESSIONS)); // the 404 is not a session's end
    }
  }
}
