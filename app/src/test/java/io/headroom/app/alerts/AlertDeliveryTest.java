package io.headroom.app.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.config.AlertTarget;
import io.headroom.config.AlertsConfig;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Alerts delivered to receivers on loopback: signatures, each payload shape, retries, 429, dedup. */
class AlertDeliveryTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The Standard Webhooks specification's test secret: base64 after whsec_. */
  private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  private static final TargetDelivery.Retries FAST = new TargetDelivery.Retries(Duration.ofMillis(200), Duration.ofMillis(400), 20);

  private static final Verdict NONE = new Verdict("r1", Bottleneck.NONE, null, 0.6, List.of("nothing near a ceiling"),
      List.of(), List.of());
  private static final Verdict DISK = new Verdict("r1", Bottleneck.DISK, "nvme0n1", 0.9, List.of("nvme0n1 util 0.99"),
      List.of(new HeadroomEntry("nvme0n1", "disk", 0.99, 0.99, "util", true)), List.of());

  @Test
  void theSignatureIsTheStandardWebhooksOne() {
    // the specification's published vector: id, timestamp and body below sign to this value
    assertEquals("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", StandardWebhooks.signature(
        StandardWebhooks.key(SECRET), "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, "{\"test\": 2432232314}"));
  }

  @Test
  void aGenericTargetGetsASignedJsonThatTheReceiverVerifies() throws Exception {
    try (Receiver r = Receiver.listening();
        AlertDispatcher d = dispatcher(target("generic", r, "HOOK_SECRET"))) {
      long before = System.currentTimeMillis() / 1000;
      d.changed("lab", NONE, DISK);
      Receiver.Heard h = r.await(1).get(0);
      long after = System.currentTimeMillis() / 1000;
      String id = h.headers().get("webhook-id");
      long ts = Long.parseLong(h.headers().get("webhook-timestamp"));
      assertTrue(id.startsWith("msg_"), id);
      assertTrue(ts >= before && ts <= after, "timestamp " + ts + " is the time of sending");
      // the receiver's own check: HMAC-SHA256 keyed with the decoded secret over id.timestamp.body
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(Base64.getDecoder().decode(SECRET.substring(6)), "HmacSHA256"));
      String expected = "v1," + Base64.getEncoder().encodeToString(
          mac.doFinal((id + "." + ts + "." + h.body()).getBytes(StandardCharsets.UTF_8)));
      assertEquals(expected, h.headers().get("webhook-signature"));
      JsonNode body = JSON.readTree(h.body());
      assertEquals("verdict.changed", body.get("type").asText());
      assertEquals("DISK", body.get("data").get("bottleneck").asText());
      assertEquals("nvme0n1", body.get("data").get("entity").asText());
      assertEquals("NONE", body.get("data").get("previous").asText());
      assertEquals("nvme0n1 util 0.99", body.get("data").get("evidence").get(0).asText());
    }
  }

  @Test
  void slackGetsBlocksAtMostOneMessageASecond() throws Exception {
    try (Receiver r = Receiver.listening(); AlertDispatcher d = dispatcher(target("slack", r, null))) {
      d.changed("lab", null, NONE);
      d.changed("lab", NONE, DISK);
      List<Receiver.Heard> heard = r.await(2);
      assertEquals(2, heard.size());
      assertTrue(heard.get(1).nanos() - heard.get(0).nanos() >= 1_000_000_000L,
          "second message " + (heard.get(1).nanos() - heard.get(0).nanos()) / 1e6 + " ms after the first");
      JsonNode body = JSON.readTree(heard.get(1).body());
      assertEquals("run r1 on lab: bottleneck DISK on nvme0n1 (confidence 0.90), was NONE", body.get("text").asText());
      assertEquals("header", body.get("blocks").get(0).get("type").asText());
      assertEquals("Headroom: DISK on nvme0n1", body.get("blocks").get(0).get("text").get("text").asText());
      assertEquals("mrkdwn", body.get("blocks").get(1).get("text").get("type").asText());
      assertEquals("run r1 on lab: bottleneck DISK on nvme0n1 (confidence 0.90), was NONE\n• nvme0n1 util 0.99",
          body.get("blocks").get(1).get("text").get("text").asText());
    }
  }

  @Test
  void a429IsRetriedAfterWhatRetryAfterSays() throws Exception {
    try (Receiver r = Receiver.listening(new Receiver.Answer(429, "2"));
        AlertDispatcher d = dispatcher(target("slack", r, null))) {
      d.changed("lab", NONE, DISK);
      List<Receiver.Heard> heard = r.await(2);
      assertEquals(2, heard.size());
      // Retry-After: 2 (seconds), far longer than the 200 ms backoff this dispatcher would use
      assertTrue(heard.get(1).nanos() - heard.get(0).nanos() >= 2_000_000_000L);
      awaitCount(() -> d.targets().get(0).delivered(), 1);
      assertEquals(1, d.targets().get(0).retried());
      assertEquals(0, d.targets().get(0).failed());
    }
  }

  @Test
  void alertmanagerGetsTheWebhookV4PayloadFiringThenResolved() throws Exception {
    try (Receiver r = Receiver.listening(); AlertDispatcher d = dispatcher(target("alertmanager_webhook", r, null))) {
      d.changed("lab", NONE, DISK);
      d.changed("lab", DISK, NONE);
      List<Receiver.Heard> heard = r.await(2);
      JsonNode firing = JSON.readTree(heard.get(0).body());
      assertEquals("4", firing.get("version").asText());
      assertEquals("firing", firing.get("status").asText());
      assertEquals("headroom", firing.get("receiver").asText());
      assertEquals(0, firing.get("truncatedAlerts").asInt());
      JsonNode alert = firing.get("alerts").get(0);
      assertEquals("firing", alert.get("status").asText());
      assertEquals(Map.of("alertname", "HeadroomBottleneck", "testbed", "lab", "run", "r1", "bottleneck", "DISK",
          "entity", "nvme0n1", "severity", "warning"), JSON.convertValue(alert.get("labels"), Map.class));
      assertEquals("0001-01-01T00:00:00Z", alert.get("endsAt").asText());
      assertEquals(16, alert.get("fingerprint").asText().length());
      assertEquals("nvme0n1 util 0.99", alert.get("annotations").get("description").asText());
      JsonNode resolved = JSON.readTree(heard.get(1).body());
      assertEquals("resolved", resolved.get("status").asText());
      assertEquals("resolved", resolved.get("alerts").get(0).get("status").asText());
      assertEquals(resolved.get("alerts").get(0).get("startsAt"), resolved.get("alerts").get(0).get("endsAt"));
    }
  }

  @Test
  void aReceiverDownForAWhileGetsTheAlertOnceItIsBack() throws Exception {
    try (Receiver r = Receiver.down(); AlertDispatcher d = dispatcher(target("generic", r, "HOOK_SECRET"))) {
      d.changed("lab", NONE, DISK);
      // refused meanwhile: 200 ms, then 400 ms waits between attempts
      awaitCount(() -> Math.min(2, d.targets().get(0).retried()), 2);
      assertEquals(0, d.targets().get(0).delivered());
      r.start();
      assertEquals(1, r.await(1).size());
      awaitCount(() -> d.targets().get(0).delivered(), 1);
      assertEquals(0, d.targets().get(0).failed());
    }
  }

  @Test
  void aRefusalIsFinalAndCounted() throws Exception {
    try (Receiver r = Receiver.listening(new Receiver.Answer(400, null));
        AlertDispatcher d = dispatcher(target("generic", r, "HOOK_SECRET"))) {
      d.changed("lab", NONE, DISK);
      awaitCount(() -> d.targets().get(0).failed(), 1);
      Thread.sleep(600); // longer than a retry would wait
      assertEquals(1, r.heard().size());
      assertEquals(0, d.targets().get(0).retried());
      io.headroom.app.api.PrometheusText text = new io.headroom.app.api.PrometheusText();
      d.write(text);
      assertTrue(text.toString().contains("headroom_alerts_failed_total{kind=\"generic\",target=\"generic:127.0.0.1:"), text.toString());
    }
  }

  @Test
  void theSameNewsIsSentOnceAndPhaseChangesAreTheirOwn() throws Exception {
    Verdict withPhases = new Verdict("r1", Bottleneck.DISK, "nvme0n1", 0.9, List.of(), List.of(),
        List.of(new PhaseVerdict("qd1", Bottleneck.NONE, null, 0.6), new PhaseVerdict("qd8", Bottleneck.DISK, "nvme0n1", 0.9)));
    Verdict qd1Only = new Verdict("r1", Bottleneck.NONE, null, 0.6, List.of(), List.of(),
        List.of(new PhaseVerdict("qd1", Bottleneck.NONE, null, 0.6)));
    try (Receiver r = Receiver.listening(); AlertDispatcher d = dispatcher(target("generic", r, "HOOK_SECRET"))) {
      d.changed("lab", qd1Only, withPhases); // the run's verdict and phase qd8 changed; qd1 did not
      d.changed("lab", qd1Only, withPhases); // the same news again (a second analyzer, a replay)
      Thread.sleep(500);
      List<Receiver.Heard> heard = r.await(2);
      assertEquals(2, heard.size());
      assertEquals("verdict.changed", JSON.readTree(heard.get(0).body()).get("type").asText());
      JsonNode phase = JSON.readTree(heard.get(1).body());
      assertEquals("phase.changed", phase.get("type").asText());
      assertEquals("qd8", phase.get("data").get("phase").asText());
    }
  }

  @Test
  void aVerdictThatComesBackIsNewsAgain() throws Exception {
    try (Receiver r = Receiver.listening(); AlertDispatcher d = dispatcher(target("generic", r, "HOOK_SECRET"))) {
      d.changed("lab", NONE, DISK);
      d.changed("lab", DISK, NONE);
      d.changed("lab", NONE, DISK); // DISK again: what the receiver last heard was NONE
      d.changed("lab", NONE, DISK); // the same news twice in a row (a replay): once
      List<Receiver.Heard> heard = r.await(3);
      Thread.sleep(300);
      assertEquals(3, r.heard().size());
      List<String> said = new java.util.ArrayList<>();
      for (Receiver.Heard h : heard) {
        said.add(JSON.readTree(h.body()).get("data").get("bottleneck").asText());
      }
      assertEquals(List.of("DISK", "NONE", "DISK"), said);
    }
  }

  @Test
  void aResourceBeyondItsThresholdForTheConfiguredTimeIsAlertedOnce() throws Exception {
    java.util.concurrent.atomic.AtomicReference<java.time.Instant> now =
        new java.util.concurrent.atomic.AtomicReference<>(java.time.Instant.ofEpochSecond(1_800_000_000L));
    try (Receiver r = Receiver.listening()) {
      TargetDelivery t = new TargetDelivery("generic", "generic", r.uri(), AlertFormat.of("generic", new byte[] {1}), FAST, 10);
      // threshold 0.9 for 120 s; the tick is an hour, so only the explicit checks below run
      try (AlertDispatcher d = new AlertDispatcher(List.of(t), 0.9, Duration.ofSeconds(120), now::get, Duration.ofHours(1))) {
        Verdict hot = new Verdict("r1", Bottleneck.DISK, "nvme0n1", 0.9, List.of(), List.of(
            new HeadroomEntry("nvme0n1", "disk", 0.9, 0.9, "util", true), new HeadroomEntry("cpu0", "cpu", 0.89, 0.89, "util", true)), List.of());
        d.changed("lab", NONE, hot); // the verdict change itself: one alert
        now.set(now.get().plusSeconds(119));
        d.checkSustained();
        assertEquals(1, r.await(1).size());
        now.set(now.get().plusSeconds(1)); // 120 s at 0.9 (= the threshold): due
        d.checkSustained();
        d.checkSustained();
        List<Receiver.Heard> heard = r.await(2);
        Thread.sleep(300);
        assertEquals(2, r.heard().size());
        JsonNode body = JSON.readTree(heard.get(1).body());
        assertEquals("resource.sustained", body.get("type").asText());
        assertEquals("nvme0n1", body.get("data").get("entity").asText()); // cpu0 at 0.89 is below 0.9
        assertEquals(0.9, body.get("data").get("utilization").asDouble());
        assertEquals("2m", body.get("data").get("for").asText());
      }
    }
  }

  @Test
  void retryAfterIsReadAsSecondsOrADateAndCapped() {
    assertEquals(Duration.ofSeconds(120), TargetDelivery.retryAfter("120"));
    assertEquals(Duration.ofMinutes(5), TargetDelivery.retryAfter("900")); // capped at 5 min
    assertEquals(Duration.ZERO, TargetDelivery.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT")); // in the past
    assertNull(TargetDelivery.retryAfter("soon"));
    assertNull(TargetDelivery.retryAfter(null));
  }

  private static AlertTarget target(String type, Receiver r, String secretEnv) {
    return new AlertTarget(type, r.uri(), secretEnv);
  }

  private static AlertDispatcher dispatcher(AlertTarget t) throws Exception {
    AlertsConfig config = new AlertsConfig(List.of(), true, List.of(t), null, null);
    return AlertDispatcher.start(config, Map.of("HOOK_SECRET", SECRET), FAST);
  }

  private static void awaitCount(java.util.function.LongSupplier count, long expected) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 10_000;
    while (count.getAsLong() < expected && System.currentTimeMillis() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(expected, count.getAsLong());
  }
}
