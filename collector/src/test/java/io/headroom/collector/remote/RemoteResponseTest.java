package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A response's success range at both ends, and how it prints. */
class RemoteResponseTest {
  private static RemoteResponse status(int status) {
    return new RemoteResponse("GET https://bmc/redfish/v1", status, Map.of(), "{}".getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void successIsTwoHundredToTwoNinetyNine() {
    assertFalse(status(199).isSuccess());
    assertTrue(status(200).isSuccess());
    assertTrue(status(299).isSuccess());
    assertFalse(status(300).isSuccess());
  }

  @Test
  void aSuccessIsItsOwnRequiredSuccess() throws Exception {
    RemoteResponse ok = status(200);
    assertSame(ok, ok.requireSuccess());
  }

  @Test
  void itPrintsWhereStatusSizeAndHeadersWithTokensMasked() {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    headers.put("content-type", List.of("application/json"));
    headers.put("x-auth-token", List.of("tok-1"));
    RemoteResponse r = new RemoteResponse("POST https://bmc/redfish/v1/SessionService/Sessions", 201, headers,
        "{}".getBytes(StandardCharsets.UTF_8));
    assertEquals("RemoteResponse[POST https://bmc/redfish/v1/SessionService/Sessions 201, 2 bytes, "
        + "headers={content-type=[application/json], x-auth-token=[***]}]", r.toString());
  }
}
