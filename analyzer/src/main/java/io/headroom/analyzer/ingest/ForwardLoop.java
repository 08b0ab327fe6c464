package io.headroom.analyzer.ingest;

import io.headroom.analyzer.remotewrite.Forwarding;
import io.headroom.remotewrite.Readings;
import io.headroom.analyzer.store.IngestBatch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Forwards what the analyzers store to one remote-write endpoint, with the ingest's offset
 * discipline: a consumer group of its own per endpoint ({@code headroom-remote-write-NAME}) reads
 * the same topics, reads them with the ingest's checks (so the readings forwarded are those the
 * ingest stores: out-of-domain points and undecodable records are left out the same way;
 * {@link ForwardDecoder}), and
 * commits a poll's offsets only once the endpoint has written it or refused it for good. While the
 * endpoint is down, Kafka holds what is not sent (the topics' retention, days, not the minutes of
 * an outage), and the ingest goes on storing: one slow endpoint holds back neither the database
 * nor another endpoint.
 *
 * <p>Nothing sent twice that the endpoint would count twice. Before a poll is sent, its range is
 * committed as an intent (the offset it starts at, metadata {@code until:N}, the offset after
 * it). If the analyzer dies between the endpoint's answer and the commit, the next owner of the
 * partition finds the intent and sends exactly that range again, alone, as the same requests
 * (the same records make the same requests: series in sorted order). A request written before
 * is either taken as nothing new (Prometheus ignores a sample equal to the series' last, and
 * refuses the whole request with a 400 when some sample is older, which drops nothing it had
 * not stored) or stored by VictoriaMetrics as a duplicate its deduplication drops. It can never
 * be a request mixing samples written before with samples not written yet, which Prometheus
 * would refuse whole, losing the new ones.
 */
public final class ForwardLoop implements Runnable, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ForwardLoop.class);
  private static final Duration POLL = Duration.ofMillis(500);
  static final String INTENT = "until:";

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final ForwardDecoder decoder;
  private final Forwarding forwarding;
  private final String groupId;
  private final AtomicBoolean running = new AtomicBoolean(true);
  /** Partitions whose last poll was sent but not known to be written: the offset it ended before. */
  private final Map<TopicPartition, Long> replayUntil = new HashMap<>();
  /** A replayed range read over several polls: kept until the whole range is read, then sent as one unit. */
  private final List<ConsumerRecord<byte[], byte[]>> replayBuffer = new ArrayList<>();
  private final IngestConfig config;

  public ForwardLoop(IngestConfig config, Forwarding forwarding) {
    this.config = config;
    this.forwarding = forwarding;
    this.decoder = new ForwardDecoder(config.topics());
    this.groupId = "headroom-remote-write-" + forwarding.sender().name();
    Map<String, Object> p = new HashMap<>(config.kafka().properties());
    p.put("group.id", groupId);
    p.put("enable.auto.commit", false);
    p.put("auto.offset.reset", "earliest");
    p.put("max.poll.records", config.maxPollRecords());
    IngestLoop.bigFetches(p);
    p.put("max.poll.interval.ms", Integer.MAX_VALUE); // an endpoint down for hours holds one poll that long
    this.consumer = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  public String groupId() {
    return groupId;
  }

  @Override
  public void run() {
    consumer.subscribe(List.of(config.topics().samples(), config.topics().topology(), config.topics().runs(),
        config.topics().verdicts()), new Assignment());
    try {
      while (running.get()) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
        if (records.isEmpty()) {
          forwarding.tick(System.currentTimeMillis(), () -> !running.get());
          continue;
        }
        List<ConsumerRecord<byte[], byte[]>> unit = replayUntil.isEmpty() ? all(records) : replayed(records);
        if (!unit.isEmpty()) {
          forwardAndCommit(unit); // stopped before the endpoint answered: the intent stays for the next start
        }
      }
    } catch (WakeupException e) {
      if (running.get()) {
        throw e;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      consumer.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
          .withTimeout(Duration.ofSeconds(5)));
    }
  }

  /** Commits the intent, sends, commits the end; false when stopped before the endpoint answered. */
  private boolean forwardAndCommit(List<ConsumerRecord<byte[], byte[]>> unit) throws InterruptedException {
    Map<TopicPartition, Long> first = new HashMap<>();
    Map<TopicPartition, Long> next = new HashMap<>();
    for (ConsumerRecord<byte[], byte[]> r : unit) {
      TopicPartition tp = new TopicPartition(r.topic(), r.partition());
      first.merge(tp, r.offset(), Math::min);
      next.merge(tp, r.offset() + 1, Math::max);
    }
    Map<TopicPartition, OffsetAndMetadata> intent = new HashMap<>();
    first.forEach((tp, offset) -> intent.put(tp, new OffsetAndMetadata(offset, INTENT + next.get(tp))));
    consumer.commitSync(intent);
    Readings readings = forwarding.readings();
    List<IngestBatch> others = new ArrayList<>();
    decoder.decode(unit, readings, others);
    if (!forwarding.forward(readings, others, System.currentTimeMillis(), () -> !running.get())) {
      return false;
    }
    Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
    next.forEach((tp, offset) -> done.put(tp, new OffsetAndMetadata(offset)));
    consumer.commitSync(done);
    return true;
  }

  private static List<ConsumerRecord<byte[], byte[]>> all(ConsumerRecords<byte[], byte[]> records) {
    List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>(records.count());
    records.forEach(out::add);
    return out;
  }

  /**
   * While intents are replayed: only the records before each intent's end, the partitions without
   * one paused, so the range goes alone; a partition whose range is read whole leaves replay.
   * Records past the end are put back (seek) for the polls after.
   */
  private List<ConsumerRecord<byte[], byte[]>> replayed(ConsumerRecords<byte[], byte[]> records) {
    List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
    Set<TopicPartition> reached = new HashSet<>();
    for (TopicPartition tp : records.partitions()) {
      Long until = replayUntil.get(tp);
      List<ConsumerRecord<byte[], byte[]>> part = records.records(tp);
      for (ConsumerRecord<byte[], byte[]> r : part) {
        if (until == null || r.offset() >= until) {
          consumer.seek(tp, r.offset()); // not this unit's: read again after it
          break;
        }
        out.add(r);
      }
      if (until != null && consumer.position(tp) >= until) {
        reached.add(tp);
      }
    }
    // a range spread over several polls goes as one unit: its records are kept until all are read
    replayBuffer.addAll(out);
    reached.forEach(replayUntil::remove);
    if (!replayUntil.isEmpty()) {
      return List.of();
    }
    consumer.resume(consumer.paused());
    List<ConsumerRecord<byte[], byte[]>> unit = new ArrayList<>(replayBuffer);
    replayBuffer.clear();
    LOG.info("remote_write {}: sending again the {} records of the poll sent before a restart and not known to be "
        + "written", forwarding.sender().name(), unit.size());
    return unit;
  }

  /** On assignment, an intent left by a poll sent and not known written puts its partition in replay. */
  private final class Assignment implements ConsumerRebalanceListener {
    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
      replayUntil.clear();
      replayBuffer.clear();
      Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(new HashSet<>(consumer.assignment()));
      committed.forEach((tp, om) -> {
        if (om != null && om.metadata() != null && om.metadata().startsWith(INTENT)) {
          replayUntil.put(tp, Long.parseLong(om.metadata().substring(INTENT.length())));
        }
      });
      if (!replayUntil.isEmpty()) {
        Set<TopicPartition> others = new HashSet<>(consumer.assignment());
        others.removeAll(replayUntil.keySet());
        consumer.pause(others);
        for (TopicPartition tp : replayUntil.keySet()) {
          consumer.seek(tp, committed.get(tp).offset());
        }
      }
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
      // a poll under way was not committed: its intent stays, and the next owner sends it again alone
    }
  }

  @Override
  public void close() {
    running.set(false);
    consumer.wakeup();
  }
}
