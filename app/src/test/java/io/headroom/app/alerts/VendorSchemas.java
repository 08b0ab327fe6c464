package io.headroom.app.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The vendors' published rules for the two payloads, written from their schemas (the required
 * fields, enums, types and, for Adaptive Cards, the closed property lists), each rule citing where
 * it comes from. Each check returns its problems, so a test shows it bites on a broken payload.
 */
final class VendorSchemas {
  private VendorSchemas() {}

  /**
   * PagerDuty Events API v2, {@code POST /v2/enqueue}: PagerDuty's OpenAPI document
   * https://github.com/PagerDuty/api-schema/blob/main/reference/events-v2/openapiv3.json
   * (request body: required routing_key, event_action in trigger|acknowledge|resolve; dedup_key
   * "required unless the event_type is trigger"; Payload: required summary, severity in
   * critical|warning|error|info, source; timestamp format date-time; Links items require href)
   * and its guide https://developer.pagerduty.com/docs/events-api-v2/trigger-events/ (a trigger
   * carries payload; summary at most 1024 characters, dedup_key at most 255).
   */
  static List<String> pagerDutyEvent(JsonNode e) {
    List<String> problems = new ArrayList<>();
    requireText(e, "routing_key", "", problems);
    String action = e.path("event_action").asText("");
    if (!Set.of("trigger", "acknowledge", "resolve").contains(action)) {
      problems.add("event_action: not trigger, acknowledge or resolve: " + e.get("event_action"));
    }
    if (!"trigger".equals(action)) {
      requireText(e, "dedup_key", "", problems);
    }
    if (e.path("dedup_key").asText("").length() > 255) {
      problems.add("dedup_key: longer than 255");
    }
    if ("trigger".equals(action)) {
      JsonNode p = e.path("payload");
      if (!p.isObject()) {
        problems.add("payload: a trigger needs one");
      } else {
        requireText(p, "summary", "payload.", problems);
        requireText(p, "source", "payload.", problems);
        if (!Set.of("critical", "warning", "error", "info").contains(p.path("severity").asText(""))) {
          problems.add("payload.severity: not critical, warning, error or info: " + p.get("severity"));
        }
        if (p.path("summary").asText("").length() > 1024) {
          problems.add("payload.summary: longer than 1024");
        }
        if (p.has("timestamp")) {
          try {
            OffsetDateTime.parse(p.get("timestamp").asText());
          } catch (java.time.format.DateTimeParseException bad) {
            problems.add("payload.timestamp: not a date-time: " + p.get("timestamp"));
          }
        }
        if (p.has("custom_details") && !p.get("custom_details").isObject()) {
          problems.add("payload.custom_details: not an object");
        }
      }
    }
    for (JsonNode link : e.path("links")) {
      requireText(link, "href", "links[].", problems);
    }
    return problems;
  }

  /** Adaptive Card 1.4 (schemas/1.4.0/adaptive-card.json): AdaptiveCard's properties; it has additionalProperties false. */
  private static final Set<String> CARD_KEYS = Set.of("type", "version", "refresh", "body", "actions", "selectAction",
      "fallbackText", "backgroundImage", "minHeight", "speak", "lang", "verticalContentAlignment", "$schema");

  /**
   * A Teams Workflows message: {@code {"type": "message", "attachments": [{"contentType":
   * "application/vnd.microsoft.card.adaptive", "contentUrl": null, "content": CARD}]}} as
   * Microsoft's "Send Adaptive Cards using an Incoming Webhook" shows
   * (https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using),
   * the card checked against the Adaptive Card schema 1.4.0
   * (https://github.com/microsoft/AdaptiveCards/blob/main/schemas/1.4.0/adaptive-card.json,
   * served as http://adaptivecards.io/schemas/adaptive-card.json): type AdaptiveCard; version a
   * string, required on the top-level card; no property outside the schema's list; TextBlock
   * requires text, FactSet requires facts, a Fact requires title and value (strings),
   * Action.OpenUrl requires url; wrap a boolean.
   */
  static List<String> teamsMessage(JsonNode m) {
    List<String> problems = new ArrayList<>();
    if (!"message".equals(m.path("type").asText())) {
      problems.add("type: not message");
    }
    if (m.path("attachments").size() != 1) {
      problems.add("attachments: not one attachment");
    }
    for (JsonNode a : m.path("attachments")) {
      if (!TeamsWorkflow.CARD_TYPE.equals(a.path("contentType").asText())) {
        problems.add("attachments[].contentType: not " + TeamsWorkflow.CARD_TYPE);
      }
      card(a.path("content"), problems);
    }
    return problems;
  }

  private static void card(JsonNode c, List<String> problems) {
    if (!"AdaptiveCard".equals(c.path("type").asText())) {
      problems.add("card.type: not AdaptiveCard");
    }
    if (!c.path("version").isTextual()) {
      problems.add("card.version: required on the top-level card, a string");
    }
    c.fieldNames().forEachRemaining(k -> {
      if (!CARD_KEYS.contains(k)) {
        problems.add("card." + k + ": not a property of AdaptiveCard");
      }
    });
    for (JsonNode el : c.path("body")) {
      switch (el.path("type").asText()) {
        case "TextBlock" -> {
          requireText(el, "text", "TextBlock.", problems);
          if (el.has("wrap") && !el.get("wrap").isBoolean()) {
            problems.add("TextBlock.wrap: not a boolean");
          }
        }
        case "FactSet" -> {
          if (!el.path("facts").isArray()) {
            problems.add("FactSet.facts: required, an array");
          }
          for (JsonNode f : el.path("facts")) {
            requireText(f, "title", "Fact.", problems);
            requireText(f, "value", "Fact.", problems);
          }
        }
        default -> problems.add("body[]: element " + el.path("type") + " is not one this check knows");
      }
    }
    for (JsonNode action : c.path("actions")) {
      if (!"Action.OpenUrl".equals(action.path("type").asText())) {
        problems.add("actions[]: " + action.path("type") + " is not Action.OpenUrl");
      }
      requireText(action, "url", "Action.OpenUrl.", problems);
    }
  }

  private static void requireText(JsonNode n, String key, String at, List<String> problems) {
    if (!n.path(key).isTextual()) {
      problems.add(at + key + ": required, a string");
    }
  }
}
