package io.headroom.app.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.config.AlertTarget;
import io.headroom.config.AlertsConfig;
import io.headroom.model.Bottleneck;
import io.headroom.model.Verdict;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pagerduty and teams targets' payloads, as a receiver on loopback gets them, checked against the vendors' rules. */
class VendorPayloadsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TargetDelivery.Retries FAST = new TargetDelivery.Retries(Duration.ofMillis(200), Duration.ofMillis(400), 20);
  private static final String ROUTING_KEY = "R0UT1NGKEY0000000000000000000000";
  private static final Verdict NONE = new Verdict("r1", Bottleneck.NONE, null, 0.6, List.of("nothing near a ceiling"),
      List.of(), List.of());
  private static final Verdict DISK = new Verdict("r1", Bottleneck.DISK, "h1/disk/nvme0n1", 0.9,
      List.of("nvme0n1 util p95 0.99"), List.of(), List.of());

  @Test
  void pagerDutyGetsATriggerThenAResolveWithOneDedupKey() throws Exception {
    try (Receiver r = Receiver.listening(); AlertDispatcher d = dispatcher(
        new AlertTarget("pagerduty", URI.create(r.uri() + "/v2/enqueue"), null, "PD_KEY", null))) {
      d.changed("lab", NONE, DISK);
      d.changed("lab", DISK, NONE);
      List<Receiver.Heard> heard = r.await(2);
      JsonNode trigger = JSON.readTree(heard.get(0).body());
      assertEquals(List.of(), VendorSchemas.pagerDutyEvent(trigger));
      assertEquals(ROUTING_KEY, trigger.get("routing_key").asText(), "read from PD_KEY");
      assertEquals("trigger", trigger.get("event_action").asText());
      assertEquals("headroom/lab/r1", trigger.get("dedup_key").asText());
      JsonNode payload = trigger.get("payload");
      assertEquals("run r1 on lab: bottleneck DISK on h1/disk/nvme0n1 (confidence 0.90), was NONE",
          payload.get("summary").asText());
      assertEquals("h1/disk/nvme0n1", payload.get("source").asText());
      assertEquals("warning", payload.get("severity").asText());
      assertEquals("DISK", payload.get("class").asText());
      assertEquals("lab", payload.get("group").asText());
      assertEquals("nvme0n1 util p95 0.99", payload.get("custom_details").get("evidence").asText());
      assertEquals("https://headroom.example.com/runs/r1?testbed=lab", trigger.get("links").get(0).get("href").asText());
      JsonNode resolve = JSON.readTree(heard.get(1).body());
      assertEquals(List.of(), VendorSchemas.pagerDutyEvent(resolve));
      // a resolve is the three fields only, naming the trigger's alert
      assertEquals(Map.of("routing_key", ROUTING_KEY, "event_action", "resolve", "dedup_key", "headroom/lab/r1"),
          JSON.convertValue(resolve, Map.class));
      assertFalse(metrics(d).contains(ROUTING_KEY), "the routing key is never in a label");
    }
  }

  @Test
  void theChecksBite() {
    ObjectNode noSeverity = (ObjectNode) JSON.valueToTree(Map.of("routing_key", "k", "event_action", "trigger",
        "payload", Map.of("summary", "s", "source", "h1", "severity", "high")));
    assertEquals(List.of("payload.severity: not critical, warning, error or info: \"high\""),
        VendorSchemas.pagerDutyEvent(noSeverity));
    ObjectNode resolveWithoutKey = (ObjectNode) JSON.valueToTree(Map.of("routing_key", "k", "event_action", "resolve"));
    assertEquals(List.of("dedup_key: required, a string"), VendorSchemas.pagerDutyEvent(resolveWithoutKey));
    JsonNode card = JSON.valueToTree(Map.of("type", "message", "attachments", List.of(Map.of(
        "contentType", TeamsWorkflow.CARD_TYPE, "content", Map.of("type", "AdaptiveCard", "version", "1.4", "msteams",
            Map.of("width", "Full"), "body", List.of(Map.of("type", "FactSet", "facts", List.of(Map.of("title", "t")))))))));
    assertEquals(List.of("card.msteams: not a property of AdaptiveCard", "Fact.value: required, a string"),
        VendorSchemas.teamsMessage(card));
  }

  @Test
  void teamsGetsAnAdaptiveCardWithTheFactsAndTheReportButton() throws Exception {
    try (Receiver r = Receiver.listening(); AlertDispatcher d = dispatcher(
        new AlertTarget("teams", URI.create(r.uri() + "?api-version=1&sig=SECRETSIGNATURE"), null))) {
      d.changed("lab", NONE, DISK);
      JsonNode message = JSON.readTree(r.await(1).get(0).body());
      assertEquals(List.of(), VendorSchemas.teamsMessage(message));
      JsonNode card = message.get("attachments").get(0).get("content");
      assertEquals("1.4", card.get("version").asText());
      assertEquals("Headroom: DISK on h1/disk/nvme0n1", card.get("body").get(0).get("text").asText());
      assertEquals("run r1 on lab: bottleneck DISK on h1/disk/nvme0n1 (confidence 0.90), was NONE",
          card.get("body").get(1).get("text").asText());
      assertEquals("- nvme0n1 util p95 0.99", card.get("body").get(2).get("text").asText());
      assertEquals(List.of(Map.of("title", "Testbed", "value", "lab"), Map.of("title", "Run", "value", "r1"),
          Map.of("title", "Phase", "value", "(the whole run)"), Map.of("title", "Bottleneck", "value", "DISK"),
          Map.of("title", "Entity", "value", "h1/disk/nvme0n1"), Map.of("title", "Confidence", "value", "0.90")),
          JSON.convertValue(card.get("body").get(3).get("facts"), List.class));
      assertEquals("https://headroom.example.com/runs/r1?testbed=lab", card.get("actions").get(0).get("url").asText());
      assertFalse(metrics(d).contains("SECRETSIGNATURE"), "the workflow's signature is never in a label");
    }
  }

  private static String metrics(AlertDispatcher d) {
    io.headroom.app.api.PrometheusText text = new io.headroom.app.api.PrometheusText();
    d.write(text);
    return text.toString();
  }

  private static AlertDispatcher dispatcher(AlertTarget t) throws Exception {
    AlertsConfig config = new AlertsConfig(List.of(), true, List.of(t), null, null, URI.create("https://headroom.example.com/"));
    return AlertDispatcher.start(config, Map.of("PD_KEY", ROUTING_KEY), FAST);
  }
}
