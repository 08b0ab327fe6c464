package io.headroom.collector.ontap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.ManualClock;
import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.Secret;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The requests {@link CounterApi} sends (max_records and return_timeout added once, whatever the
 * path's query), the cut at {@link CounterApi#MAX_PAGES} pages of a runaway next link, and the login
 * hold it keeps: an answered request starts the next refusal's hold from login_backoff again.
 */
class CounterApiTest {
  private static final String ONE_RECORD = "{\"records\":[{\"name\":\"e0a\"}],\"num_records\":1}";

  private StandinServer server;
  private final ManualClock clock = new ManualClock(Instant.parse("2026-12-01T10:00:00Z"));
  private RemoteHttpClient http;
  private CounterApi api;

  @BeforeEach
  void start() throws Exception {
    server = StandinServer.builder().start().requireBasic("monitor", "ontap-secret-7");
    http = RemoteHttpClient.builder(RemoteEndpoint.of(server.baseUri()).withPlaintext(true),
        new Credentials("monitor", Secret.of("ontap-secret-7"))).clock(clock).build();
    // max_records 500 and return_timeout 20, not the defaults 1000 and 15, to tell them from the path's own
    api = new CounterApi(http, new OntapSettings(500, 20, null, null));
  }

  @AfterEach
  void stop() {
    http.close();
    server.close();
  }

  @Test
  void aCollectionPathGetsMaxRecordsAndReturnTimeoutAfterItsOwnQuery() throws Exception {
    server.handle("/api/network/ethernet/ports", req -> StandinReply.json(ONE_RECORD));
    assertEquals(1, api.records("/api/network/ethernet/ports?fields=name,speed").size());
    assertEquals("fields=name,speed&max_records=500&return_timeout=20", server.requests().get(0).query());
  }

  @Test
  void aPathThatCarriesMaxRecordsIsSentAsItIs() throws Exception {
    server.handle("/api/cluster/counter/tables/lif/rows", req -> StandinReply.json(ONE_RECORD));
    api.rows("lif", List.of("received_data", "sent_data"));
    // rows() writes max_records itself: nothing is added a second time; | is %7C
    assertEquals("fields=*&max_records=500&return_timeout=20&counters.name=received_data%7Csent_data",
        server.requests().get(0).query());
  }

  @Test
  void aNextLinkThatNeverEndsIsFollowedForAThousandPagesAndNoMore() throws Exception {
    server.handle("/api/network/fc/ports", req -> StandinReply.json(
        "{\"records\":[{\"name\":\"0e\"}],\"_links\":{\"next\":{\"href\":\"/api/network/fc/ports?max_records=500\"}}}")
        .withHeader("Connection", "close"));
    // one record a page, every page linking to another: 1000 pages (MAX_PAGES), 1000 records.
    // Connection: close, a connection a page: on a kept-alive one each small answer waits ~40 ms for
    // the client's delayed ACK (the stand-in writes headers and body apart), 40 s for the thousand
    assertEquals(1000, api.records("/api/network/fc/ports?fields=name").size());
    assertEquals(1000, server.count("GET", "/api/network/fc/ports"));
  }

  @Test
  void anAnsweredRequestStartsTheNextRefusalsHoldFromLoginBackoffAgain() throws Exception {
    server.handle("/api/network/ethernet/ports", req -> StandinReply.json(ONE_RECORD));
    server.when("GET", "/api/network/ethernet/ports").times(1).reply(401);
    assertThrows(LoginFailedException.class, () -> api.records("/api/network/ethernet/ports"));
    // the first refusal holds login_backoff, 30 s
    assertEquals(clock.instant().plusSeconds(30), http.logins().heldUntil());
    clock.advance(Duration.ofSeconds(30));
    assertEquals(1, api.records("/api/network/ethernet/ports").size()); // answered: the refusals in a row start over
    clock.advance(Duration.ofSeconds(5));
    server.when("GET", "/api/network/ethernet/ports").times(1).reply(401);
    assertThrows(LoginFailedException.class, () -> api.records("/api/network/ethernet/ports"));
    // a first refusal again, 30 s; without the answer between them the second in a row would hold 60 s
    assertEquals(clock.instant().plusSeconds(30), http.logins().heldUntil());
  }
}
