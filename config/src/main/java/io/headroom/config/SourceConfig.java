package io.headroom.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.headroom.model.StorableText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One entry of {@code sources:}. The common keys are here; {@code settings} holds the rest for
 * the source's own factory to bind and check.
 *
 * @param interval null means the source's default (1 s for host and benchmark, 5 s for BMCs and
 *     switches)
 */
public record SourceConfig(String type, String host, Duration interval, JsonNode settings) {

  public static SourceConfig host(String hostName) {
    return new SourceConfig("host", hostName, null, JsonNodeFactory.instance.objectNode());
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (type == null) {
      problems.add("type: missing; every source names its type (host, fio, ...)");
    } else if (type.isBlank()) {
      problems.add("type: must name the source type (host, fio, ...)");
    }
    if (host == null) {
      problems.add("host: missing; every source names its host (it starts every entity id)");
    } else if (host.isBlank() || host.contains("/") || host.contains("|")) {
      problems.add("host: must name the host without '/' or '|' (it starts every entity id)");
    } else if (StorableText.keyProblem(host) != null) {
      problems.add("host: " + StorableText.keyProblem(host));
    }
    if (interval != null && interval.toMillis() < 100) {
      problems.add("interval: must be at least 100ms");
    }
    return problems;
  }
}
