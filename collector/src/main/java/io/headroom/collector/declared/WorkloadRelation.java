package io.headroom.collector.declared;

/** A relation every workload of a run gets: {@code <workload> rel to}. */
public record WorkloadRelation(String rel, String to) {}
