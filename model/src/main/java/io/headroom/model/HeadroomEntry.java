package io.headroom.model;

/** How close one entity came to its ceiling: 1.0 is at the ceiling. */
public record HeadroomEntry(String entity, String kind, double utilization) {}
