package io.headroom.collector.ontap;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One row of /api/cluster/counter/tables/{name}/rows: its id, its string properties (node.name,
 * svm.name, name, ...) and its scalar counters, raw as the counter manager keeps them. Array
 * counters (histograms, per-domain busy) are not read.
 *
 * @param complete false when ONTAP says the row's aggregation over its constituents is incomplete
 *     ("aggregation": {"complete": false}): some constituent did not answer, the sum is short
 */
record CounterRow(String id, Map<String, String> properties, Map<String, Double> counters, boolean complete) {
  static CounterRow parse(JsonNode record) {
    Map<String, String> props = new LinkedHashMap<>();
    for (JsonNode p : record.path("properties")) {
      props.put(p.path("name").asText(), p.path("value").asText());
    }
    Map<String, Double> counters = new LinkedHashMap<>();
    for (JsonNode c : record.path("counters")) {
      if (c.path("value").isNumber()) {
        counters.put(c.path("name").asText(), c.get("value").asDouble());
      }
    }
    boolean complete = record.path("aggregation").path("complete").asBoolean(true);
    return new CounterRow(record.path("id").asText(), props, counters, complete);
  }

  /** A property, or the fallback when the row lacks it. */
  String property(String name, String fallback) {
    String v = properties.get(name);
    return v == null || v.isEmpty() ? fallback : v;
  }
}
