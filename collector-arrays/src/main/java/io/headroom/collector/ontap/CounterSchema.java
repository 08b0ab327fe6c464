package io.headroom.collector.ontap;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A counter table's schema (GET /api/cluster/counter/tables/{name}: "counter_schemas", each with
 * name, type, unit and, for averages and percents, its denominator), the counter manager's own
 * account of how a raw counter becomes a figure. The source follows it rather than knowing each
 * counter's base.
 */
record CounterSchema(Map<String, Counter> counters) {
  /** One counter: type raw, rate, delta, average, percent (or string); unit as ONTAP names it. */
  record Counter(String name, String type, String unit, String denominator) {}

  static CounterSchema parse(JsonNode table) {
    Map<String, Counter> out = new LinkedHashMap<>();
    for (JsonNode c : table.path("counter_schemas")) {
      String name = c.path("name").asText();
      String denominator = c.path("denominator").path("name").asText(null);
      out.put(name, new Counter(name, c.path("type").asText(""), c.path("unit").asText(""), denominator));
    }
    return new CounterSchema(out);
  }

  Counter get(String name) {
    return counters.get(name);
  }
}
