package io.headroom.app.service;

import io.headroom.analyzer.ingest.IngestConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * The ingest's consumer lag as Kafka sees it: per partition of the topics the analyzers consume,
 * the end offset minus the offset their consumer group committed (a partition the group never
 * committed counts from its first offset, where the group starts: auto.offset.reset=earliest).
 * Read from the brokers, so it covers every analyzer of the group, and shows records waiting
 * even while no batch is stored.
 */
public final class ConsumerLag implements AutoCloseable {
  private static final long TIMEOUT_S = 5;

  private final Admin admin;
  private final String groupId;
  private final List<String> topics;

  public ConsumerLag(IngestConfig ingest) {
    Map<String, Object> props = new HashMap<>(ingest.kafka().properties());
    props.put("request.timeout.ms", (int) TimeUnit.SECONDS.toMillis(TIMEOUT_S));
    props.put("default.api.timeout.ms", (int) TimeUnit.SECONDS.toMillis(TIMEOUT_S));
    this.admin = Admin.create(props);
    this.groupId = ingest.groupId();
    this.topics = List.of(ingest.topics().samples(), ingest.topics().topology(), ingest.topics().runs(),
        ingest.topics().verdicts());
  }

  /** Records not yet committed by the group, per partition, ordered by topic and partition. */
  public Map<TopicPartition, Long> perPartition() throws LagUnavailable {
    try {
      List<TopicPartition> partitions = partitions();
      Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(groupId)
          .partitionsToOffsetAndMetadata().get(TIMEOUT_S, TimeUnit.SECONDS);
      Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = offsets(partitions, OffsetSpec.latest());
      Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> starts = offsets(partitions, OffsetSpec.earliest());
      Map<TopicPartition, Long> lag = new TreeMap<>(
          java.util.Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
      for (TopicPartition tp : partitions) {
        OffsetAndMetadata c = committed.get(tp);
        long from = c != null ? c.offset() : starts.get(tp).offset();
        lag.put(tp, Math.max(0, ends.get(tp).offset() - from));
      }
      return lag;
    } catch (TimeoutException e) {
      throw new LagUnavailable("consumer group " + groupId + ": Kafka did not answer within " + TIMEOUT_S + " s", e);
    } catch (ExecutionException e) {
      throw new LagUnavailable("consumer group " + groupId + ": " + reason(e.getCause()), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LagUnavailable("interrupted while asking Kafka for the consumer group's offsets", e);
    }
  }

  /** What Kafka's failure says: its first message in the chain, else its kind (a message may be null). */
  static String reason(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        return t.getMessage();
      }
    }
    return e == null ? "no reason given" : e.getClass().getSimpleName();
  }

  /** Kafka did not answer (in time): the lag is unknown, not zero. */
  public static final class LagUnavailable extends Exception {
    LagUnavailable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** The sum over partitions. */
  public long total() throws LagUnavailable {
    return perPartition().values().stream().mapToLong(Long::longValue).sum();
  }

  private List<TopicPartition> partitions() throws ExecutionException, InterruptedException, TimeoutException {
    List<TopicPartition> out = new ArrayList<>();
    for (TopicDescription d : admin.describeTopics(topics).allTopicNames().get(TIMEOUT_S, TimeUnit.SECONDS).values()) {
      d.partitions().forEach(p -> out.add(new TopicPartition(d.name(), p.partition())));
    }
    return out;
  }

  private Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> offsets(List<TopicPartition> partitions,
      OffsetSpec spec) throws ExecutionException, InterruptedException, TimeoutException {
    Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
    partitions.forEach(tp -> ask.put(tp, spec));
    return admin.listOffsets(ask).all().get(TIMEOUT_S, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    admin.close(java.time.Duration.ofSeconds(TIMEOUT_S));
  }
}
