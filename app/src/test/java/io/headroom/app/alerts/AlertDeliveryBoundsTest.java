package io.headroom.app.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.headroom.analyzer.live.WebhookNotifier;
import io.headroom.config.AlertTarget;
import io.headroom.config.AlertsConfig;
import io.headroom.model.Bottleneck;
import io.headroom.model.Verdict;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * A receiver that answers 200 and then trickles its body a byte every 2 s held its target for good
 * (no delivery, no failure, no retry; later alerts queued behind it): the answer is the status,
 * so such a target is delivered to at once, and a target beside it is not slowed. The last
 * attempt of an alert gives up at once, without one more wait.
 */
class AlertDeliveryBoundsTest {
  private static Verdict verdict(String run, Bottleneck b) {
    return new Verdict(run, b, b == Bottleneck.NONE ? null : "nvme0n1", 0.9, List.of(), List.of(), List.of());
  }

  /** 200 with its headers at once, then one body byte every 2 s for as long as the client stays. */
  private static HttpServer trickling(AtomicInteger requests) throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "trickling-receiver");
      t.setDaemon(true);
      return t;
    }));
    server.createContext("/", exchange -> {
      exchange.getRequestBody().readAllBytes();
      requests.incrementAndGet();
      exchange.sendResponseHeaders(200, 0);
      try (OutputStream out = exchange.getResponseBody()) {
        while (true) {
          out.write('.');
          out.flush();
          Thread.sleep(2000);
        }
      } catch (Exception gone) {
        // the sender closed the body: it had its answer
      }
    });
    server.start();
    return server;
  }

  @Test
  void aTargetThatTricklesItsBodyIsDeliveredToAndHoldsNoOtherTarget() throws Exception {
    AtomicInteger requests = new AtomicInteger();
    HttpServer slow = trickling(requests);
    URI slowUri = URI.create("http://127.0.0.1:" + slow.getAddress().getPort() + "/T00000000/B00000000/XXXXXXXX");
    try (Receiver fast = Receiver.listening()) {
      AlertsConfig config = new AlertsConfig(List.of(slowUri), true, List.of(new AlertTarget("generic", slowUri, "KEY"),
          new AlertTarget("generic", fast.uri(), "KEY")), null, null);
      try (AlertDispatcher d = AlertDispatcher.start(config, Map.of("KEY", "a-signing-secret"))) {
        for (int i = 1; i <= 3; i++) {
          d.changed("lab", null, verdict("r" + i, Bottleneck.DISK));
        }
        assertEquals(3, fast.await(3).size(), "the other target hears all three");
        TargetDelivery slowTarget = d.targets().get(0);
        awaitCount(slowTarget::delivered, 3); // each answered 200: delivered, its body not waited for
        assertEquals(0, slowTarget.retried());
        assertEquals(0, slowTarget.failed());
        // the plain webhook to the same receiver: three deliveries, none pending
        awaitCount(() -> d.deliveries().stream().filter(x -> x.kind().equals("webhook")).mapToLong(
            AlertDispatcher.Delivery::delivered).sum(), 3);
        assertEquals(6, requests.get());
      }
    } finally {
      slow.stop(0);
    }
  }

  @Test
  void theLastAttemptGivesUpAtOnce() throws Exception {
    // 503 to everything; two attempts 2 s apart: given up right after the second, not 4 s later
    try (Receiver down = Receiver.listening(new Receiver.Answer(503, null), new Receiver.Answer(503, null),
        new Receiver.Answer(503, null))) {
      TargetDelivery t = new TargetDelivery("generic#0", "generic", down.uri(), AlertFormat.of("generic", new byte[] {1}),
          new TargetDelivery.Retries(Duration.ofSeconds(2), Duration.ofSeconds(30), 2), 10);
      try (AlertDispatcher d = new AlertDispatcher(List.of(t), 0.9, Duration.ofMinutes(2), java.time.Instant::now,
          Duration.ofHours(1))) {
        d.changed("lab", null, verdict("r1", Bottleneck.DISK));
        List<Receiver.Heard> heard = down.await(2);
        assertEquals(2, heard.size());
        awaitCount(t::failed, 1);
        long afterLast = System.nanoTime() - heard.get(1).nanos();
        // the old code slept the next wait (4 s) after the last attempt before giving up
        assertTrue(afterLast < 1_500_000_000L, "given up " + afterLast / 1e6 + " ms after the last attempt");
        assertEquals(1, t.retried());
      }
    }
  }

  @Test
  void aWebhookUrlIsNamedBySchemeHostAndPortOnly() {
    URI slack = URI.create("https://hooks.slack.com:443/services/T000/B000/XXXXSECRET?token=abc");
    assertEquals("https://hooks.slack.com:443", WebhookNotifier.redacted(slack));
    assertEquals("ConnectException: refused at https://hooks.slack.com:443", WebhookNotifier.why(
        new java.net.ConnectException("refused at " + slack), slack));
    assertEquals("IOException: POST /... failed", WebhookNotifier.why(
        new java.io.IOException("POST /services/T000/B000/XXXXSECRET failed"), slack));
  }

  private static void awaitCount(LongSupplier count, long expected) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 8_000;
    while (count.getAsLong() < expected && System.currentTimeMillis() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(expected, count.getAsLong());
  }
}
