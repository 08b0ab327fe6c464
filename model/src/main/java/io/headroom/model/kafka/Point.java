package io.headroom.model.kafka;

/** One metric reading inside a {@link SampleBatch}: the entity is the batch's. */
public record Point(double ts, String metric, double value) {}
