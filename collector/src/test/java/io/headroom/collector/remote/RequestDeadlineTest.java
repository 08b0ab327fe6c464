package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A device that sends its headers and then a byte every 200 ms never trips a read timeout: only
 * an overall deadline ends the request. Each attempt ends at {@code timeout} (OkHttp's call
 * timeout), and the request with its retries at {@code deadline}.
 */
class RequestDeadlineTest {
  @Test
  void aTricklingAnswerEndsAtTheRequestsDeadlineNotAfterEveryRetry() throws Exception {
    try (TricklingServer device = new TricklingServer(Duration.ofMillis(200))) {
      // read_timeout 2 s (never reached: a byte every 200 ms); 1 s an attempt; 5 retries; 3 s in all
      RemoteEndpoint endpoint = RemoteEndpoint.of(device.uri()).withPlaintext(true)
          .withLimits(1, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(1), 5)
          .withDeadline(Duration.ofSeconds(3));
      try (RemoteHttpClient client = RemoteHttpClient.builder(endpoint, Credentials.NONE).build()) {
        RemoteHttpException e = assertThrows(RemoteHttpException.class, () -> client.get("/redfish/v1"));
        // attempts of 1 s with waits of at most 200 and 400 ms between: the third starts by 2.6 s
        // and is cut to what is left of 3 s; a fourth would start past it. Without the deadline: 6.
        assertTrue(device.requests() <= 3, device.requests() + " attempts");
        assertTrue(e.getMessage().contains("no complete response within timeout 1s"), e.getMessage());
        assertTrue(e.getMessage().contains("the request's deadline 3s would pass before another"), e.getMessage());
      }
    }
  }
}
