package io.headroom.app.alerts;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Headroom as an Alertmanager client, the way Prometheus and Grafana are: alerts POSTed to the
 * Alertmanager's {@code /api/v2/alerts}, so its routing, grouping, silences and inhibition apply.
 * A run's (or a phase's) limit is one alert while it stands: re-sent every {@code resendEvery}
 * with {@code endsAt} four intervals ahead (as Prometheus does, so a Headroom that stops leaves
 * it to expire rather than fire for ever), and resolved ({@code endsAt} = the time of the news)
 * when the verdict changes: to NONE, or to another limit, which fires as a new alert. A
 * "resource sustained" alert is sent once with the same four-interval {@code endsAt}: nothing
 * later says the resource cooled down (docs/alerts.md, Limits).
 *
 * <p>Used only from its target's delivery thread, so its state needs no lock.
 */
final class AlertmanagerClient extends AlertFormat {
  /** Prometheus' choice: an alert not re-sent for four intervals is taken as gone. */
  private static final int LIFETIMES = 4;

  private final Duration every;
  private final Reports reports;
  /** The alert that stands per testbed|run|phase: what is re-sent, and resolved at the next change. */
  private final Map<String, Standing> standing = new LinkedHashMap<>();

  private record Standing(Map<String, String> labels, ObjectNode annotations, Instant startsAt, URI report) {}

  AlertmanagerClient(Duration every, Reports reports) {
    this.every = every;
    this.reports = reports;
  }

  @Override
  URI endpoint(URI configured) {
    String base = configured.toString().replaceAll("/+$", "");
    return URI.create(base.endsWith("/api/v2/alerts") ? base : base + "/api/v2/alerts");
  }

  @Override
  Duration resendEvery() {
    return every;
  }

  @Override
  String body(AlertEvent e) {
    ArrayNode alerts = JSON.createArrayNode();
    Standing now = new Standing(labels(e), annotations(e), e.at(), reports.of(e.testbed(), e.run()));
    if (e.kind() == AlertEvent.Kind.RESOURCE_SUSTAINED) {
      add(alerts, now, e.at().plus(every.multipliedBy(LIFETIMES)));
      return alerts.toString();
    }
    String key = e.testbed() + "|" + e.run() + "|" + (e.phase() == null ? "" : e.phase());
    Standing before = standing.remove(key);
    if (before != null) {
      add(alerts, before, e.at());
    }
    if (!e.cleared()) {
      standing.put(key, now);
      add(alerts, now, e.at().plus(every.multipliedBy(LIFETIMES)));
    }
    return alerts.isEmpty() ? null : alerts.toString();
  }

  @Override
  String resend(Instant at) {
    if (standing.isEmpty()) {
      return null;
    }
    ArrayNode alerts = JSON.createArrayNode();
    standing.values().forEach(s -> add(alerts, s, at.plus(every.multipliedBy(LIFETIMES))));
    return alerts.toString();
  }

  /** One postable alert (Alertmanager's OpenAPI: labels required; startsAt, endsAt, generatorURL). */
  private static void add(ArrayNode alerts, Standing s, Instant endsAt) {
    ObjectNode a = alerts.addObject();
    a.set("labels", JSON.valueToTree(s.labels()));
    a.set("annotations", s.annotations());
    a.put("startsAt", s.startsAt().toString());
    a.put("endsAt", endsAt.toString());
    if (s.report() != null) {
      a.put("generatorURL", s.report().toString());
    }
  }

  private static ObjectNode annotations(AlertEvent e) {
    ObjectNode a = JSON.createObjectNode();
    a.put("summary", e.summary());
    a.put("description", String.join("\n", e.evidence()));
    return a;
  }
}
