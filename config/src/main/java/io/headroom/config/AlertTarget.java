package io.headroom.config;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One place alerts go ({@code alerts.targets[i]}).
 *
 * @param type {@code generic} (JSON signed the Standard Webhooks way), {@code slack} (incoming
 *     webhook) or {@code alertmanager} (webhook v4 payload)
 * @param secretEnv generic only: the environment variable holding the signing secret
 *     ({@code whsec_<base64>} as Standard Webhooks issues them, or any string)
 */
public record AlertTarget(String type, URI url, String secretEnv) {
  public static final Set<String> TYPES = Set.of("generic", "slack", "alertmanager");

  List<String> validate(boolean plaintext) {
    List<String> problems = new ArrayList<>();
    if (type == null || !TYPES.contains(type)) {
      problems.add("type: must be one of generic, slack, alertmanager");
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
    return problems;
  }

  /** How the target is named in logs and metrics: its type and host, never its path (a Slack URL is its token). */
  public String label() {
    return type + ":" + (url == null ? "?" : url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort()));
  }
}
