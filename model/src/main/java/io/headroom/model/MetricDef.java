package io.headroom.model;

/**
 * A metric, declared once where it is produced. docs/metrics/ is checked against these
 * declarations by a test, so the docs cannot drift from the code.
 *
 * @param name snake_case, base units ({@code read_bytes_per_s}, {@code util})
 * @param unit the base unit: "fraction", "bytes/s", "ops/s", "s", "count", "1/s", ...
 * @param type "gauge" (a level read as is) or "rate" (a counter the collector turned into a rate)
 * @param kinds the entity kinds that carry it, comma-separated
 */
public record MetricDef(String name, String unit, String type, String kinds, String description) {
  public MetricDef {
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("metric name must be lowercase snake_case: " + name);
    }
    if (!type.equals("gauge") && !type.equals("rate")) {
      throw new IllegalArgumentException("metric type must be gauge or rate: " + type);
    }
  }
}
