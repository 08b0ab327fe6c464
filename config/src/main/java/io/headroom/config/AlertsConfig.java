package io.headroom.config;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the analyzer sends alerts when a run's verdict changes: webhook URLs (JSON POST).
 *
 * @param plaintext allows {@code http://} webhooks: a webhook URL often carries its token, which
 *     plain HTTP sends in clear, so it takes an explicit yes
 */
public record AlertsConfig(List<URI> webhooks, Boolean plaintext) {
  public static final AlertsConfig NONE = new AlertsConfig(List.of());

  public AlertsConfig {
    webhooks = webhooks == null ? List.of() : List.copyOf(webhooks);
    plaintext = plaintext != null && plaintext;
  }

  public AlertsConfig(List<URI> webhooks) {
    this(webhooks, false);
  }

  /** Problems named by key relative to {@code alerts:}; URLs are named by position, never echoed. */
  List<String> validate() {
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < webhooks.size(); i++) {
      URI u = webhooks.get(i);
      String at = "webhooks[" + i + "]: ";
      if (!"https".equals(u.getScheme()) && !"http".equals(u.getScheme()) || u.getHost() == null) {
        problems.add(at + "must be an http(s) URL with a host");
      } else if ("http".equals(u.getScheme()) && !plaintext) {
        problems.add(at + "is http://, which sends the URL and its token in clear; use https:// "
            + "or set alerts.plaintext: true");
      }
      if (u.getRawUserInfo() != null) {
        problems.add(at + "must not hold credentials (user:password@ in the URL)");
      }
    }
    return problems;
  }
}
