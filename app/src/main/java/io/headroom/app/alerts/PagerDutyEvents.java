package io.headroom.app.alerts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * PagerDuty's Events API v2 ({@code POST /v2/enqueue}, PagerDuty's openapiv3.json for events-v2):
 * a limit is a {@code trigger} whose {@code dedup_key} names the run (and phase), so a change
 * from one limit to another updates the same PagerDuty alert, and a change to NONE sends
 * {@code resolve} with that key. The routing key is in the body only: never in a log line.
 */
final class PagerDutyEvents extends AlertFormat {
  /** The Events API's limit on dedup_key. */
  static final int MAX_DEDUP_KEY = 255;
  /** The Events API's limit on payload.summary. */
  static final int MAX_SUMMARY = 1024;

  private final String routingKey;
  private final Reports reports;

  PagerDutyEvents(String routingKey, Reports reports) {
    this.routingKey = routingKey;
    this.reports = reports;
  }

  @Override
  String body(AlertEvent e) {
    ObjectNode root = JSON.createObjectNode();
    root.put("routing_key", routingKey);
    root.put("event_action", e.cleared() ? "resolve" : "trigger");
    root.put("dedup_key", dedupKey(e));
    if (e.cleared()) {
      return root.toString();
    }
    ObjectNode payload = root.putObject("payload");
    String summary = e.summary();
    payload.put("summary", summary.length() > MAX_SUMMARY ? summary.substring(0, MAX_SUMMARY - 1) + "…" : summary);
    payload.put("source", e.entity() != null ? e.entity() : e.testbed());
    payload.put("severity", "warning");
    payload.put("timestamp", e.at().toString());
    if (e.entity() != null) {
      payload.put("component", e.entity());
    }
    payload.put("group", e.testbed());
    payload.put("class", e.bottleneck());
    ObjectNode details = payload.putObject("custom_details");
    details.put("run", e.run());
    details.put("phase", e.phase());
    details.put(e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED ? "utilization" : "confidence", e.value());
    details.put(e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED ? "for" : "previous", e.previous());
    details.put("evidence", String.join("\n", e.evidence()));
    root.put("client", "Headroom");
    URI report = reports.of(e.testbed(), e.run());
    if (report != null) {
      root.put("client_url", report.toString());
      root.putArray("links").addObject().put("href", report.toString()).put("text", "Run report");
    }
    return root.toString();
  }

  /**
   * One PagerDuty alert per run's (or phase's) limit, one per sustained resource; a key longer
   * than the API's 255 characters keeps its start and ends in a hash of the whole.
   */
  static String dedupKey(AlertEvent e) {
    String key = "headroom/" + e.testbed() + "/" + e.run() + (e.phase() == null ? "" : "/phase/" + e.phase())
        + (e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED ? "/resource/" + e.entity() : "");
    if (key.length() <= MAX_DEDUP_KEY) {
      return key;
    }
    try {
      String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
      return key.substring(0, MAX_DEDUP_KEY - hash.length() - 1) + "#" + hash;
    } catch (java.security.NoSuchAlgorithmException ex) {
      throw new IllegalStateException(ex);
    }
  }
}
