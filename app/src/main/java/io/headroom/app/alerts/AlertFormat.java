package io.headroom.app.alerts;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.config.AlertTarget;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** How one kind of target wants an alert: the body, the headers, and how often it may be sent to. */
abstract class AlertFormat {
  static final ObjectMapper JSON = new ObjectMapper();

  /** The body to POST for {@code e}; null when this target has nothing to say about it. */
  abstract String body(AlertEvent e);

  /** Where to POST, given the configured URL (an Alertmanager's base URL takes its API path). */
  java.net.URI endpoint(java.net.URI configured) {
    return configured;
  }

  /** How often {@link #resend} is asked for a body; null: never (only Alertmanager clients re-send). */
  Duration resendEvery() {
    return null;
  }

  /** What to send again now, while alerts are active; null when there is nothing to re-send. */
  String resend(java.time.Instant now) {
    return null;
  }

  /** Headers beyond Content-Type; computed at each attempt (a signature carries the attempt's time). */
  Map<String, String> headers(AlertEvent e, String body, long nowSeconds) {
    return Map.of();
  }

  /** The least time between two sends to the same target. */
  Duration minInterval() {
    return Duration.ZERO;
  }

  static AlertFormat of(String type, byte[] signingKey) {
    return of(new AlertTarget(type, null, null), signingKey, null, (testbed, run) -> null);
  }

  /**
   * @param routingKey pagerduty: the routing key read from its variable (never logged)
   * @param reports the report page of a run (testbed, run), null when no report_url is set
   */
  static AlertFormat of(AlertTarget t, byte[] signingKey, String routingKey, Reports reports) {
    return switch (t.type()) {
      case "generic" -> new Generic(signingKey);
      case "slack" -> new Slack();
      case "alertmanager" -> new AlertmanagerClient(t.resendEvery() == null
          ? AlertTarget.DEFAULT_RESEND : t.resendEvery(), reports);
      case "alertmanager_webhook" -> new AlertmanagerWebhook();
      case "pagerduty" -> new PagerDutyEvents(routingKey, reports);
      case "teams" -> new TeamsWorkflow(reports);
      default -> throw new IllegalArgumentException("unknown alert target type " + t.type());
    };
  }

  /** The report page of a run; null when the analyzer's report URL is not configured. */
  @FunctionalInterface
  interface Reports {
    java.net.URI of(String testbed, String run);
  }

  /** Alertmanager's labels for an event: what its routing, grouping, silences and inhibition match on. */
  static Map<String, String> labels(AlertEvent e) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("alertname", e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED ? "HeadroomResourceSustained" : "HeadroomBottleneck");
    labels.put("testbed", e.testbed());
    labels.put("run", e.run());
    if (e.phase() != null) {
      labels.put("phase", e.phase());
    }
    labels.put("bottleneck", e.bottleneck());
    if (e.entity() != null) {
      labels.put("entity", e.entity());
    }
    labels.put("severity", e.cleared() ? "info" : "warning");
    return labels;
  }

  /** JSON {type, timestamp, data} signed the Standard Webhooks way. */
  static final class Generic extends AlertFormat {
    private final byte[] key;

    Generic(byte[] key) {
      this.key = key;
    }

    @Override
    String body(AlertEvent e) {
      ObjectNode root = JSON.createObjectNode();
      root.put("type", e.kind().type);
      root.put("timestamp", e.at().toString());
      ObjectNode data = root.putObject("data");
      data.put("testbed", e.testbed());
      data.put("run", e.run());
      data.put("phase", e.phase());
      data.put("bottleneck", e.bottleneck());
      data.put("entity", e.entity());
      data.put(e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED ? "utilization" : "confidence", e.value());
      data.put(e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED ? "for" : "previous", e.previous());
      ArrayNode evidence = data.putArray("evidence");
      e.evidence().forEach(evidence::add);
      data.put("summary", e.summary());
      return root.toString();
    }

    @Override
    Map<String, String> headers(AlertEvent e, String body, long nowSeconds) {
      Map<String, String> h = new LinkedHashMap<>();
      h.put("webhook-id", e.id());
      h.put("webhook-timestamp", Long.toString(nowSeconds));
      h.put("webhook-signature", StandardWebhooks.signature(key, e.id(), nowSeconds, body));
      return h;
    }
  }

  /** A Slack incoming webhook: a fallback text and Block Kit blocks; Slack allows about one message a second. */
  static final class Slack extends AlertFormat {
    @Override
    String body(AlertEvent e) {
      ObjectNode root = JSON.createObjectNode();
      root.put("text", e.summary());
      ArrayNode blocks = root.putArray("blocks");
      ObjectNode header = blocks.addObject();
      header.put("type", "header");
      header.putObject("text").put("type", "plain_text").put("text",
          e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED ? "Headroom: " + e.entity() + " saturated"
              : "Headroom: " + e.bottleneck() + (e.entity() == null ? "" : " on " + e.entity()));
      ObjectNode section = blocks.addObject();
      section.put("type", "section");
      StringBuilder text = new StringBuilder(escape(e.summary()));
      e.evidence().forEach(line -> text.append("\n• ").append(escape(line)));
      section.putObject("text").put("type", "mrkdwn").put("text", text.toString());
      ObjectNode context = blocks.addObject();
      context.put("type", "context");
      context.putArray("elements").addObject().put("type", "mrkdwn")
          .put("text", "testbed *" + escape(e.testbed()) + "* · run *" + escape(e.run()) + "*");
      return root.toString();
    }

    @Override
    Duration minInterval() {
      return Duration.ofSeconds(1);
    }

    /** Slack's mrkdwn control characters (&, <, >) as its docs say to escape them. */
    private static String escape(String s) {
      return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
  }
}
