package io.headroom.model;

import java.util.Objects;
import java.util.Set;

/**
 * A metric, declared once where it is produced, and the only way a source emits it: a sample
 * names its metric through {@link #sample}, never by a string of its own, so a rename happens in
 * the declaration alone. docs/metrics/ is checked against these declarations by a test, so the docs
 * cannot drift from the code.
 *
 * @param name snake_case, base units ({@code read_bytes_per_s}, {@code util}); a name the analyzer
 *     or the dashboards read is one of {@link Metrics}' constants
 * @param unit the base unit: "fraction", "bytes/s", "ops/s", "s", "count", "1/s", ...
 * @param type "gauge" (a level read as is) or "rate" (a counter the collector turned into a rate)
 * @param kinds the entity kinds that carry it ({@link EntityKind#set}), in the order the docs list them
 */
public record MetricDef(String name, String unit, String type, Set<String> kinds, String description) {
  public MetricDef {
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("metric name must be lowercase snake_case: " + name);
    }
    if (!type.equals("gauge") && !type.equals("rate")) {
      throw new IllegalArgumentException("metric type must be gauge or rate: " + type);
    }
    // EntityKind.set checks each kind and keeps the order; a set from elsewhere is checked the same way
    kinds = EntityKind.set(kinds.toArray(String[]::new));
    Objects.requireNonNull(description, "description");
  }

  /** The kinds as docs/metrics/ tables list them: comma-joined, no spaces. */
  public String kindsText() {
    return String.join(",", kinds);
  }

  /** One reading of this metric. */
  public Sample sample(double ts, String entity, double value) {
    return new Sample(ts, entity, name, value);
  }
}
