package io.headroom.app.alerts;

import static io.headroom.app.testing.MetricsScrape.value;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.app.testing.MetricsScrape;
import io.headroom.app.testing.TestDatabase;
import io.headroom.config.AlertTarget;
import io.headroom.config.AlertsConfig;
import io.headroom.model.Bottleneck;
import io.headroom.model.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Deliveries and failures of every kind of alert target, read from /metrics over HTTP: generic,
 * slack, alertmanager_webhook, pagerduty and teams targets (queued, retried; the alertmanager
 * client has AlertmanagerClientTest against a real Alertmanager) and alerts.webhooks URLs (sent once), each to a
 * receiver on loopback that takes, refuses or is not there.
 */
class AlertKindsMetricsTest {
  private static final TargetDelivery.Retries FAST = new TargetDelivery.Retries(Duration.ofMillis(100), Duration.ofMillis(200), 3);
  private static final Verdict NONE = new Verdict("r1", Bottleneck.NONE, null, 0.6, List.of("nothing near a ceiling"),
      List.of(), List.of());
  private static final Verdict NIC = new Verdict("r1", Bottleneck.NETWORK, "h1/nic/eth0", 0.9, List.of("eth0 at 97%"),
      List.of(), List.of());

  @Test
  void everyTargetKindCountsItsDeliveriesAndFailures() throws Exception {
    try (Receiver generic = Receiver.listening();
        Receiver slack = Receiver.listening();
        Receiver alertmanager = Receiver.listening(new Receiver.Answer(400, null), new Receiver.Answer(400, null));
        Receiver webhook = Receiver.listening();
        Receiver webhookDown = Receiver.down();
        Receiver pagerduty = Receiver.listening();
        Receiver teams = Receiver.listening();
        TestDatabase db = TestDatabase.create()) {
      AlertsConfig config = new AlertsConfig(List.of(webhook.uri(), webhookDown.uri()), true, List.of(
          new AlertTarget("generic", generic.uri(), "SIGNING"),
          new AlertTarget("slack", slack.uri(), null),
          new AlertTarget("alertmanager_webhook", alertmanager.uri(), null),
          new AlertTarget("pagerduty", pagerduty.uri(), null, "PD_KEY", null),
          new AlertTarget("teams", teams.uri(), null)), null, null);
      try (AlertDispatcher alerts = AlertDispatcher.start(config, Map.of("SIGNING", "a secret", "PD_KEY", "k"), FAST);
          MetricsScrape metrics = new MetricsScrape(db, List.of(alerts))) {
        // two changes of the run's verdict, no phases: one alert each, to every target
        alerts.changed("lab", null, NONE);
        alerts.changed("lab", NONE, NIC);
        List.of(generic, slack, alertmanager, webhook, pagerduty, teams).forEach(r -> awaitQuietly(r, 2));

        String text = awaitSettled(metrics, 14);
        // 2 alerts x 7 targets = 14 outcomes: generic, slack, pagerduty (a resolve, then a trigger),
        // teams and the first webhook take both;
        // alertmanager answers 400 twice (final, no retry); the second webhook refuses connections
        assertOutcome(text, "generic", "generic:" + host(generic) + "#0", 2, 0);
        assertOutcome(text, "slack", "slack:" + host(slack) + "#1", 2, 0);
        assertOutcome(text, "alertmanager_webhook", "alertmanager_webhook:" + host(alertmanager) + "#2", 0, 2);
        assertOutcome(text, "pagerduty", "pagerduty:" + host(pagerduty) + "#3", 2, 0);
        assertOutcome(text, "teams", "teams:" + host(teams) + "#4", 2, 0);
        assertOutcome(text, "webhook", "webhook:" + host(webhook) + "#0", 2, 0);
        assertOutcome(text, "webhook", "webhook:" + host(webhookDown) + "#1", 0, 2);
        assertEquals(2, alertmanager.heard().size(), "a 400 is not retried");
      }
    }
  }

  private static String host(Receiver r) {
    return r.uri().getHost() + ":" + r.uri().getPort();
  }

  private static void assertOutcome(String text, String kind, String target, double delivered, double failed) {
    String labels = "kind=\"" + kind + "\",target=\"" + target + "\"";
    assertEquals(delivered, value(text, "headroom_alerts_delivered_total", labels), target + " delivered");
    assertEquals(failed, value(text, "headroom_alerts_failed_total", labels), target + " failed");
  }

  /** /metrics once {@code outcomes} deliveries or failures are counted in all (or after 15 s). */
  private static String awaitSettled(MetricsScrape metrics, int outcomes) throws Exception {
    long deadline = System.currentTimeMillis() + 15_000;
    String text = metrics.text();
    while (counted(text) < outcomes && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
      text = metrics.text();
    }
    return text;
  }

  private static double counted(String text) {
    return text.lines().filter(l -> l.startsWith("headroom_alerts_delivered_total{") || l.startsWith("headroom_alerts_failed_total{"))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
  }

  private static void awaitQuietly(Receiver r, int n) {
    try {
      r.await(n);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
