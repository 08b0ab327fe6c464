package io.headroom.model;

/**
 * Another resource, of another class than the verdict's, at its ceiling in the same phase
 * (study S3: the InfiniBand ports and the RAID volume both full on sequential reads).
 *
 * @param utilization against its practical ceiling, as in the headroom table
 * @param evidence the rule's first evidence line for it
 */
public record CoLimit(Bottleneck bottleneck, String entity, double utilization, String evidence) {}
