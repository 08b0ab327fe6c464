package io.headroom.app.alerts;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** How one kind of target wants an alert: the body, the headers, and how often it may be sent to. */
abstract class AlertFormat {
  static final ObjectMapper JSON = new ObjectMapper();

  abstract String body(AlertEvent e);

  /** Headers beyond Content-Type; computed at each attempt (a signature carries the attempt's time). */
  Map<String, String> headers(AlertEvent e, String body, long nowSeconds) {
    return Map.of();
  }

  /** The least time between two sends to the same target. */
  Duration minInterval() {
    return Duration.ZERO;
  }

  static AlertFormat of(String type, byte[] signingKey) {
    return switch (type) {
      case "generic" -> new Generic(signingKey);
      case "slack" -> new Slack();
      case "alertmanager" -> new Alertmanager();
      default -> throw new IllegalArgumentException("unknown alert target type " + type);
    };
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

  /**
   * The Alertmanager webhook payload, version 4: what Alertmanager itself POSTs to a webhook
   * receiver, so receivers written for it (and routing by labels) work unchanged. A verdict
   * change to NONE is sent "resolved".
   */
  static final class Alertmanager extends AlertFormat {
    private static final String NEVER = "0001-01-01T00:00:00Z";

    @Override
    String body(AlertEvent e) {
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
      String status = e.cleared() ? "resolved" : "firing";
      ObjectNode root = JSON.createObjectNode();
      root.put("version", "4");
      root.put("groupKey", "{}:{testbed=\"" + e.testbed() + "\", run=\"" + e.run() + "\"}");
      root.put("truncatedAlerts", 0);
      root.put("status", status);
      root.put("receiver", "headroom");
      root.putObject("groupLabels").put("testbed", e.testbed()).put("run", e.run());
      root.set("commonLabels", JSON.valueToTree(labels));
      root.putObject("commonAnnotations").put("summary", e.summary());
      root.put("externalURL", "");
      ObjectNode alert = root.putArray("alerts").addObject();
      alert.put("status", status);
      alert.set("labels", JSON.valueToTree(labels));
      alert.putObject("annotations").put("summary", e.summary()).put("description", String.join("\n", e.evidence()));
      alert.put("startsAt", e.at().toString());
      alert.put("endsAt", e.cleared() ? e.at().toString() : NEVER);
      alert.put("generatorURL", "");
      alert.put("fingerprint", fingerprint(labels));
      return root.toString();
    }

    /** Stable per label set, as Alertmanager's fingerprint is: 16 hex digits of a hash of the labels. */
    static String fingerprint(Map<String, String> labels) {
      try {
        byte[] d = MessageDigest.getInstance("SHA-256").digest(new java.util.TreeMap<>(labels).toString()
            .getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(d, 0, 8);
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
