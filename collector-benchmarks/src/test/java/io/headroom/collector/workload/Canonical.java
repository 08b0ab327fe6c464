package io.headroom.collector.workload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A record line with object keys sorted, so a golden file does not depend on the order a map
 * happened to be built in (FioResult copies its workload map with Map.copyOf, whose order varies).
 */
final class Canonical {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Canonical() {}

  static String json(JsonNode node) {
    try {
      return JSON.writeValueAsString(sorted(node));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      Collections.sort(names);
      ObjectNode out = JSON.createObjectNode();
      names.forEach(n -> out.set(n, sorted(node.get(n))));
      return out;
    }
    if (node.isArray()) {
      var out = JSON.createArrayNode();
      node.forEach(e -> out.add(sorted(e)));
      return out;
    }
    return node;
  }
}
