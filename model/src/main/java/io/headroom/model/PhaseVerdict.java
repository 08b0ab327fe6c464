package io.headroom.model;

/** The verdict for one phase of a run. {@code entity} is null when the class is NONE. */
public record PhaseVerdict(String name, Bottleneck bottleneck, String entity, double confidence) {}
