package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.collector.remote.ManualClock;
import io.headroom.standin.StandinServer;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link BmcClient} says when a read fails, and when it leaves a busy BMC alone: against the
 * stand-in R760 with no login, one request per read (retries 0), a test clock.
 */
class BmcClientTest {
  private static final String ROOT = "/redfish/v1";
  private static final Map<String, String> TEXT = Map.of("Content-Type", "text/plain");

  @TempDir Path dir;
  private final ManualClock clock = new ManualClock(Instant.parse("2026-12-03T10:00:00Z"));

  private BmcClient client(StandinServer bmc) throws Exception {
    return Bmc.client(bmc.baseUri(), dir, clock, "");
  }

  /** The message of the read's failure past "GET url/redfish/v1: ". */
  private static String failure(BmcClient client, String target) {
    BmcException e = assertThrows(BmcException.class, () -> client.get(ROOT));
    String prefix = "GET " + target + ROOT + ": ";
    assertEquals(prefix, e.getMessage().substring(0, Math.min(prefix.length(), e.getMessage().length())), e.getMessage());
    return e.getMessage().substring(prefix.length());
  }

  @Test
  void aBusyBmcIsLeftAloneForItsRetryAfterThenAskedAgain() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start(); BmcClient client = client(bmc)) {
      bmc.when("GET", ROOT).times(1).reply(429, Map.of("Retry-After", "120"), "");
      assertEquals("HTTP 429 (BMC busy); backing off", failure(client, client.target()));
      clock.advance(Duration.ofSeconds(119)); // one second before the 120 s it asked for
      Instant until = Instant.parse("2026-12-03T10:02:00Z");
      assertEquals("not sent, backing off until " + until + " (the BMC said busy)", failure(client, client.target()));
      assertEquals(1, bmc.count("GET", ROOT));
      clock.advance(Duration.ofSeconds(1)); // exactly at the end of the wait: sent
      assertEquals(ROOT, client.get(ROOT).path("@odata.id").asText());
      assertEquals(2, bmc.count("GET", ROOT));
    }
  }

  @Test
  void theBaseRegistrysSessionLimitIsNamedAndAnyOtherMessageIsBusy() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start(); BmcClient client = client(bmc)) {
      // the body Cisco CIMC sends (akaliwod/iserver doc/green), here with a 503
      bmc.when("GET", ROOT).times(1).reply(503, Map.of("Content-Type", "application/json"),
          "{\"error\":{\"code\":\"Base.1.4.0.GeneralError\",\"@Message.ExtendedInfo\":[{\"MessageId\":"
              + "\"Base.1.4.0.SessionLimitExceeded\"}]}}");
      assertEquals("HTTP 503 Base.1.4.0.SessionLimitExceeded (no session slot free on the BMC; DMTF schema only profile); "
          + "backing off", failure(client, client.target()));
      clock.advance(BmcClient.DEFAULT_BACKOFF);
      bmc.when("GET", ROOT).times(1).reply(503, Map.of("Content-Type", "application/json"),
          "{\"error\":{\"code\":\"Base.1.4.0.GeneralError\",\"@Message.ExtendedInfo\":[{\"MessageId\":"
              + "\"Base.1.4.0.ServiceTemporarilyUnavailable\"}]}}");
      assertEquals("HTTP 503 (BMC busy); backing off", failure(client, client.target()));
    }
  }

  @Test
  void aBusyBmcThatGivesNoRetryAfterIsLeftAloneThirtySeconds() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start(); BmcClient client = client(bmc)) {
      bmc.when("GET", ROOT).times(1).reply(503);
      assertEquals("HTTP 503 (BMC busy); backing off", failure(client, client.target()));
      clock.advance(BmcClient.DEFAULT_BACKOFF.minusSeconds(1));
      assertThrows(BmcException.class, () -> client.get(ROOT));
      assertEquals(1, bmc.count("GET", ROOT));
      clock.advance(Duration.ofSeconds(1)); // 30 s after the 503
      client.get(ROOT);
      assertEquals(2, bmc.count("GET", ROOT));
    }
  }

  @Test
  void aFailureThatIsNotBusyDoesNotHoldTheNextRequest() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start(); BmcClient client = client(bmc)) {
      bmc.when("GET", ROOT).times(1).reply(500);
      assertEquals("HTTP 500: Standin.Injected injected status 500", failure(client, client.target()));
      client.get(ROOT); // at once, same instant of the clock
      assertEquals(2, bmc.count("GET", ROOT));
    }
  }

  @Test
  void aRedfishErrorIsToldByItsMessageIdAndMessage() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start(); BmcClient client = client(bmc)) {
      bmc.when("GET", ROOT).times(1).reply(500, Map.of("Content-Type", "application/json"),
          "{\"error\":{\"code\":\"Base.1.12.GeneralError\",\"message\":\"see ExtendedInfo\",\"@Message.ExtendedInfo\":"
              + "[{\"MessageId\":\"IDRAC.2.9.SYS446\",\"Message\":\"Unable to complete the operation.\"}]}}");
      assertEquals("HTTP 500: IDRAC.2.9.SYS446 Unable to complete the operation.", failure(client, client.target()));
      // without ExtendedInfo: the error's code; without a message nothing after it
      bmc.when("GET", ROOT).times(1).reply(400, Map.of("Content-Type", "application/json"),
          "{\"error\":{\"code\":\"Base.1.12.GeneralError\"}}");
      assertEquals("HTTP 400: Base.1.12.GeneralError", failure(client, client.target()));
    }
  }

  @Test
  void aBodyThatIsNotJsonIsQuotedUpTo200Characters() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start(); BmcClient client = client(bmc)) {
      String exactly200 = "a".repeat(200);
      bmc.when("GET", ROOT).times(1).reply(502, TEXT, "  " + exactly200 + "\n"); // stripped first
      assertEquals("HTTP 502: " + exactly200, failure(client, client.target()));
      bmc.when("GET", ROOT).times(1).reply(502, TEXT, exactly200 + "b");
      assertEquals("HTTP 502: " + exactly200 + "...", failure(client, client.target()));
      bmc.when("GET", ROOT).times(1).reply(502, TEXT, " \n ");
      assertEquals("HTTP 502", failure(client, client.target()));
    }
  }

  @Test
  void aBmcThatDoesNotAnswerIsNamedOnceInTheMessage() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    try (BmcClient client = Bmc.client(URI.create("http://127.0.0.1:" + port), dir, clock, "")) {
      // the client's own "GET url: " is cut, ours says the same
      String reason = failure(client, client.target());
      assertEquals("ConnectException", reason.substring(0, reason.indexOf(':')), reason);
    }
  }

  @Test
  void basicRefusedNamesTheRequestOnceAndTheWayToMendIt() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient client = Bmc.client(bmc.baseUri(), dir, clock, "username: root\npassword_file: pw\n")) {
      bmc.when("POST", Bmc.SESSIONS).reply(405);
      bmc.when("POST", "/redfish/v1/Sessions").reply(405);
      bmc.requireBasic("root", "not-calvin");
      // the gate's "url: " before "HTTP Basic refused" is cut: the message names the BMC once
      assertEquals("HTTP Basic refused (HTTP 401); check the username and password", failure(client, client.target()));
    }
  }
}
