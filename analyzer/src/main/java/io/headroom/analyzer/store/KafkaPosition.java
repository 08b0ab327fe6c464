package io.headroom.analyzer.store;

/** Where a consumed record sits in Kafka: the same at every delivery of it, so it names the record. */
public record KafkaPosition(String topic, int partition, long offset) {}
