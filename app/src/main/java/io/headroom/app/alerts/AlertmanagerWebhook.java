package io.headroom.app.alerts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;

/**
 * The Alertmanager webhook payload, version 4: what Alertmanager itself POSTs to a webhook
 * receiver, so receivers written for it (and routing by labels) work unchanged. A verdict change
 * to NONE is sent "resolved". (Type {@code alertmanager_webhook}; {@code alertmanager} posts to an
 * Alertmanager's own API instead, {@link AlertmanagerClient}.)
 */
final class AlertmanagerWebhook extends AlertFormat {
  private static final String NEVER = "0001-01-01T00:00:00Z";

  @Override
  String body(AlertEvent e) {
    Map<String, String> labels = labels(e);
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
