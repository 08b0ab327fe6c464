package io.headroom.remotewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedInputStream;
import com.sun.net.httpserver.HttpServer;
import io.headroom.config.RemoteWriteTarget;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.Snappy;

/**
 * The sender against a real HTTP server on 127.0.0.1 answering as told: the protocol's headers,
 * a body that is snappy's block format around the WriteRequest protobuf (read back here with
 * protobuf's own reader), a 400 dropped and counted after one try, 5xx and 429 sent again until
 * written.
 */
class RemoteWriteSenderTest {
  private HttpServer server;
  private final List<Received> received = new CopyOnWriteArrayList<>();

  private record Received(Map<String, String> headers, byte[] body) {}

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  /** A server answering the statuses in turn (the last one from then on). */
  private URI serve(int... statuses) throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    AtomicInteger n = new AtomicInteger();
    server.createContext("/api/v1/write", ex -> {
      Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      ex.getRequestHeaders().forEach((k, v) -> h.put(k, v.get(0)));
      received.add(new Received(h, ex.getRequestBody().readAllBytes()));
      int status = statuses[Math.min(n.getAndIncrement(), statuses.length - 1)];
      byte[] body = status == 204 ? new byte[0] : ("status " + status + "\n").getBytes(StandardCharsets.UTF_8);
      ex.sendResponseHeaders(status, status == 204 ? -1 : body.length);
      if (body.length > 0) {
        ex.getResponseBody().write(body);
      }
      ex.close();
    });
    server.start();
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api/v1/write");
  }

  private static RemoteWriteSender sender(URI url) {
    RemoteWriteTarget t = new RemoteWriteTarget("t", url, true, null, null, "u", "PW", null, null,
        Duration.ofMillis(200), null, null);
    return new RemoteWriteSender(new RemoteWriteClient(t, Map.of("PW", "pa55")));
  }

  /** Two series: util 0.5 and 0.25 at 1000 and 2000 ms; latency 0.004 at 1500 ms. */
  private static List<TimeSeries> request() {
    TimeSeries util = new TimeSeries("headroom_util_ratio", Map.of("testbed", "tb", "entity", "h1/cpu0", "kind", "host_cpu"));
    util.add(1000, 0.5);
    util.add(2000, 0.25);
    TimeSeries latency = new TimeSeries("headroom_read_latency_seconds", Map.of("testbed", "tb", "entity", "d"));
    latency.add(1500, 0.004);
    return List.of(util, latency);
  }

  @Test
  void sendsTheProtocolsHeadersAndAWriteRequestInSnappysBlockFormat() throws Exception {
    RemoteWriteSender sender = sender(serve(204));
    assertTrue(sender.sendAll(List.of(request()), () -> false));
    assertEquals(1, received.size());
    Received r = received.get(0);
    assertEquals("snappy", r.headers().get("Content-Encoding"));
    assertEquals("application/x-protobuf", r.headers().get("Content-Type"));
    assertEquals("0.1.0", r.headers().get("X-Prometheus-Remote-Write-Version"));
    assertEquals("headroom/0.1.0", r.headers().get("User-Agent"));
    assertEquals("Basic dTpwYTU1", r.headers().get("Authorization")); // base64("u:pa55")
    assertEquals(List.of(
        "__name__=headroom_util_ratio,entity=h1/cpu0,kind=host_cpu,testbed=tb 0.5@1000 0.25@2000",
        "__name__=headroom_read_latency_seconds,entity=d,testbed=tb 0.004@1500"),
        decode(Snappy.uncompress(r.body())));
    assertEquals(3, sender.samplesSent());
  }

  @Test
  void a400IsCountedAndNotSentAgain() throws Exception {
    RemoteWriteSender sender = sender(serve(400, 204));
    assertTrue(sender.sendAll(List.of(request(), request()), () -> false));
    assertEquals(2, received.size(), "the refused request once, then the next one");
    assertEquals(1, sender.requestsRefused());
    assertEquals(3, sender.samplesRefused());
    assertEquals(3, sender.samplesSent());
    assertEquals(0, sender.retries());
  }

  @Test
  void a5xxAndA429AreSentAgainUntilWritten() throws Exception {
    RemoteWriteSender sender = sender(serve(503, 429, 500, 204));
    assertTrue(sender.sendAll(List.of(request()), () -> false));
    assertEquals(4, received.size());
    assertEquals(3, sender.retries());
    assertEquals(3, sender.samplesSent());
    assertEquals(0, sender.samplesRefused());
    assertNull(sender.waitingFor());
    for (Received r : received) {
      assertEquals(List.of(received.get(0).body().length), List.of(r.body().length), "the same request each time");
    }
  }

  @Test
  void stoppingWhileTheEndpointIsDownLeavesTheRequestNotDone() throws Exception {
    RemoteWriteSender sender = sender(serve(503));
    AtomicInteger asked = new AtomicInteger();
    assertEquals(false, sender.sendAll(List.of(request()), () -> asked.incrementAndGet() > 3));
    assertEquals(0, sender.samplesSent());
    assertTrue(sender.waitingFor().contains("HTTP 503"), sender.waitingFor());
  }

  @Test
  void aBearerTokenFromAFileAndAMissingSecretNamedWithoutIt(@TempDir Path dir) throws Exception {
    Path token = Files.writeString(dir.resolve("token"), "tok3n\n");
    RemoteWriteTarget t = new RemoteWriteTarget("t", URI.create("https://x/api/v1/write"), false, null, token, null,
        null, null, null, null, null, null);
    assertEquals("Bearer tok3n", RemoteWriteClient.authorization(t, Map.of()));
    RemoteWriteTarget env = new RemoteWriteTarget("t", URI.create("https://x/api/v1/write"), false, "RW_TOKEN", null,
        null, null, null, null, null, null, null);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RemoteWriteClient.authorization(env, Map.of()));
    assertEquals("remote_write t: bearer_token_env names RW_TOKEN, which is not set", e.getMessage());
  }

  @Test
  void aCaFileThatCannotBeReadOrHoldsNoCertificateStopsTheStartNamingKeyAndPath(@TempDir Path dir) throws Exception {
    URI url = URI.create("https://127.0.0.1:9/api/v1/write");
    Path missing = dir.resolve("missing.pem");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RemoteWriteClient(target(url, missing), Map.of()));
    assertEquals("remote_write t: ca_file " + missing + " cannot be read (NoSuchFileException)", e.getMessage());
    Path empty = Files.writeString(dir.resolve("empty.pem"), "");
    e = assertThrows(IllegalArgumentException.class, () -> new RemoteWriteClient(target(url, empty), Map.of()));
    assertEquals("remote_write t: ca_file " + empty + " holds no certificate", e.getMessage());
  }

  private static RemoteWriteTarget target(URI url, Path caFile) {
    return new RemoteWriteTarget("t", url, false, null, null, null, null, null, null, null, null, caFile);
  }

  /** The WriteRequest read with protobuf's reader: per series "labels values@timestamps". */
  static List<String> decode(byte[] proto) throws Exception {
    List<String> out = new ArrayList<>();
    CodedInputStream in = CodedInputStream.newInstance(proto);
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      assertEquals((1 << 3) | 2, tag, "WriteRequest.timeseries");
      CodedInputStream ts = CodedInputStream.newInstance(in.readByteArray());
      List<String> labels = new ArrayList<>();
      StringBuilder samples = new StringBuilder();
      for (int t = ts.readTag(); t != 0; t = ts.readTag()) {
        CodedInputStream m = CodedInputStream.newInstance(ts.readByteArray());
        if (t >>> 3 == 1) { // Label {name = 1, value = 2}
          m.readTag();
          String name = m.readString();
          m.readTag();
          labels.add(name + "=" + m.readString());
        } else { // Sample {value = 1 (double), timestamp = 2 (int64)}
          assertEquals((1 << 3) | 1, m.readTag());
          double v = m.readDouble();
          assertEquals(2 << 3, m.readTag());
          samples.append(' ').append(v).append('@').append(m.readInt64());
        }
      }
      out.add(String.join(",", labels) + samples);
    }
    return out;
  }
}
