package io.headroom.model;

import java.util.Objects;

/** One reading of one metric of one entity at one time (Unix seconds, base units). */
public record Sample(double ts, String entity, String metric, double value) implements RecordingRecord {
  public Sample {
    Objects.requireNonNull(entity, "entity");
    Objects.requireNonNull(metric, "metric");
  }

  @Override
  public String type() {
    return "sample";
  }
}
