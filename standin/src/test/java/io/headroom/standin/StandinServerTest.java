package io.headroom.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StandinServerTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String R750 = "redfish/dell-r750-multidpu-idrac9-7.10.30";

  @TempDir Path dir;
  private final HttpClient http = HttpClient.newHttpClient();
  private StandinServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private HttpResponse<String> send(String method, String path, Map<String, String> headers, String body)
      throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUri() + path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(b::header);
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path) throws Exception {
    return send("GET", path, Map.of(), null);
  }

  @Test
  void servesTheRealR750CaptureInTheMockupLayout() throws Exception {
    Path capture = Captures.find(R750);
    Assumptions.assumeTrue(capture != null, "no shared/fixtures/" + R750 + " above the working directory: skipped");
    server = StandinServer.serve(capture);
    Path file = capture.resolve("redfish/v1/Systems/System.Embedded.1/index.json");
    String expectedId = JSON.readTree(file.toFile()).get("Id").asText();

    HttpResponse<String> r = get("/redfish/v1/Systems/System.Embedded.1");
    assertEquals(200, r.statusCode());
    assertEquals("application/json", r.headers().firstValue("Content-Type").orElseThrow());
    assertEquals(expectedId, JSON.readTree(r.body()).get("Id").asText());
    assertEquals(Files.readString(file), r.body());
    // Trailing slash and query string tolerated.
    assertEquals(r.body(), get("/redfish/v1/Systems/System.Embedded.1/?$expand=.").body());

    HttpResponse<String> missing = get("/redfish/v1/Systems/System.Embedded.9");
    assertEquals(404, missing.statusCode());
    assertTrue(JSON.readTree(missing.body()).at("/error/message").asText().contains("/redfish/v1/Systems/System.Embedded.9"));
    assertEquals(2, server.count("GET", "/redfish/v1/Systems/System.Embedded.1"));
  }

  @Test
  void plainFilesJsonFilesAndRecordedHeaders() throws Exception {
    Files.createDirectories(dir.resolve("redfish/v1/Chassis"));
    Files.writeString(dir.resolve("redfish/v1/Chassis/index.json"), "{\"Name\":\"Chassis\"}");
    Files.writeString(dir.resolve("redfish/v1/Chassis/headers.json"),
        "{\"GET\": {\"Content-Type\": \"application/json;odata.metadata=minimal\", \"OData-Version\": \"4.0\","
            + " \"Content-Length\": \"9999\"}}");
    Files.createDirectories(dir.resolve("api"));
    Files.writeString(dir.resolve("api/cluster.json"), "{\"name\":\"c1\"}");
    Files.writeString(dir.resolve("api/version"), "{\"v\":1}");
    server = StandinServer.serve(dir);

    HttpResponse<String> chassis = get("/redfish/v1/Chassis");
    assertEquals("application/json;odata.metadata=minimal", chassis.headers().firstValue("Content-Type").orElseThrow());
    assertEquals("4.0", chassis.headers().firstValue("OData-Version").orElseThrow());
    assertEquals("{\"Name\":\"Chassis\"}", chassis.body());
    assertEquals("{\"name\":\"c1\"}", get("/api/cluster").body());
    assertEquals("{\"v\":1}", get("/api/version").body());
    assertEquals(405, send("POST", "/api/version", Map.of(), "{}").statusCode());
    assertEquals(404, get("/../../etc/passwd").statusCode());
  }

  @Test
  void injectedErrorsForTheNextNThenTheNormalAnswer() throws Exception {
    Files.writeString(dir.resolve("x.json"), "{}");
    server = StandinServer.serve(dir);
    server.when("GET", "/x").times(2).reply(503, Map.of("Retry-After", "7"), "{\"busy\":true}");
    HttpResponse<String> first = get("/x");
    assertEquals(503, first.statusCode());
    assertEquals("7", first.headers().firstValue("Retry-After").orElseThrow());
    assertEquals(503, get("/x").statusCode());
    assertEquals(200, get("/x").statusCode());
    // A POST is not a GET: the injection for GET does not take it.
    server.when("POST", "/").reply(429);
    assertEquals(200, get("/x").statusCode());
    assertEquals(429, send("POST", "/x", Map.of(), "{}").statusCode());
  }

  @Test
  void faultsMalformedTruncatedHugeAndDropped() throws Exception {
    server = StandinServer.builder().start();
    server.when(null, "/bad").malformedJson();
    server.when(null, "/huge").huge(1_000_000);
    server.when(null, "/cut").truncated();
    server.when(null, "/drop").drop();
    String bad = get("/bad").body();
    assertThrows(IOException.class, () -> JSON.readTree(bad));
    HttpResponse<String> huge = get("/huge");
    assertEquals(1_000_000, huge.body().length());
    assertEquals("x", JSON.readTree(huge.body()).get("pad").asText().substring(0, 1));
    assertThrows(IOException.class, () -> get("/cut"));
    assertThrows(IOException.class, () -> get("/drop"));
  }

  @Test
  void handlersComputeEachBodyAndStreamsSendPiecesOverTime() throws Exception {
    server = StandinServer.builder().start();
    AtomicInteger counter = new AtomicInteger();
    server.handle("/metrics", req -> StandinReply.json("{\"reads\":" + counter.addAndGet(100) + "}"));
    server.stream("/events", "text/event-stream", (req, out) -> {
      for (int i = 1; i <= 3; i++) {
        out.send("data: " + i + "\n\n");
        Thread.sleep(10);
      }
    });
    assertEquals("{\"reads\":100}", get("/metrics").body());
    assertEquals("{\"reads\":200}", get("/metrics").body());
    HttpResponse<String> events = get("/events");
    assertEquals("text/event-stream", events.headers().firstValue("Content-Type").orElseThrow());
    assertEquals("data: 1\n\ndata: 2\n\ndata: 3\n\n", events.body());
  }

  @Test
  void sessionsAreMadeUsedEndedAndExpired() throws Exception {
    Files.writeString(dir.resolve("x.json"), "{}");
    server = StandinServer.builder().root(dir).start();
    server.requireSession("root", "calvin", "X-Auth-Token", "/redfish/v1/SessionService/Sessions", false);
    assertEquals(401, get("/x").statusCode());
    assertEquals(401, send("POST", "/redfish/v1/SessionService/Sessions", Map.of(),
        "{\"UserName\":\"root\",\"Password\":\"wrong\"}").statusCode());
    HttpResponse<String> made = send("POST", "/redfish/v1/SessionService/Sessions", Map.of(),
        "{\"UserName\":\"root\",\"Password\":\"calvin\"}");
    assertEquals(201, made.statusCode());
    String token = made.headers().firstValue("X-Auth-Token").orElseThrow();
    String location = made.headers().firstValue("Location").orElseThrow();
    assertEquals("/redfish/v1/SessionService/Sessions/1", location);
    assertEquals(1, server.openSessions());
    assertEquals(200, send("GET", "/x", Map.of("X-Auth-Token", token), null).statusCode());
    assertEquals(204, send("DELETE", location, Map.of("X-Auth-Token", token), null).statusCode());
    assertEquals(0, server.openSessions());
    assertEquals(401, send("GET", "/x", Map.of("X-Auth-Token", token), null).statusCode());

    String again = send("POST", "/redfish/v1/SessionService/Sessions", Map.of(),
        "{\"UserName\":\"root\",\"Password\":\"calvin\"}").headers().firstValue("X-Auth-Token").orElseThrow();
    server.expireSessions();
    assertEquals(401, send("GET", "/x", Map.of("X-Auth-Token", again), null).statusCode());
  }

  @Test
  void basicAuth() throws Exception {
    Files.writeString(dir.resolve("x.json"), "{}");
    server = StandinServer.builder().root(dir).start();
    server.requireBasic("admin", "s3cret");
    String good = "Basic " + Base64.getEncoder().encodeToString("admin:s3cret".getBytes());
    String bad = "Basic " + Base64.getEncoder().encodeToString("admin:nope".getBytes());
    assertEquals(200, send("GET", "/x", Map.of("Authorization", good), null).statusCode());
    HttpResponse<String> denied = send("GET", "/x", Map.of("Authorization", bad), null);
    assertEquals(401, denied.statusCode());
    assertTrue(denied.headers().firstValue("WWW-Authenticate").orElseThrow().startsWith("Basic"));
    JsonNode logged = JSON.valueToTree(server.requests().get(0).headers());
    assertEquals(good, logged.get("authorization").get(0).asText());
  }
}
