package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.config.ConfigException;
import io.headroom.standin.Captures;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import okio.BufferedSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client against a real stand-in on loopback: limits, retries, timeouts, caps, logins. */
class RemoteHttpClientTest {
  private static final String SECRET = "pa55-Never-Shown";
  private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");

  @TempDir Path dir;
  private StandinServer server;
  private final List<Duration> sleeps = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    Files.writeString(dir.resolve("x.json"), "{\"Id\":\"x\"}");
    server = StandinServer.serve(dir);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private RemoteEndpoint endpoint() {
    return RemoteEndpoint.of(server.baseUri()).withPlaintext(true);
  }

  private RemoteEndpoint endpoint(int concurrency, Duration timeout, int retries) {
    return endpoint().withLimits(concurrency, Duration.ofSeconds(5), Duration.ofSeconds(10), timeout, retries);
  }

  /** A client whose waits are recorded, not taken, with every jitter draw 0.5 and a fixed clock. */
  private RemoteHttpClient client(RemoteEndpoint e, Credentials c) throws Exception {
    return RemoteHttpClient.builder(e, c).sleeper(sleeps::add).random(() -> 0.5)
        .clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();
  }

  private RemoteHttpClient client(int retries) throws Exception {
    return client(endpoint(2, Duration.ofSeconds(30), retries), Credentials.NONE);
  }

  private static Credentials login() {
    return new Credentials("root", Secret.of(SECRET));
  }

  @Test
  void plainHttpIsRefusedUnlessAskedFor() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> RemoteHttpClient.builder(RemoteEndpoint.of(server.baseUri()), Credentials.NONE).build());
    assertTrue(e.getMessage().contains("set plaintext: true to allow it"), e.getMessage());
  }

  @Test
  void theConcurrencyLimitHoldsAtTheServer() throws Exception {
    server.latency("/x", Duration.ofMillis(150));
    for (int limit : new int[] {2, 6}) {
      server.clearLog();
      try (RemoteHttpClient c = client(endpoint(limit, Duration.ofSeconds(30), 0), Credentials.NONE)) {
        ExecutorService pool = Executors.newFixedThreadPool(10);
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
          calls.add(() -> c.get("/x").status());
        }
        for (Future<Integer> f : pool.invokeAll(calls)) {
          assertEquals(200, f.get());
        }
        pool.shutdown();
      }
      assertEquals(10, server.count("GET", "/x"));
      if (limit == 2) {
        assertEquals(2, server.maxConcurrent(), "limit 2");
      } else {
        // The server can see more than two at once: the limit above is the client's doing.
        assertTrue(server.maxConcurrent() > 2 && server.maxConcurrent() <= 6, "limit 6: " + server.maxConcurrent());
      }
    }
  }

  @Test
  void retryAfterInSecondsIsObeyedOn429And503() throws Exception {
    server.when("GET", "/x").times(1).reply(429, Map.of("Retry-After", "7"), "{}");
    server.when("GET", "/x").times(1).reply(503, Map.of("Retry-After", "3"), "{}");
    try (RemoteHttpClient c = client(3)) {
      assertEquals(200, c.get("/x").status());
    }
    assertEquals(List.of(Duration.ofSeconds(7), Duration.ofSeconds(3)), sleeps);
    assertEquals(3, server.count("GET", "/x"));
  }

  @Test
  void retryAfterAsAnHttpDateAndCappedByTheLongestWait() throws Exception {
    String in12s = DateTimeFormatter.RFC_1123_DATE_TIME.format(NOW.plusSeconds(12).atZone(ZoneOffset.UTC));
    server.when("GET", "/x").times(1).reply(503, Map.of("Retry-After", in12s), "{}");
    server.when("GET", "/x").times(1).reply(429, Map.of("Retry-After", "3600"), "{}");
    try (RemoteHttpClient c = client(3)) {
      assertEquals(200, c.get("/x").status());
    }
    assertEquals(List.of(Duration.ofSeconds(12), RetryPolicy.DEFAULT_MAX_RETRY_AFTER), sleeps);
  }

  @Test
  void withoutRetryAfterExponentialBackoffThenGiveUpAfterRetries() throws Exception {
    server.when("GET", "/x").reply(503);
    try (RemoteHttpClient c = client(3)) {
      RemoteResponse r = c.get("/x");
      assertEquals(503, r.status());
      RemoteHttpException e = assertThrows(RemoteHttpException.class, r::requireSuccess);
      assertTrue(e.getMessage().startsWith("GET " + server.baseUri() + "/x: HTTP 503"), e.getMessage());
      assertEquals(503, e.status());
    }
    // Draw 0.5 of min(10 s, 200 ms * 2^n): 100, 200, 400 ms; then the fourth answer stands.
    assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(400)), sleeps);
    assertEquals(4, server.count("GET", "/x"));
  }

  @Test
  void backoffArithmetic() {
    RetryPolicy p = RetryPolicy.of(10);
    assertEquals(Duration.ofMillis(100), p.backoff(0, 0.5));
    assertEquals(Duration.ofMillis(1600), p.backoff(4, 0.5));
    assertEquals(Duration.ofMillis(5000), p.backoff(6, 0.5)); // 200 ms * 64 = 12.8 s, capped at 10 s
    assertEquals(Duration.ofMillis(5000), p.backoff(200, 0.5));
    assertEquals(Duration.ZERO, p.backoff(3, 0.0));
    assertEquals(Duration.ofSeconds(5), RetryPolicy.retryAfter(" 5 ", NOW));
    assertEquals(Duration.ZERO, RetryPolicy.retryAfter("Sat, 01 Mar 2025 11:00:00 GMT", NOW));
    assertEquals(null, RetryPolicy.retryAfter("soon", NOW));
  }

  @Test
  void aDroppedConnectionIsRetriedForAGetThenReported() throws Exception {
    server.when("GET", "/x").drop();
    try (RemoteHttpClient c = client(2)) {
      RemoteHttpException e = assertThrows(RemoteHttpException.class, () -> c.get("/x"));
      assertTrue(e.getMessage().startsWith("GET " + server.baseUri() + "/x: "), e.getMessage());
      assertTrue(e.getMessage().endsWith("(after 3 attempts)"), e.getMessage());
    }
    assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(200)), sleeps);
    assertEquals(3, server.count("GET", "/x"));
  }

  @Test
  void aTruncatedBodyIsAFailureAndRetried() throws Exception {
    server.when("GET", "/x").times(1).truncated();
    try (RemoteHttpClient c = client(1)) {
      assertEquals("{\"Id\":\"x\"}", c.get("/x").text());
    }
    assertEquals(2, server.count("GET", "/x"));
  }

  @Test
  void aPostIsRetriedOnlyWhereTheServerSaysItDidNotActOnIt() throws Exception {
    server.handle("/act", req -> StandinReply.json(201, "{}"));
    server.when("POST", "/act").times(1).reply(502);
    server.when("POST", "/act").times(1).drop();
    server.when("POST", "/act").times(1).reply(503, Map.of("Retry-After", "1"), "{}");
    try (RemoteHttpClient c = client(3)) {
      assertEquals(502, c.post("/act", "{}").status());
      assertThrows(RemoteHttpException.class, () -> c.post("/act", "{}"));
      assertEquals(201, c.post("/act", "{}").status());
    }
    assertEquals(List.of(Duration.ofSeconds(1)), sleeps);
    assertEquals(4, server.count("POST", "/act"));
  }

  @Test
  void theOverallTimeoutEndsAHangingResponse() throws Exception {
    server.when("GET", "/hang").hang();
    try (RemoteHttpClient c = client(endpoint(2, Duration.ofMillis(500), 0), Credentials.NONE)) {
      long t0 = System.nanoTime();
      RemoteHttpException e = assertThrows(RemoteHttpException.class, () -> c.get("/hang"));
      long ms = (System.nanoTime() - t0) / 1_000_000;
      assertTrue(ms >= 450 && ms < 5000, ms + " ms");
      assertEquals("GET " + server.baseUri() + "/hang: no complete response within timeout 500ms", e.getMessage());
    }
  }

  @Test
  void bodiesOverTheCapAreRefusedDeclaredOrStreamed() throws Exception {
    server.when("GET", "/huge").huge(2_000_000);
    server.stream("/endless", "application/json", (req, out) -> {
      for (int i = 0; i < 100; i++) {
        out.send("x".repeat(64 * 1024));
      }
    });
    try (RemoteHttpClient c = RemoteHttpClient.builder(endpoint(), Credentials.NONE).sleeper(sleeps::add)
        .maxBodyBytes(1_000_000).build()) {
      RemoteHttpException huge = assertThrows(RemoteHttpException.class, () -> c.get("/huge"));
      assertEquals("GET " + server.baseUri() + "/huge: response body over the 1000000-byte cap (2000000 bytes declared)",
          huge.getMessage());
      RemoteHttpException endless = assertThrows(RemoteHttpException.class, () -> c.get("/endless"));
      assertTrue(endless.getMessage().startsWith("GET " + server.baseUri() + "/endless: response body over the 1000000-byte cap"),
          endless.getMessage());
      assertEquals(200, c.get("/x").status()); // the client is still usable
    }
    assertEquals(List.of(), sleeps, "an oversized body is not retried");
  }

  @Test
  void aBodyOfExactlyTheCapIsReadAndOneByteMoreIsRefusedDeclaredOrStreamed() throws Exception {
    // A cap of 1,000 bytes: the declared (Content-Length) and the streamed (chunked) body each at
    // 1,000 bytes, read whole, and at 1,001, refused.
    String atCap = "x".repeat(1000);
    server.handle("/declared1000", req -> StandinReply.json(200, atCap));
    server.handle("/declared1001", req -> StandinReply.json(200, atCap + "x"));
    server.stream("/streamed1000", "application/json", (req, out) -> out.send(atCap));
    server.stream("/streamed1001", "application/json", (req, out) -> {
      out.send(atCap);
      out.send("x");
    });
    try (RemoteHttpClient c = RemoteHttpClient.builder(endpoint(), Credentials.NONE).sleeper(sleeps::add)
        .maxBodyBytes(1000).build()) {
      assertEquals(atCap, c.get("/declared1000").text());
      assertEquals(atCap, c.get("/streamed1000").text());
      assertEquals("GET " + server.baseUri() + "/declared1001: response body over the 1000-byte cap (1001 bytes declared)",
          assertThrows(RemoteHttpException.class, () -> c.get("/declared1001")).getMessage());
      assertEquals("GET " + server.baseUri() + "/streamed1001: response body over the 1000-byte cap (more than that sent)",
          assertThrows(RemoteHttpException.class, () -> c.get("/streamed1001")).getMessage());
    }
    assertEquals(List.of(), sleeps);
  }

  @Test
  void closingAClientWithAPoolOfItsOwnClosesItsKeptAliveConnection() throws Exception {
    // A peer that answers one request with keep-alive, then waits for the client to hang up.
    try (ServerSocket peer = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      CompletableFuture<Integer> hungUp = CompletableFuture.supplyAsync(() -> {
        try (Socket s = peer.accept()) {
          InputStream in = s.getInputStream();
          String head = "";
          while (!head.endsWith("\r\n\r\n")) {
            head += (char) in.read();
          }
          s.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
              .getBytes(StandardCharsets.US_ASCII));
          return in.read(); // -1 once the client closed the connection
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      RemoteEndpoint e = RemoteEndpoint.of(URI.create("http://127.0.0.1:" + peer.getLocalPort())).withPlaintext(true);
      RemoteHttpClient c = client(e, Credentials.NONE);
      assertEquals("{}", c.get("/x").text());
      assertFalse(hungUp.isDone(), "the connection is kept alive after the answer");
      c.close();
      // Without the close, the pool would keep the idle connection for its 5-minute keep-alive.
      assertEquals(-1, hungUp.get(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void basicAuthFromTheCredentialsAndNoSecretInAnyMessage() throws Exception {
    server.requireBasic("root", SECRET);
    server.handle("/echo", req -> StandinReply.json(500, "{\"error\":\"bad password " + SECRET + "\"}"));
    try (RemoteHttpClient c = client(endpoint(), login())) {
      assertEquals(200, c.execute(RemoteRequest.get("/x").withBasicAuth()).status());
      RemoteHttpException denied = assertThrows(RemoteHttpException.class, () -> c.fetch(RemoteRequest.get("/x")));
      assertTrue(denied.getMessage().startsWith("GET " + server.baseUri() + "/x: HTTP 401"), denied.getMessage());
      RemoteHttpException echoed = assertThrows(RemoteHttpException.class,
          () -> c.fetch(RemoteRequest.get("/echo").withBasicAuth()));
      assertTrue(echoed.getMessage().contains("bad password ***"), echoed.getMessage());
      for (String text : List.of(denied.getMessage(), echoed.getMessage(), c.toString(), login().toString(),
          RemoteRequest.get("/x").withBasicAuth().toString())) {
        assertFalse(text.contains(SECRET), text);
      }
    }
  }

  @Test
  void aSessionTokenTravelsAsAnExtraHeader() throws Exception {
    String sessions = "/redfish/v1/SessionService/Sessions";
    server.requireSession("root", SECRET, "X-Auth-Token", sessions, false);
    try (RemoteHttpClient c = client(endpoint(), login())) {
      RemoteResponse made = c.fetch(RemoteRequest.post(sessions, "{\"UserName\":\"root\",\"Password\":\"" + SECRET + "\"}"));
      String token = made.header("X-Auth-Token");
      String location = made.header("Location");
      assertEquals(1, server.openSessions());
      assertEquals("{\"Id\":\"x\"}", c.fetch(RemoteRequest.get("/x").withHeader("X-Auth-Token", token)).text());
      assertEquals(204, c.execute(RemoteRequest.delete(location).withHeader("X-Auth-Token", token)).status());
      assertEquals(0, server.openSessions());
      assertEquals(401, c.execute(RemoteRequest.get("/x").withHeader("X-Auth-Token", token)).status());
    }
  }

  @Test
  void relativePathsStartAtTheUrlsPathAbsoluteOnesAtTheHost() throws Exception {
    Files.createDirectories(dir.resolve("api/rest"));
    Files.writeString(dir.resolve("api/rest/appliance.json"), "[]");
    RemoteEndpoint e = RemoteEndpoint.of(URI.create(server.baseUri() + "/api/rest/")).withPlaintext(true);
    try (RemoteHttpClient c = client(e, Credentials.NONE)) {
      assertEquals("[]", c.fetch(RemoteRequest.get("appliance")).text());
      assertEquals("{\"Id\":\"x\"}", c.fetch(RemoteRequest.get("/x")).text());
    }
    // A url with no path at all is its host's root: a relative path starts there.
    try (RemoteHttpClient c = client(endpoint(), Credentials.NONE)) {
      assertEquals("{\"Id\":\"x\"}", c.fetch(RemoteRequest.get("x")).text());
    }
  }

  @Test
  void aStreamIsOpenedWithItsBodyUnread() throws Exception {
    server.stream("/events", "text/event-stream", (req, out) -> {
      out.send("data: 1\n\n");
      Thread.sleep(200);
      out.send("data: 2\n\n");
    });
    try (RemoteHttpClient c = client(2);
        RemoteStream r = c.openStream(RemoteRequest.get("/events"), Duration.ofSeconds(5))) {
      BufferedSource source = r.source();
      assertEquals("data: 1", source.readUtf8LineStrict());
      assertEquals("", source.readUtf8LineStrict());
      assertEquals("data: 2", source.readUtf8LineStrict());
    }
  }

  @Test
  void theRealR750CaptureThroughTheClient() throws Exception {
    Path capture = Captures.find("redfish/dell-r750-multidpu-idrac9-7.10.30");
    Assumptions.assumeTrue(capture != null, "no shared/fixtures/redfish/dell-r750-multidpu-idrac9-7.10.30: skipped");
    ObjectMapper json = new ObjectMapper();
    String expectedId = json.readTree(capture.resolve("redfish/v1/Systems/System.Embedded.1/index.json").toFile())
        .get("Id").asText();
    try (StandinServer bmc = StandinServer.builder().root(capture).tls().start();
        RemoteHttpClient c = client(RemoteEndpoint.of(bmc.baseUri())
            .withTls(TlsSettings.pin(bmc.certificate().sha256Fingerprint())), Credentials.NONE)) {
      RemoteResponse r = c.fetch(RemoteRequest.get("/redfish/v1/Systems/System.Embedded.1"));
      assertEquals(expectedId, json.readTree(r.body()).get("Id").asText());
      assertEquals("application/json", r.header("content-type"));
    }
  }

  @Test
  void aUrlPathWithoutATrailingSlashIsStillWhereRelativePathsStart() throws Exception {
    Files.createDirectories(dir.resolve("api/rest"));
    Files.writeString(dir.resolve("api/rest/appliance.json"), "[]");
    // "/api/rest" + "appliance": /api/rest/appliance, as with "/api/rest/" (URI.resolve alone gives /api/appliance)
    RemoteEndpoint e = RemoteEndpoint.of(URI.create(server.baseUri() + "/api/rest")).withPlaintext(true);
    try (RemoteHttpClient c = client(e, Credentials.NONE)) {
      assertEquals("[]", c.fetch(RemoteRequest.get("appliance")).text());
    }
    assertEquals(1, server.count("GET", "/api/rest/appliance"));
  }

  @Test
  void theClientNamesItsEndpointTargetRedactionAndLoginGate() throws Exception {
    RemoteEndpoint e = endpoint();
    try (RemoteHttpClient c = client(e, login())) {
      assertSame(e, c.endpoint());
      assertEquals(server.baseUri().toString(), c.target());
      assertEquals("password *** sent", c.redaction().redact("password " + SECRET + " sent"));
      // The gate runs on the client's clock (fixed at NOW) with the endpoint's login_backoff, 30 s by default.
      c.logins().refused(401);
      assertEquals(NOW.plusSeconds(30), c.logins().heldUntil());
    }
  }

  @Test
  void aDeleteIsSentAsADeleteAndItsAnswerReturned() throws Exception {
    try (RemoteHttpClient c = client(0)) {
      // The stand-in serves its files to GET and HEAD only: a DELETE of one is 405, with Allow.
      RemoteResponse r = c.delete("/x");
      assertEquals(405, r.status());
      assertEquals("GET, HEAD", r.header("Allow"));
    }
    assertEquals(1, server.count("DELETE", "/x"));
  }

  @Test
  void aConnectionRefusedIsReportedWithOkHttpsReason() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    RemoteEndpoint e = RemoteEndpoint.of(URI.create("http://127.0.0.1:" + port)).withPlaintext(true)
        .withLimits(2, Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30), 1);
    try (RemoteHttpClient c = client(e, Credentials.NONE)) {
      // where, the exception's simple name and its message (OkHttp's RealConnection: "Failed to connect
      // to " and the socket address), then the attempts: the first and one retry.
      assertEquals("GET http://127.0.0.1:" + port + "/x: ConnectException: Failed to connect to /127.0.0.1:" + port
          + " (after 2 attempts)", assertThrows(RemoteHttpException.class, () -> c.get("/x")).getMessage());
    }
    assertEquals(List.of(Duration.ofMillis(100)), sleeps); // 0.5 x 200 ms before the retry
  }

  @Test
  void anInterruptedCallerSendsNothingAndKeepsItsInterrupt() throws Exception {
    try (RemoteHttpClient c = client(3)) {
      Thread.currentThread().interrupt();
      try {
        InterruptedIOException e = assertThrows(InterruptedIOException.class, () -> c.get("/x"));
        assertEquals("GET " + server.baseUri() + "/x: interrupted waiting for a free slot", e.getMessage());
        assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is set again for the caller");
      } finally {
        Thread.interrupted();
      }
    }
    assertEquals(0, server.count("GET", "/x"));
  }

  @Test
  void anInterruptDuringTheWaitToRetryEndsTheRequestAndKeepsTheInterrupt() throws Exception {
    server.when("GET", "/x").times(1).reply(503, Map.of("Retry-After", "5"), "{}");
    // The wait throws as Thread.sleep does when the thread is interrupted in it.
    try (RemoteHttpClient c = RemoteHttpClient.builder(endpoint(), Credentials.NONE)
        .sleeper(d -> {
          sleeps.add(d);
          throw new InterruptedException();
        }).build()) {
      try {
        InterruptedIOException e = assertThrows(InterruptedIOException.class, () -> c.get("/x"));
        assertEquals("GET " + server.baseUri() + "/x: interrupted waiting to retry", e.getMessage());
        assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is set again for the caller");
      } finally {
        Thread.interrupted();
      }
    }
    assertEquals(List.of(Duration.ofSeconds(5)), sleeps);
    assertEquals(1, server.count("GET", "/x"));
  }

  @Test
  void theDefaultWaitIsTakenInFull() throws Exception {
    server.when("GET", "/x").times(1).reply(503, Map.of("Retry-After", "1"), "{}");
    try (RemoteHttpClient c = RemoteHttpClient.builder(endpoint(), Credentials.NONE).build()) {
      long t0 = System.nanoTime();
      assertEquals(200, c.get("/x").status());
      long ms = (System.nanoTime() - t0) / 1_000_000;
      assertTrue(ms >= 1000, "Retry-After 1 s, waited " + ms + " ms");
    }
    assertEquals(2, server.count("GET", "/x"));
  }

  @Test
  void theBuildersBackoffAndLongestRetryAfterAreTheOnesUsed() throws Exception {
    server.when("GET", "/x").times(3).reply(503);
    server.when("GET", "/x").times(1).reply(429, Map.of("Retry-After", "60"), "{}");
    try (RemoteHttpClient c = RemoteHttpClient.builder(endpoint(2, Duration.ofSeconds(30), 4), Credentials.NONE)
        .sleeper(sleeps::add).random(() -> 0.5).backoff(Duration.ofMillis(40), Duration.ofMillis(100))
        .maxRetryAfter(Duration.ofSeconds(5)).build()) {
      assertEquals(200, c.get("/x").status());
    }
    // 0.5 x min(100 ms, 40 ms x 2^n) for n = 0, 1, 2: 20, 40, 50 ms; then Retry-After 60 s cut to 5 s.
    assertEquals(List.of(Duration.ofMillis(20), Duration.ofMillis(40), Duration.ofMillis(50), Duration.ofSeconds(5)),
        sleeps);
  }

  @Test
  void theDefaultJitterDrawsBelowTheCeiling() throws Exception {
    server.when("GET", "/x").times(3).reply(503);
    // A base of 10 s, the cap too: each wait a draw in [0, 10 s). All three 0 ms with the default
    // draw has a chance of (1/10,000)^3; a draw fixed at 0 (or none) always gives 0.
    try (RemoteHttpClient c = RemoteHttpClient.builder(endpoint(2, Duration.ofSeconds(30), 3), Credentials.NONE)
        .sleeper(sleeps::add).backoff(Duration.ofSeconds(10), Duration.ofSeconds(10)).build()) {
      assertEquals(200, c.get("/x").status());
    }
    assertEquals(3, sleeps.size());
    for (Duration d : sleeps) {
      assertTrue(!d.isNegative() && d.compareTo(Duration.ofSeconds(10)) < 0, d.toString());
    }
    assertTrue(sleeps.stream().mapToLong(Duration::toMillis).sum() > 0, sleeps.toString());
  }

  @Test
  void theExchangeListenerSeesEachRequestWithItsFinalResponseOnly() throws Exception {
    server.when("GET", "/x").times(1).reply(503, Map.of("Retry-After", "1"), "{}");
    server.when("GET", "/gone").drop();
    List<String> seen = new CopyOnWriteArrayList<>();
    try (RemoteHttpClient c = RemoteHttpClient.builder(endpoint(2, Duration.ofSeconds(30), 1), Credentials.NONE)
        .sleeper(sleeps::add).exchanges((req, resp) -> seen.add(req.method() + " " + req.path() + " " + resp.status()
            + " " + resp.text())).build()) {
      assertEquals(200, c.get("/x").status());
      assertThrows(RemoteHttpException.class, () -> c.get("/gone"));
    }
    // The 503 was retried: only the 200 is told; the dropped /gone got no response to tell.
    assertEquals(List.of("GET /x 200 {\"Id\":\"x\"}"), seen);
  }
}
