package io.headroom.app.alerts;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.util.Locale;

/**
 * A Microsoft Teams Workflows webhook ("Send webhook alerts to a channel"; Office 365 connectors
 * were retired): a {@code message} whose one attachment is an Adaptive Card 1.4 with a title, the
 * summary, the evidence, a fact set (testbed, run, phase, class, entity) and a button to the
 * run's report. The webhook URL carries its signature in the query: it is never logged.
 */
final class TeamsWorkflow extends AlertFormat {
  static final String CARD_TYPE = "application/vnd.microsoft.card.adaptive";

  private final Reports reports;

  TeamsWorkflow(Reports reports) {
    this.reports = reports;
  }

  @Override
  String body(AlertEvent e) {
    ObjectNode root = JSON.createObjectNode();
    root.put("type", "message");
    ObjectNode attachment = root.putArray("attachments").addObject();
    attachment.put("contentType", CARD_TYPE);
    attachment.putNull("contentUrl");
    ObjectNode card = attachment.putObject("content");
    card.put("$schema", "http://adaptivecards.io/schemas/adaptive-card.json");
    card.put("type", "AdaptiveCard");
    card.put("version", "1.4");
    ArrayNode body = card.putArray("body");
    text(body, title(e)).put("weight", "Bolder").put("size", "Medium");
    text(body, e.summary());
    e.evidence().forEach(line -> text(body, "- " + line).put("spacing", "None"));
    ArrayNode facts = body.addObject().put("type", "FactSet").putArray("facts");
    fact(facts, "Testbed", e.testbed());
    fact(facts, "Run", e.run());
    fact(facts, "Phase", e.phase() == null ? "(the whole run)" : e.phase());
    fact(facts, "Bottleneck", e.bottleneck());
    fact(facts, "Entity", e.entity() == null ? "-" : e.entity());
    fact(facts, e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED ? "Share of ceiling" : "Confidence",
        String.format(Locale.ROOT, e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED ? "%.0f%%" : "%.2f",
            e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED ? e.value() * 100 : e.value()));
    URI report = reports.of(e.testbed(), e.run());
    if (report != null) {
      card.putArray("actions").addObject().put("type", "Action.OpenUrl").put("title", "Open the run's report")
          .put("url", report.toString());
    }
    return root.toString();
  }

  private static String title(AlertEvent e) {
    if (e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED) {
      return "Headroom: " + e.entity() + " saturated";
    }
    if (e.cleared()) {
      return "Headroom: nothing limits run " + e.run() + " any more";
    }
    return "Headroom: " + e.bottleneck() + (e.entity() == null ? "" : " on " + e.entity());
  }

  private static ObjectNode text(ArrayNode body, String text) {
    return body.addObject().put("type", "TextBlock").put("text", text).put("wrap", true);
  }

  private static void fact(ArrayNode facts, String title, String value) {
    facts.addObject().put("title", title).put("value", value);
  }
}
