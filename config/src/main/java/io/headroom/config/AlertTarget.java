package io.headroom.config;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One place alerts go ({@code alerts.targets[i]}, docs/alerts.md).
 *
 * @param type {@code generic} (JSON signed the Standard Webhooks way), {@code slack} (incoming
 *     webhook), {@code alertmanager} (an Alertmanager's API, as Prometheus posts to it),
 *     {@code alertmanager_webhook} (the payload Alertmanager posts to its own webhook receivers),
 *     {@code pagerduty} (Events API v2) or {@code teams} (a Microsoft Teams Workflows webhook)
 * @param url where to POST; for alertmanager the Alertmanager's base URL; for pagerduty optional
 *     (default {@link #PAGERDUTY_EVENTS})
 * @param secretEnv generic only: the environment variable holding the signing secret
 *     ({@code whsec_<base64>} as Standard Webhooks issues them, or any string)
 * @param routingKeyEnv pagerduty only: the environment variable holding the integration's routing key
 * @param resendEvery alertmanager only: how often firing alerts are sent again (default 1 minute)
 */
public record AlertTarget(String type, URI url, String secretEnv, String routingKeyEnv, Duration resendEvery) {
  public static final Set<String> TYPES =
      Set.of("generic", "slack", "alertmanager", "alertmanager_webhook", "pagerduty", "teams");
  public static final URI PAGERDUTY_EVENTS = URI.create("https://events.pagerduty.com/v2/enqueue");
  public static final Duration DEFAULT_RESEND = Duration.ofMinutes(1);

  public AlertTarget {
    if ("pagerduty".equals(type) && url == null) {
      url = PAGERDUTY_EVENTS;
    }
    if ("alertmanager".equals(type) && resendEvery == null) {
      resendEvery = DEFAULT_RESEND;
    }
  }

  public AlertTarget(String type, URI url, String secretEnv) {
    this(type, url, secretEnv, null, null);
  }

  List<String> validate(boolean plaintext) {
    List<String> problems = new ArrayList<>();
    if (type == null || !TYPES.contains(type)) {
      problems.add("type: must be one of generic, slack, alertmanager, alertmanager_webhook, pagerduty, teams");
    }
    if (url == null) {
      problems.add("url: must be set");
    } else {
      AlertsConfig.checkUrl(url, plaintext, "url: ", problems);
    }
    if ("generic".equals(type) && (secretEnv == null || secretEnv.isBlank())) {
      problems.add("secret_env: must name the environment variable with the signing secret");
    }
    if (!"generic".equals(type) && secretEnv != null) {
      problems.add("secret_env: only generic targets are signed");
    }
    if ("pagerduty".equals(type) && (routingKeyEnv == null || routingKeyEnv.isBlank())) {
      problems.add("routing_key_env: must name the environment variable with the integration's routing key");
    }
    if (!"pagerduty".equals(type) && routingKeyEnv != null) {
      problems.add("routing_key_env: only pagerduty targets have a routing key");
    }
    if (resendEvery != null && !"alertmanager".equals(type)) {
      problems.add("resend_every: only alertmanager targets re-send firing alerts");
    } else if (resendEvery != null && resendEvery.compareTo(Duration.ofSeconds(1)) < 0) {
      problems.add("resend_every: must be at least 1s, got " + Durations.format(resendEvery));
    }
    return problems;
  }

  /** How the target is named in logs and metrics: its type and host, never its path (a Slack URL is its token). */
  public String label() {
    return type + ":" + (url == null ? "?" : url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort()));
  }
}
