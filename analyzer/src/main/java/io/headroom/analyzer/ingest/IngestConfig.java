package io.headroom.analyzer.ingest;

import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The analyzer's ingest settings.
 *
 * @param groupId Kafka consumer group: analyzers with the same group share the partitions
 * @param maxPollRecords messages per poll, and so at most per database transaction
 * @param maxBackoff longest wait between retries while the database is away
 * @param membership static or dynamic, and the session timeout: how long partitions wait after a kill
 */
public record IngestConfig(
    KafkaClient kafka, Topics topics, String groupId, int maxPollRecords, Duration maxBackoff,
    GroupMembership membership) {

  /** A dynamic member with the shortened session timeout. */
  public IngestConfig(KafkaClient kafka, Topics topics, String groupId, int maxPollRecords, Duration maxBackoff) {
    this(kafka, topics, groupId, maxPollRecords, maxBackoff, GroupMembership.dynamic());
  }

  public static IngestConfig defaults(KafkaClient kafka, Topics topics) {
    return new IngestConfig(kafka, topics, "headroom-analyzer", 5000, Duration.ofSeconds(10));
  }

  public IngestConfig with(GroupMembership membership) {
    return new IngestConfig(kafka, topics, groupId, maxPollRecords, maxBackoff, membership);
  }

  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (kafka == null || kafka.bootstrap().isBlank()) {
      problems.add("kafka.bootstrap: must be set");
    }
    if (maxPollRecords < 1) {
      problems.add("max_poll_records: must be at least 1");
    }
    if (maxBackoff.toMillis() < 100) {
      problems.add("max_backoff: must be at least 100ms");
    }
    problems.addAll(membership.validate());
    return problems;
  }
}
