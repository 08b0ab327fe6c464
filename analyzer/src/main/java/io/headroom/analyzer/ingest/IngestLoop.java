package io.headroom.analyzer.ingest;

import io.headroom.analyzer.live.ActiveRuns;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.OpenRuns;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.RecordJson;
import java.nio.charset.StandardCharsets;
import io.headroom.model.kafka.SampleBatchCodec;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.CommitFailedException;
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
 * Consumes samples, topology and runs into PostgreSQL. Each poll is stored in one database
 * transaction, and its offsets are committed to Kafka only after that transaction commits: a
 * crash in between redelivers the poll, which the store's idempotence turns into no new rows.
 * While the database is away the loop pauses its partitions (it keeps polling, so it stays in
 * the consumer group), retries with capped exponential backoff, says what it is waiting for, and
 * resumes with the records it held.
 */
public final class IngestLoop implements Runnable, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(IngestLoop.class);
  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration FIRST_BACKOFF = Duration.ofMillis(250);

  private final IngestConfig config;
  private final Database database;
  private final SampleStore store = new SampleStore();
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicLong samplesStored = new AtomicLong();
  private final AtomicLong badMessages = new AtomicLong();

  private final ActiveRuns activeRuns;

  public IngestLoop(IngestConfig config, Database database) {
    this(config, database, new ActiveRuns());
  }

  /** {@code activeRuns} learns of every run record stored, for live verdicts. */
  public IngestLoop(IngestConfig config, Database database, ActiveRuns activeRuns) {
    this.config = config;
    this.database = database;
    this.activeRuns = activeRuns;
    this.consumer = new KafkaConsumer<>(consumerProps(config),
        new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  static Map<String, Object> consumerProps(IngestConfig config) {
    Map<String, Object> p = new HashMap<>(config.kafka().properties());
    p.put("group.id", config.groupId());
    p.put("enable.auto.commit", false);
    p.put("auto.offset.reset", "earliest");
    p.put("max.poll.records", config.maxPollRecords());
    // Big fetches: samples are the bulk, and one transaction per poll is cheapest when polls are large.
    p.put("fetch.min.bytes", 1 << 16);
    p.put("fetch.max.wait.ms", 100);
    p.put("max.partition.fetch.bytes", 8 << 20);
    // A paused consumer still polls, so a long database outage does not cost the group membership.
    p.put("max.poll.interval.ms", 300_000);
    return p;
  }

  @Override
  public void run() {
    consumer.subscribe(List.of(config.topics().samples(), config.topics().topology(), config.topics().runs(),
        config.topics().verdicts()), new RunOwnership());
    try {
      while (running.get()) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
        if (!records.isEmpty()) {
          storeUntilDone(toBatch(records));
          commit(records);
        }
      }
    } catch (WakeupException e) {
      if (running.get()) {
        throw e;
      }
    } finally {
      consumer.close(Duration.ofSeconds(5));
    }
  }

  private IngestBatch toBatch(ConsumerRecords<byte[], byte[]> records) {
    IngestBatch batch = new IngestBatch();
    for (ConsumerRecord<byte[], byte[]> r : records) {
      if (r.value() == null) {
        continue; // a tombstone on the compacted topology topic: nothing to add
      }
      try {
        if (r.topic().equals(config.topics().samples())) {
          batch.samples(SampleBatchCodec.decode(r.value()));
        } else if (r.topic().equals(config.topics().verdicts())) {
          batch.verdict(testbedOfKey(r.key()), VerdictJson.fromJson(new String(r.value(), StandardCharsets.UTF_8)));
        } else {
          RecordJson.Tagged t = RecordJson.decode(r.value());
          if (t.record() == null) {
            continue; // unknown record type: ignored, as in recordings
          }
          if (r.topic().equals(config.topics().topology())) {
            batch.topology(t.testbed(), t.record());
          } else {
            batch.run(t.testbed(), t.record());
          }
        }
      } catch (RuntimeException e) {
        badMessages.incrementAndGet();
        LOG.warn("skipping undecodable message {}-{}@{}: {}", r.topic(), r.partition(), r.offset(), e.getMessage());
      }
    }
    return batch;
  }

  /**
   * Keeps the live verdicts with the analyzer that owns each run's partition of the runs topic:
   * runs of a partition taken away are forgotten; runs of a partition received are read from the
   * database (their announcing records were consumed, and committed, by the previous owner).
   */
  private final class RunOwnership implements ConsumerRebalanceListener {
    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
      Set<Integer> runs = runsPartitions(partitions);
      if (!runs.isEmpty()) {
        activeRuns.forget(runs, runsPartitionCount());
      }
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
      Set<Integer> runs = runsPartitions(partitions);
      if (runs.isEmpty()) {
        return;
      }
      int count = runsPartitionCount();
      try {
        for (IngestBatch.TestbedRun r : OpenRuns.load(database.connection(), ActiveRuns.LINGER_S)) {
          if (runs.contains(ActiveRuns.partition(r.testbed() + "|" + r.run().run(), count))) {
            activeRuns.update(r.testbed(), r.run());
            LOG.info("taking over live verdicts of run {} of {}", r.run().run(), r.testbed());
          }
        }
      } catch (java.sql.SQLException e) {
        database.discard();
        LOG.warn("cannot read open runs from {} ({}); they are judged here from their next run record",
            database, e.getMessage());
      }
    }

    private Set<Integer> runsPartitions(Collection<TopicPartition> partitions) {
      Set<Integer> out = new HashSet<>();
      for (TopicPartition tp : partitions) {
        if (tp.topic().equals(config.topics().runs())) {
          out.add(tp.partition());
        }
      }
      return out;
    }

    private int runsPartitionCount() {
      return consumer.partitionsFor(config.topics().runs()).size();
    }
  }

  /** Verdict keys are "testbed|run". */
  private static String testbedOfKey(byte[] key) {
    String k = key == null ? "" : new String(key, StandardCharsets.UTF_8);
    int bar = k.indexOf('|');
    return bar < 0 ? k : k.substring(0, bar);
  }

  private void storeUntilDone(IngestBatch batch) {
    Duration backoff = FIRST_BACKOFF;
    long failingSince = 0;
    while (running.get()) {
      try {
        samplesStored.addAndGet(store.write(database.connection(), batch));
        batch.runsStored().forEach(t -> activeRuns.update(t.testbed(), t.run()));
        if (failingSince != 0) {
          consumer.resume(consumer.paused());
          LOG.info("database {} is back after {} s; resumed consuming",
              database, (System.currentTimeMillis() - failingSince) / 1000);
        }
        return;
      } catch (java.sql.SQLException e) {
        database.discard();
        if (failingSince == 0) {
          failingSince = System.currentTimeMillis();
          consumer.pause(consumer.assignment());
          LOG.warn("database {} unavailable ({}); paused consuming, holding {} samples, retrying",
              database, e.getMessage(), batch.sampleCount());
        } else {
          LOG.info("still waiting for database {} ({}); next try in {} ms", database, e.getMessage(), backoff.toMillis());
        }
        // Poll while paused: keeps the group membership alive and serves as the sleep.
        holdBack(consumer.poll(backoff));
        backoff = backoff.multipliedBy(2).compareTo(config.maxBackoff()) > 0 ? config.maxBackoff() : backoff.multipliedBy(2);
      }
    }
  }

  /**
   * A poll while paused returns nothing from the paused partitions, but a rebalance meanwhile can
   * assign new ones, unpaused, whose records would come back here: put them back (seek to the
   * first) and pause those partitions too, so they are read once the database is back.
   */
  private void holdBack(ConsumerRecords<byte[], byte[]> unexpected) {
    for (TopicPartition tp : unexpected.partitions()) {
      consumer.seek(tp, unexpected.records(tp).get(0).offset());
    }
    consumer.pause(consumer.assignment());
  }

  private void commit(ConsumerRecords<byte[], byte[]> records) {
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    for (TopicPartition tp : records.partitions()) {
      List<ConsumerRecord<byte[], byte[]>> part = records.records(tp);
      offsets.put(tp, new OffsetAndMetadata(part.get(part.size() - 1).offset() + 1));
    }
    try {
      consumer.commitSync(offsets);
    } catch (CommitFailedException e) {
      // The partitions moved to another analyzer meanwhile; it re-reads them and the batch ids
      // keep those samples from being stored twice.
      LOG.info("offset commit refused after a rebalance ({}); the new owner re-reads, duplicates are dropped", e.getMessage());
    }
  }

  public long samplesStored() {
    return samplesStored.get();
  }

  public long badMessages() {
    return badMessages.get();
  }

  /** Asks the loop to stop; {@link #run()} returns after the current poll. */
  @Override
  public void close() {
    running.set(false);
    consumer.wakeup();
  }
}
