package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A request's factories and how it prints: method, path with credential values masked, headers masked, body as a length. */
class RemoteRequestTest {
  @Test
  void aHeadIsAHeadWithNothingElse() {
    assertEquals(new RemoteRequest("HEAD", "/redfish/v1", Map.of(), null, false), RemoteRequest.head("/redfish/v1"));
  }

  @Test
  void aTokenHeaderAQueryTokenAndBasicAuthPrintMaskedOrAsAFlag() {
    RemoteRequest r = RemoteRequest.get("/redfish/v1/Sessions?token=abc").withHeader("X-Auth-Token", "tok-1")
        .withBasicAuth();
    assertEquals("RemoteRequest[GET /redfish/v1/Sessions?token=***, headers={X-Auth-Token=***}, basic auth]", r.toString());
  }

  @Test
  void aPlainHeaderPrintsAsItIsAndABodyAsItsLength() {
    // {"entity":"x"}: 1 + 8 + 1 + 3 + 1 = 14 characters
    RemoteRequest r = RemoteRequest.post("/api/rest/metrics/generate", "{\"entity\":\"x\"}")
        .withHeader("Accept", "text/event-stream");
    assertEquals("RemoteRequest[POST /api/rest/metrics/generate, headers={Accept=text/event-stream}, body=14 chars]",
        r.toString());
  }
}
