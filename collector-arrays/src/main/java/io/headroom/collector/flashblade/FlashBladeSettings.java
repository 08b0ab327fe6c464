package io.headroom.collector.flashblade;

import java.util.ArrayList;
import java.util.List;

/**
 * The flashblade source's own keys (url, password_env or password_file holding the API token, tls,
 * ... are the shared {@link io.headroom.collector.remote.RemoteEndpoint}'s).
 *
 * @param apiVersion the REST version to use ("2.8"); default the newest the array lists in
 *     /api/api_version
 */
public record FlashBladeSettings(String apiVersion) {
  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (apiVersion != null && !apiVersion.matches("2\\.[0-9]+")) {
      problems.add("api_version: \"" + apiVersion + "\" is not a REST 2.x version such as \"2.8\"");
    }
    return problems;
  }
}
