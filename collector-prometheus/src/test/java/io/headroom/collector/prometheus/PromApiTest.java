package io.headroom.collector.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.Secret;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The query API client: how it authenticates, reads values, and says why a query failed without the secret. */
class PromApiTest {
  private HttpServer server;
  private final List<String> authorizations = new ArrayList<>();
  private String answer;
  private int status = 200;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", ex -> {
      authorizations.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
      byte[] body = answer.getBytes(StandardCharsets.UTF_8);
      ex.sendResponseHeaders(status, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private PromApi api(Credentials credentials) throws Exception {
    RemoteEndpoint endpoint = RemoteEndpoint.of(URI.create("http://127.0.0.1:" + server.getAddress().getPort()))
        .withPlaintext(true);
    return new PromApi(RemoteHttpClient.builder(endpoint, credentials).build(), credentials);
  }

  @Test
  void aPasswordWithoutAUserIsABearerTokenAndWithOneHttpBasic() throws Exception {
    answer = "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}";
    try (PromApi api = api(new Credentials(null, Secret.of("tok3n")))) {
      api.query("up", 1);
    }
    try (PromApi api = api(new Credentials("reader", Secret.of("pw")))) {
      api.query("up", 1);
    }
    assertEquals(List.of("Bearer tok3n",
        "Basic " + Base64.getEncoder().encodeToString("reader:pw".getBytes(StandardCharsets.UTF_8))), authorizations);
  }

  @Test
  void valuesAreReadFromPrometheusStringsAndNaNIsLeftOut() throws Exception {
    answer = "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[{\"metric\":{\"device\":\"vda\"},"
        + "\"values\":[[10,\"1.5\"],[11,\"NaN\"],[12,\"+Inf\"],[13,\"2e3\"]]}]}}";
    try (PromApi api = api(Credentials.NONE)) {
      PromApi.Series s = api.queryRange("x", 10, 13, 1).get(0);
      assertEquals("vda", s.label("device"));
      assertEquals(List.of(10.0, 12.0, 13.0), List.of(s.ts()[0], s.ts()[1], s.ts()[2]));
      assertEquals(1.5, s.values()[0]);
      assertEquals(Double.POSITIVE_INFINITY, s.values()[1]);
      assertEquals(2000, s.values()[2]);
    }
  }

  @Test
  void aRefusedQueryIsNamedWithPrometheusReasonAndNeverTheToken() throws Exception {
    status = 400;
    answer = "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error near tok3n\"}";
    try (PromApi api = api(new Credentials(null, Secret.of("tok3n")))) {
      IOException e = assertThrows(IOException.class, () -> api.queryRange("rate(x[", 1, 2, 1));
      assertTrue(e.getMessage().contains("/api/v1/query_range?query="), e.getMessage());
      assertTrue(e.getMessage().contains("HTTP 400: bad_data: parse error near ***"), e.getMessage());
      assertFalse(e.getMessage().contains("tok3n"), e.getMessage());
    }
  }
}
