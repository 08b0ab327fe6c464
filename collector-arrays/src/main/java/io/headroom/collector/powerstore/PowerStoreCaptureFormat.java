package io.headroom.collector.powerstore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.collector.capture.CaptureFormat;
import io.headroom.collector.capture.CaptureWriter;
import io.headroom.collector.capture.RecordedExchanges.Exchange;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A PowerStore as the source read it, as the one array.json the PowerStore stand-in serves
 * (docs/array-standins.md): each collection's instances, the fields of every select the source
 * asked merged per id and its pages joined; each metrics series as batches, the n-th batch being
 * the rows the n-th answer brought that no earlier one had, so that the stand-in's n-th answer is
 * the device's; a collection that failed becomes a fault of the same status. The login is
 * "capture"/"capture": the device's own is never written.
 */
public final class PowerStoreCaptureFormat implements CaptureFormat {
  @Override
  public String type() {
    return "powerstore";
  }

  static final String LOGIN = "capture";

  @Override
  public List<String> write(List<Exchange> exchanges, CaptureWriter out) throws IOException {
    ObjectNode array = CaptureWriter.JSON.createObjectNode();
    array.set("resources", resources(exchanges));
    array.set("metrics", metrics(exchanges));
    array.set("faults", faults(exchanges));
    return List.of(out.writeFile("array.json", array, Map.of("username", LOGIN, "password", LOGIN)).toString());
  }

  private static ObjectNode resources(List<Exchange> exchanges) {
    Map<String, Map<String, ObjectNode>> byResource = new LinkedHashMap<>();
    for (Exchange e : exchanges) {
      String resource = resource(e);
      JsonNode body = resource != null && e.isSuccess() ? CaptureWriter.parse(e) : null;
      if (body == null || !body.isArray() || resource.equals("login_session")) {
        continue;
      }
      Map<String, ObjectNode> instances = byResource.computeIfAbsent(resource, r -> new LinkedHashMap<>());
      for (JsonNode instance : body) {
        if (instance.isObject()) {
          instances.computeIfAbsent(instance.path("id").asText(), id -> CaptureWriter.JSON.createObjectNode())
              .setAll((ObjectNode) instance);
        }
      }
    }
    ObjectNode out = CaptureWriter.JSON.createObjectNode();
    byResource.forEach((r, instances) -> out.putArray(r).addAll(instances.values()));
    return out;
  }

  private static ObjectNode metrics(List<Exchange> exchanges) throws IOException {
    ObjectNode out = CaptureWriter.JSON.createObjectNode();
    Map<String, Set<String>> seen = new LinkedHashMap<>();
    for (Exchange e : exchanges) {
      if (!e.method().equals("POST") || !e.pathOnly().endsWith(PowerStoreSession.REST + "metrics/generate") || !e.isSuccess()) {
        continue;
      }
      JsonNode asked = CaptureWriter.JSON.readTree(e.requestBody());
      JsonNode rows = CaptureWriter.parse(e);
      String key = asked.path("entity").asText() + "/" + asked.path("entity_id").asText();
      Set<String> earlier = seen.computeIfAbsent(key, k -> new HashSet<>());
      ArrayNode batch = CaptureWriter.JSON.createArrayNode();
      for (JsonNode row : rows == null ? CaptureWriter.JSON.createArrayNode() : rows) {
        if (earlier.add(row.toString())) {
          batch.add(row);
        }
      }
      (out.has(key) ? (ArrayNode) out.get(key) : out.putArray(key)).add(batch);
    }
    return out;
  }

  private static ArrayNode faults(List<Exchange> exchanges) {
    ArrayNode out = CaptureWriter.JSON.createArrayNode();
    Set<String> listed = new LinkedHashSet<>();
    for (Exchange e : exchanges) {
      String resource = resource(e);
      if (resource != null && !e.isSuccess() && listed.add(e.method() + " " + e.pathOnly())) {
        out.addObject().put("method", e.method()).put("path", e.pathOnly()).put("status", e.status());
      }
    }
    return out;
  }

  /** The collection a GET asked for ("fc_port"), or null for any other request. */
  private static String resource(Exchange e) {
    String p = e.pathOnly();
    int at = p.indexOf(PowerStoreSession.REST);
    return e.method().equals("GET") && at >= 0 ? p.substring(at + PowerStoreSession.REST.length()) : null;
  }

  @Override
  public String firmware(List<Exchange> exchanges) {
    Set<String> parts = new LinkedHashSet<>();
    for (Exchange e : exchanges) {
      JsonNode body = "appliance".equals(resource(e)) && e.isSuccess() ? CaptureWriter.parse(e) : null;
      for (JsonNode a : body == null ? CaptureWriter.JSON.createArrayNode() : body) {
        if (a.hasNonNull("model")) {
          parts.add(a.get("model").asText());
        }
      }
    }
    return parts.isEmpty() ? "not stated" : String.join("; ", parts) + " (software version not read by Headroom)";
  }
}
