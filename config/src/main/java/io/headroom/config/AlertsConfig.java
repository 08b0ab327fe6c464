package io.headroom.config;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the analyzer sends alerts when a run's verdict changes: webhook URLs (JSON POST) and
 * typed targets (generic signed, slack, alertmanager).
 *
 * @param plaintext allows {@code http://} webhooks: a webhook URL often carries its token, which
 *     plain HTTP sends in clear, so it takes an explicit yes
 * @param resourceThreshold a resource at or above this share of its ceiling ...
 * @param resourceFor ... for this long raises a "resource sustained" alert
 * @param reportUrl where people open the analyzer's report pages (its API's base URL as they reach
 *     it); alerts link a run's report as {@code reportUrl/runs/RUN?testbed=T}; null: no link
 * @param holdFor how long a changed live verdict must stay the same before it is published and
 *     alerted (Prometheus's {@code for:}): a judgement that flips back within it is never announced;
 *     a run's final verdict is announced at once when it differs from the last one announced
 */
public record AlertsConfig(List<URI> webhooks, Boolean plaintext, List<AlertTarget> targets,
    Double resourceThreshold, Duration resourceFor, URI reportUrl, Duration holdFor) {
  /** Five readings at the default 1 s scrape: a limit seen for less is noise to a person paged. */
  public static final Duration DEFAULT_HOLD_FOR = Duration.ofSeconds(5);
  /** No alerts (after DEFAULT_HOLD_FOR, which its constructor reads). */
  public static final AlertsConfig NONE = new AlertsConfig(List.of());

  public AlertsConfig {
    webhooks = webhooks == null ? List.of() : List.copyOf(webhooks);
    plaintext = plaintext != null && plaintext;
    targets = targets == null ? List.of() : List.copyOf(targets);
    resourceThreshold = resourceThreshold == null ? 0.9 : resourceThreshold;
    resourceFor = resourceFor == null ? Duration.ofMinutes(2) : resourceFor;
    holdFor = holdFor == null ? DEFAULT_HOLD_FOR : holdFor;
  }

  public AlertsConfig(List<URI> webhooks, Boolean plaintext, List<AlertTarget> targets, Double resourceThreshold,
      Duration resourceFor, URI reportUrl) {
    this(webhooks, plaintext, targets, resourceThreshold, resourceFor, reportUrl, null);
  }

  public AlertsConfig(List<URI> webhooks, Boolean plaintext, List<AlertTarget> targets, Double resourceThreshold,
      Duration resourceFor) {
    this(webhooks, plaintext, targets, resourceThreshold, resourceFor, null);
  }

  public AlertsConfig(List<URI> webhooks, Boolean plaintext) {
    this(webhooks, plaintext, null, null, null);
  }

  /** The report page of a run as {@code reportUrl} serves it; null when no {@code report_url} is set. */
  public URI reportOf(String testbed, String run) {
    if (reportUrl == null) {
      return null;
    }
    String base = reportUrl.toString().replaceAll("/+$", "");
    return URI.create(base + "/runs/" + encode(run) + "?testbed=" + encode(testbed));
  }

  private static String encode(String s) {
    return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
  }

  public AlertsConfig(List<URI> webhooks) {
    this(webhooks, false);
  }

  /** Problems named by key relative to {@code alerts:}; URLs are named by position, never echoed. */
  List<String> validate() {
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < webhooks.size(); i++) {
      checkUrl(webhooks.get(i), plaintext, "webhooks[" + i + "]: ", problems);
    }
    for (int i = 0; i < targets.size(); i++) {
      for (String p : targets.get(i).validate(plaintext)) {
        problems.add("targets[" + i + "]." + p);
      }
    }
    if (resourceThreshold <= 0 || resourceThreshold > 1.5) {
      problems.add("resource_threshold: must be a share of the ceiling in (0, 1.5], got " + resourceThreshold);
    }
    if (resourceFor.isNegative() || resourceFor.isZero()) {
      problems.add("resource_for: must be positive");
    }
    if (holdFor.isNegative()) {
      problems.add("hold_for: must be 0 (announce every change at once) or more");
    }
    if (reportUrl != null && (!"https".equals(reportUrl.getScheme()) && !"http".equals(reportUrl.getScheme())
        || reportUrl.getHost() == null || reportUrl.getRawQuery() != null)) {
      problems.add("report_url: must be an http(s) URL with a host and no query");
    }
    return problems;
  }

  /** Adds what is wrong with an alert URL, named {@code at}; the URL itself is never echoed. */
  static void checkUrl(URI u, boolean plaintext, String at, List<String> problems) {
    if (!"https".equals(u.getScheme()) && !"http".equals(u.getScheme()) || u.getHost() == null) {
      problems.add(at + "must be an http(s) URL with a host");
    } else if (u.getPort() == 0 || u.getPort() > 65_535) {
      // java.net.URI takes any digits as a port; the connection would fail at the first alert, unheard
      problems.add(at + "port " + u.getPort() + " is out of range (1-65535)");
    } else if ("http".equals(u.getScheme()) && !plaintext) {
      problems.add(at + "is http://, which sends the URL and its token in clear; use https:// "
          + "or set alerts.plaintext: true");
    }
    if (u.getRawUserInfo() != null) {
      problems.add(at + "must not hold credentials (user:password@ in the URL)");
    }
  }
}
