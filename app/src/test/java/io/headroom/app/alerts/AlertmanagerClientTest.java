package io.headroom.app.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.config.AlertTarget;
import io.headroom.config.AlertsConfig;
import io.headroom.model.Bottleneck;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The alertmanager target against a real Alertmanager started by the test: what Headroom posts is
 * read back from Alertmanager's own API, with Headroom's labels, kept alive while it fires, moved
 * when the limit moves, and resolved when the verdict clears.
 */
class AlertmanagerClientTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TargetDelivery.Retries FAST = new TargetDelivery.Retries(Duration.ofMillis(200), Duration.ofMillis(400), 20);
  /** Re-sent every 2 s, so each alert's endsAt is 4 x 2 = 8 s after its latest sending. */
  private static final Duration RESEND = Duration.ofSeconds(2);

  private static final Verdict DISK = new Verdict("r1", Bottleneck.DISK, "h1/disk/nvme0n1", 0.9,
      List.of("nvme0n1 util p95 0.99"), List.of(), List.of(new PhaseVerdict("qd8", Bottleneck.DISK, "h1/disk/nvme0n1", 0.9)));
  private static final Verdict ARRAY = new Verdict("r1", Bottleneck.ARRAY_CPU, "ps1/node-a", 0.8,
      List.of("node-a util p95 0.94"), List.of(), List.of(new PhaseVerdict("qd8", Bottleneck.ARRAY_CPU, "ps1/node-a", 0.8)));
  private static final Verdict NONE = new Verdict("r1", Bottleneck.NONE, null, 0.6, List.of("nothing near a ceiling"),
      List.of(), List.of(new PhaseVerdict("qd8", Bottleneck.NONE, null, 0.6)));

  @Test
  void aVerdictChangeFiresWithHeadroomsLabelsAndItsClearingResolvesIt() throws Exception {
    Path binary = AlertmanagerProcess.binary();
    Assumptions.assumeTrue(binary != null,
        "no Alertmanager: install Debian's prometheus-alertmanager (.ci/run does) to run this test");
    try (AlertmanagerProcess am = AlertmanagerProcess.start(binary);
        AlertDispatcher d = AlertDispatcher.start(config(am.uri()), Map.of(), FAST)) {
      d.changed("lab", null, DISK); // the run's verdict and phase qd8: two alerts
      List<JsonNode> firing = await(am, a -> a.size() == 2, "the run's and the phase's alerts");
      assertEquals(Map.of("alertname", "HeadroomBottleneck", "testbed", "lab", "run", "r1", "bottleneck", "DISK",
          "entity", "h1/disk/nvme0n1", "severity", "warning"), labels(firing.get(0)));
      assertEquals(Map.of("alertname", "HeadroomBottleneck", "testbed", "lab", "run", "r1", "phase", "qd8",
          "bottleneck", "DISK", "entity", "h1/disk/nvme0n1", "severity", "warning"), labels(firing.get(1)));
      JsonNode run = firing.get(0);
      assertEquals("active", run.get("status").get("state").asText());
      assertEquals("https://headroom.example.com/runs/r1?testbed=lab", run.get("generatorURL").asText());
      assertEquals("run r1 on lab: bottleneck DISK on h1/disk/nvme0n1 (confidence 0.90), was not judged",
          run.get("annotations").get("summary").asText());
      assertEquals("nvme0n1 util p95 0.99", run.get("annotations").get("description").asText());

      // kept alive: each re-send moves endsAt to 8 s after it, startsAt stays the first sending's
      Instant startsAt = Instant.parse(run.get("startsAt").asText());
      Instant endsAt = Instant.parse(run.get("endsAt").asText());
      assertTrue(!endsAt.isBefore(startsAt.plus(RESEND.multipliedBy(4))), startsAt + " .. " + endsAt);
      List<JsonNode> later = await(am, a -> a.size() == 2 && Instant.parse(a.get(0).get("endsAt").asText()).isAfter(endsAt),
          "a re-send that moves endsAt");
      assertEquals(startsAt, Instant.parse(later.get(0).get("startsAt").asText()));

      // the limit moves: the DISK alerts are resolved, the ARRAY_CPU ones fire
      d.changed("lab", DISK, ARRAY);
      List<JsonNode> moved = await(am, a -> a.size() == 2 && "ARRAY_CPU".equals(labels(a.get(0)).get("bottleneck"))
          && "ARRAY_CPU".equals(labels(a.get(1)).get("bottleneck")), "only the ARRAY_CPU alerts");
      assertEquals("ps1/node-a", labels(moved.get(0)).get("entity"));

      // cleared: resolved at once. Unresolved they would stand until endsAt, at least 8 - 2 = 6 s
      // ahead (the latest re-send is at most 2 s old), so gone within 5 s means resolved.
      long before = System.nanoTime();
      d.changed("lab", ARRAY, NONE);
      await(am, List::isEmpty, "no alert once the verdict is NONE");
      assertTrue(System.nanoTime() - before < Duration.ofSeconds(5).toNanos(), "resolved, not expired");
    }
  }

  private static AlertsConfig config(URI alertmanager) {
    return new AlertsConfig(List.of(), true, List.of(new AlertTarget("alertmanager", alertmanager, null, null, RESEND)),
        null, null, URI.create("https://headroom.example.com"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> labels(JsonNode alert) {
    return new TreeMap<>(JSON.convertValue(alert.get("labels"), Map.class));
  }

  /** Alertmanager's alerts, the run's before its phases', once {@code done} holds (or fails after 10 s). */
  private static List<JsonNode> await(AlertmanagerProcess am, Predicate<List<JsonNode>> done, String what) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    List<JsonNode> alerts;
    do {
      alerts = new ArrayList<>();
      am.alerts().forEach(alerts::add);
      alerts.sort(java.util.Comparator.comparing(a -> a.get("labels").path("phase").asText("")));
      if (done.test(alerts)) {
        return alerts;
      }
      Thread.sleep(100);
    } while (System.nanoTime() < deadline);
    throw new AssertionError("waited 10 s for " + what + "; Alertmanager holds " + alerts);
  }
}
