package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.standin.StandinRequest;
import io.headroom.standin.StandinServer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Manners with a BMC's sessions, against the stand-in R760. */
class BmcSessionTest {
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
      assertTrue(first.getMessage().contains("RAC0218"), first.getMessage());
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
}
