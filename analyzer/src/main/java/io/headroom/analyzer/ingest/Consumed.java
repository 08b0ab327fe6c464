package io.headroom.analyzer.ingest;

import io.headroom.analyzer.store.DeadLetter;
import io.headroom.analyzer.store.IngestBatch;

/**
 * One Kafka record as the analyzer read it: where it came from, its bytes, and what storing it
 * means (an {@link IngestBatch} of its own, so that a record the database refuses can be found
 * and set aside without its neighbours).
 */
record Consumed(String topic, int partition, long offset, byte[] payload, IngestBatch batch) {
  String where() {
    return topic + "-" + partition + "@" + offset;
  }

  DeadLetter refused(String sqlState, String message) {
    return new DeadLetter(topic, partition, offset, DeadLetter.REFUSED, sqlState, message, payload);
  }
}
