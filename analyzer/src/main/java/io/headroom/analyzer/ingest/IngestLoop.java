package io.headroom.analyzer.ingest;

import io.headroom.analyzer.live.ActiveRuns;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.DeadLetter;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.OpenRuns;
import io.headroom.analyzer.store.SampleStore;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
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
  private final AtomicLong deadLettered = new AtomicLong();
  /** What ingestion waits for while it retries (null while it stores as it should). */
  private volatile String waitingFor;
  private final RecordDecoder decoder;

  private final ActiveRuns activeRuns;

  public IngestLoop(IngestConfig config, Database database) {
    this(config, database, new ActiveRuns());
  }

  /** {@code activeRuns} learns of every run record stored, for live verdicts. */
  public IngestLoop(IngestConfig config, Database database, ActiveRuns activeRuns) {
    this.config = config;
    this.database = database;
    this.activeRuns = activeRuns;
    this.decoder = new RecordDecoder(config.topics());
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
          storeUntilDone(decoder.decode(records));
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

  /**
   * Stores a poll in one transaction, retrying while the database is away. When the database
   * refuses the poll for the content of a record (see {@link SqlFailure}), the poll is stored
   * again one record at a time, and each record refused on its own is set aside: ingestion goes
   * on, and the rest of the poll is stored exactly once.
   */
  private void storeUntilDone(List<Consumed> poll) {
    ArrayDeque<Consumed> oneByOne = null; // null: the poll as one transaction
    Duration backoff = FIRST_BACKOFF;
    long failingSince = 0;
    while (running.get()) {
      try {
        if (oneByOne == null) {
          stored(store.write(database.connection(), merged(poll)), poll);
        } else {
          while (!oneByOne.isEmpty()) {
            storeAlone(oneByOne.peekFirst());
            oneByOne.removeFirst(); // done, so a later outage does not store it again
          }
        }
        if (failingSince != 0) {
          waitingFor = null;
          consumer.resume(consumer.paused());
          LOG.info("database {} is back after {} s; resumed consuming",
              database, (System.currentTimeMillis() - failingSince) / 1000);
        }
        return;
      } catch (java.sql.SQLException e) {
        if (oneByOne == null && SqlFailure.of(e) == SqlFailure.CONTENT) {
          LOG.info("the database refused a record of a poll of {} ({}); storing them one by one to set it aside",
              poll.size(), e.getMessage());
          oneByOne = new ArrayDeque<>(poll);
          continue;
        }
        database.discard();
        if (failingSince == 0) {
          failingSince = System.currentTimeMillis();
          waitingFor = "database " + database + " unavailable since " + java.time.Instant.ofEpochMilli(failingSince)
              + " (SQLSTATE " + SqlFailure.sqlState(e) + ")";
          consumer.pause(consumer.assignment());
          LOG.warn("database {} unavailable ({}, SQLSTATE {}); paused consuming, holding {} records, retrying",
              database, e.getMessage(), SqlFailure.sqlState(e), poll.size());
        } else {
          LOG.info("still waiting for database {} ({}); next try in {} ms", database, e.getMessage(), backoff.toMillis());
        }
        // Poll while paused: keeps the group membership alive and serves as the sleep.
        holdBack(consumer.poll(backoff));
        backoff = backoff.multipliedBy(2).compareTo(config.maxBackoff()) > 0 ? config.maxBackoff() : backoff.multipliedBy(2);
      }
    }
  }

  private void storeAlone(Consumed record) throws java.sql.SQLException {
    try {
      stored(store.write(database.connection(), record.batch()), List.of(record));
    } catch (java.sql.SQLException e) {
      if (SqlFailure.of(e) != SqlFailure.CONTENT) {
        throw e;
      }
      DeadLetter letter = record.refused(SqlFailure.sqlState(e), e.getMessage());
      store.setAside(database.connection(), letter);
      deadLettered.incrementAndGet();
      LOG.warn("set aside record {}: the database refused it (SQLSTATE {}: {}); ingestion goes on, "
          + "the record is in table dead_letter", record.where(), letter.sqlState(), e.getMessage());
    }
  }

  private void stored(long rows, List<Consumed> records) {
    samplesStored.addAndGet(rows);
    for (Consumed r : records) {
      r.batch().runsStored().forEach(t -> activeRuns.update(t.testbed(), t.run()));
      if (r.batch().hasDeadLetters()) {
        deadLettered.incrementAndGet();
      }
    }
  }

  private static IngestBatch merged(List<Consumed> poll) {
    IngestBatch all = new IngestBatch();
    poll.forEach(r -> all.addAll(r.batch()));
    return all;
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

  /** "storing", or what it waits for while it retries: for the analyzer's health. */
  public String state() {
    String w = waitingFor;
    return w == null ? "storing" : "retrying: " + w;
  }

  /** Records set aside in table dead_letter: undecodable, or refused by the database. */
  public long deadLettered() {
    return deadLettered.get();
  }

  /** Asks the loop to stop; {@link #run()} returns after the current poll. */
  @Override
  public void close() {
    running.set(false);
    consumer.wakeup();
  }
}
