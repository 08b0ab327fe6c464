package io.headroom.analyzer.ingest;

import io.headroom.analyzer.live.ActiveRuns;
import io.headroom.analyzer.store.Database;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.FencedInstanceIdException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumes samples, topology, runs and verdicts into PostgreSQL as a two-stage pipeline: this
 * thread fetches and decodes the next poll while the {@link StoreStage}'s thread stores the
 * current one, so the database is not left idle while Kafka is read. Each poll is stored in one
 * database transaction, polls strictly in order, and a poll's offsets are committed to Kafka only
 * after its transaction commits: a crash in between redelivers the poll, whose readings the
 * sample table's unique series index turns into no new rows.
 *
 * <p>At most two polls wait ahead of the one being stored (the stage's slot and one here); while
 * they wait, this thread pauses its partitions and keeps polling, so it stays in the consumer
 * group however long the database is away. When partitions are taken away (a rebalance), the
 * polls not yet stored are taken back, what is stored is committed, and the partitions kept are
 * sought back to the first record not stored: nothing is stored twice by two analyzers, and no
 * poll is stored past one that was not.
 */
public final class IngestLoop implements Runnable, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(IngestLoop.class);
  private static final Duration POLL = Duration.ofMillis(200);
  /** How long a decoded poll waits for the hand-off slot before the consumer is polled (paused) again. */
  private static final long HANDOFF_WAIT_MS = 100;

  private final IngestConfig config;
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicLong messagesFetched = new AtomicLong();
  private final RecordDecoder decoder;
  private final StoreStage stage;
  private final RunOwnership runOwnership;
  /** A decoded poll waiting for the stage's slot (this thread only). */
  private Poll pending;

  public IngestLoop(IngestConfig config, Database database) {
    this(config, database, new ActiveRuns());
  }

  /** {@code activeRuns} learns of every run record stored, for live verdicts. */
  public IngestLoop(IngestConfig config, Database database, ActiveRuns activeRuns) {
    this.config = config;
    this.decoder = new RecordDecoder(config.topics());
    this.stage = new StoreStage(database, activeRuns, config.maxBackoff());
    this.consumer = new KafkaConsumer<>(consumerProps(config),
        new ByteArrayDeserializer(), new ByteArrayDeserializer());
    this.runOwnership = new RunOwnership(config.topics().runs(), database.another(), activeRuns,
        () -> consumer.partitionsFor(config.topics().runs()).size());
  }

  static Map<String, Object> consumerProps(IngestConfig config) {
    Map<String, Object> p = new HashMap<>(config.kafka().properties());
    p.put("group.id", config.groupId());
    p.put("enable.auto.commit", false);
    p.put("auto.offset.reset", "earliest");
    p.put("max.poll.records", config.maxPollRecords());
    bigFetches(p);
    // A paused consumer still polls, so a long database outage does not cost the group membership.
    p.put("max.poll.interval.ms", 300_000);
    // How long partitions wait after a kill (GroupMembership): static members come back at once.
    p.put("session.timeout.ms", (int) config.membership().sessionTimeout().toMillis());
    p.put("heartbeat.interval.ms", config.membership().heartbeatMillis());
    if (config.membership().instanceId() != null) {
      p.put("group.instance.id", config.membership().instanceId());
    }
    return p;
  }

  /**
   * Big fetches: samples are the bulk, and one transaction (or one remote-write request) per poll
   * is cheapest when polls are large.
   */
  static void bigFetches(Map<String, Object> p) {
    p.put("fetch.min.bytes", 1 << 16);
    p.put("fetch.max.wait.ms", 100);
    p.put("max.partition.fetch.bytes", 8 << 20);
  }

  @Override
  public void run() {
    Thread storer = new Thread(stage, Thread.currentThread().getName() + "-store");
    storer.setDaemon(true);
    storer.start();
    LOG.info(config.membership().describe(config.groupId()));
    consumer.subscribe(List.of(config.topics().samples(), config.topics().topology(), config.topics().runs(),
        config.topics().verdicts()), new Rebalance());
    try {
      while (running.get()) {
        stage.rethrowFailure();
        commitAsync(stage.takeStoredOffsets());
        fetchOrHandOff();
      }
    } catch (WakeupException e) {
      if (running.get()) {
        throw e;
      }
    } catch (FencedInstanceIdException e) {
      throw new IllegalStateException("another analyzer joined consumer group " + config.groupId()
          + " under this one's instance id " + config.membership().instanceId()
          + "; give each analyzer its own (--instance-id)", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      stopStage(storer);
      // A stop leaves the group, static member or not, so the others take its partitions at once.
      consumer.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
          .withTimeout(Duration.ofSeconds(5)));
      runOwnership.close();
    }
  }

  /** One step: fetch and decode a poll, or hand the one waiting to the store (pausing while the slot is taken). */
  private void fetchOrHandOff() throws InterruptedException {
    if (pending == null) {
      // Nothing waits: read everything (a rebalance can take the waiting poll back while paused).
      consumer.resume(consumer.paused());
      ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
      if (!records.isEmpty()) {
        pending = Poll.of(records, decoder);
        messagesFetched.addAndGet(pending.messages());
      }
    } else if (stage.handOff(pending, HANDOFF_WAIT_MS)) {
      pending = null;
    } else {
      // Poll while the store is busy: it keeps the group membership and runs rebalances.
      consumer.pause(consumer.assignment());
      holdBack(consumer.poll(Duration.ZERO));
    }
  }

  /**
   * A poll while paused returns nothing from the paused partitions, but a rebalance meanwhile can
   * assign new ones, unpaused, whose records would come back here: put them back (seek to the
   * first) and pause those partitions too, so they are read once the store has room.
   */
  private void holdBack(ConsumerRecords<byte[], byte[]> unexpected) {
    for (TopicPartition tp : unexpected.partitions()) {
      consumer.seek(tp, unexpected.records(tp).get(0).offset());
    }
    consumer.pause(consumer.assignment());
  }

  /** At the end: the transaction under way finishes, nothing more is stored, what is stored is committed. */
  private void stopStage(Thread storer) {
    stage.stop();
    try {
      storer.join();
      commitSync(stage.takeStoredOffsets());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (KafkaException e) {
      LOG.info("offsets of the last polls stored not committed ({}); they are read again and dropped as duplicates",
          e.getMessage());
    }
  }

  /**
   * Partitions taken away (or lost): the store gives back the polls it has not stored (letting a
   * transaction under way finish), what it stored is committed, and partitions kept are sought
   * back to their first record not stored, so they are read again in order.
   */
  private final class Rebalance implements ConsumerRebalanceListener {
    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
      List<Poll> unstored = withdraw();
      commitSync(stage.takeStoredOffsets());
      seekBack(unstored, partitions);
      runOwnership.revoked(partitions);
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
      // Another analyzer owns them already: committing is refused, and they are not ours to seek.
      List<Poll> unstored = withdraw();
      stage.takeStoredOffsets();
      seekBack(unstored, partitions);
      runOwnership.revoked(partitions);
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
      runOwnership.assigned(partitions);
    }

    private List<Poll> withdraw() {
      List<Poll> unstored = new ArrayList<>();
      try {
        unstored.addAll(stage.withdraw());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new WakeupException(); // ends run() the way close() does
      }
      if (pending != null) {
        unstored.add(pending);
        pending = null;
      }
      return unstored;
    }

    private void seekBack(List<Poll> unstored, Collection<TopicPartition> leaving) {
      Set<TopicPartition> kept = new HashSet<>(consumer.assignment());
      kept.removeAll(leaving);
      Map<TopicPartition, Long> firstUnstored = new HashMap<>();
      for (Poll p : unstored) {
        p.firstOffsets().forEach((tp, offset) -> firstUnstored.merge(tp, offset, Math::min));
      }
      firstUnstored.forEach((tp, offset) -> {
        if (kept.contains(tp)) {
          consumer.seek(tp, offset);
        }
      });
      consumer.resume(consumer.paused());
    }
  }

  private void commitAsync(Map<TopicPartition, OffsetAndMetadata> offsets) {
    if (!offsets.isEmpty()) {
      consumer.commitAsync(offsets, (done, e) -> {
        if (e != null) {
          LOG.info("offset commit failed ({}); those records are read again after a restart or rebalance and "
              + "dropped as duplicates", e.getMessage());
        }
      });
    }
  }

  private void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
    if (offsets.isEmpty()) {
      return;
    }
    try {
      consumer.commitSync(offsets);
    } catch (CommitFailedException e) {
      // The partitions moved to another analyzer meanwhile; it re-reads them and the unique
      // series index keeps those samples from being stored twice.
      LOG.info("offset commit refused after a rebalance ({}); the new owner re-reads, duplicates are dropped", e.getMessage());
    }
  }

  public long samplesStored() {
    return stage.samplesStored();
  }

  /** Kafka messages fetched so far, stored or not (tombstones included). */
  public long messagesFetched() {
    return messagesFetched.get();
  }

  /** "storing", or what it waits for while it retries: for the analyzer's health. */
  public String state() {
    String w = stage.waitingFor();
    return w == null ? "storing" : "retrying: " + w;
  }

  /** Records set aside in table dead_letter: undecodable, or refused by the database. */
  public long deadLettered() {
    return stage.deadLettered();
  }

  /** Asks the loop to stop; {@link #run()} returns once the transaction under way, if any, ends. */
  @Override
  public void close() {
    running.set(false);
    consumer.wakeup();
  }
}
