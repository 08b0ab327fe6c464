package io.headroom.config;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/** Where the analyzer sends alerts when a run's verdict changes: webhook URLs (JSON POST). */
public record AlertsConfig(List<URI> webhooks) {
  public static final AlertsConfig NONE = new AlertsConfig(List.of());

  public AlertsConfig {
    webhooks = List.copyOf(webhooks);
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < webhooks.size(); i++) {
      URI u = webhooks.get(i);
      if (!"https".equals(u.getScheme()) && !"http".equals(u.getScheme()) || u.getHost() == null) {
        problems.add("alerts.webhooks[" + i + "]: must be an http(s) URL with a host");
      }
    }
    return problems;
  }
}
