package io.headroom.collector.publish;

import io.headroom.collector.spool.Spool;
import io.headroom.collector.spool.SpoolEntry;
import io.headroom.collector.spool.SpoolRecord;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.log.RateLimitedLog;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drains the spool into Kafka, in order: sends up to {@value #BATCH} records, waits for every
 * acknowledgement (acks=all, idempotent producer), then removes them from the spool. When a send
 * fails (Kafka away), nothing is removed; it waits and resends the same records. A resend can put
 * a message on Kafka twice; the analyzer stores a series' reading at a given time once, so the
 * database does not.
 */
public final class KafkaPublisher implements Runnable, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaPublisher.class);
  static final int BATCH = 1000;
  /**
   * The producer's batch buffer per partition. Why this small: the producer keeps every freed
   * buffer of exactly this size for reuse (up to buffer.memory, 32 MiB), so its pool grows to the
   * most batches ever open at once, about one per partition written in a round (4 topics of 12
   * partitions) and those of a catch-up after an outage: at 256 KiB that was 57 buffers, 14 MiB of
   * the collector's 27 MiB live heap, more or less by what happened at the start (bench/soak,
   * docs/benchmarks.md "Collector memory"). A collector sends
   * about a hundred records of a few KiB a second; a record over this size gets a buffer of its
   * own, freed after the send rather than pooled.
   */
  static final int BATCH_BYTES = 32 * 1024;
  private static final long IDLE_WAIT_MS = 50;
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

  private final Spool spool;
  private final KafkaClient kafka;
  private final KafkaProducer<byte[], byte[]> producer;
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong refusedTooLarge = new AtomicLong();
  private final RateLimitedLog refusals = new RateLimitedLog(LOG, Duration.ofMinutes(1));
  private final Object wakeup = new Object();
  private volatile boolean running = true;
  private volatile boolean kafkaDown;

  public KafkaPublisher(Spool spool, KafkaClient kafka) {
    this.spool = spool;
    this.kafka = kafka;
    this.producer = new KafkaProducer<>(producerProps(kafka), new ByteArraySerializer(), new ByteArraySerializer());
  }

  static Map<String, Object> producerProps(KafkaClient kafka) {
    Map<String, Object> p = new HashMap<>(kafka.properties());
    p.put("acks", "all");
    p.put("enable.idempotence", true);
    p.put("compression.type", "lz4");
    p.put("linger.ms", 5);
    p.put("batch.size", BATCH_BYTES);
    // Give up on a send in seconds, not minutes: the spool, not the producer's memory, is where
    // records wait out an outage.
    p.put("max.block.ms", 5_000);
    p.put("request.timeout.ms", 5_000);
    p.put("delivery.timeout.ms", 15_000);
    p.put("reconnect.backoff.max.ms", 2_000);
    return p;
  }

  /** Tells the drainer there is something new, so it does not wait out its idle pause. */
  public void nudge() {
    synchronized (wakeup) {
      wakeup.notifyAll();
    }
  }

  @Override
  public void run() {
    try {
      drainLoop();
    } finally {
      producer.close(Duration.ofSeconds(5));
    }
  }

  private void drainLoop() {
    Duration backoff = Duration.ofMillis(200);
    while (running) {
      List<SpoolEntry> entries = spool.peek(BATCH);
      if (entries.isEmpty()) {
        idle(IDLE_WAIT_MS);
        continue;
      }
      Outcome outcome = sendAll(entries);
      if (outcome.settled() > 0) {
        // counted before the ack: whoever sees the spool drained also sees these in sent()
        sent.addAndGet(outcome.settled() - outcome.refused());
        spool.ack(entries.get(outcome.settled() - 1).next());
      }
      if (outcome.failure() == null) {
        if (kafkaDown) {
          kafkaDown = false;
          LOG.info("Kafka at {} is reachable again; draining the spool", kafka);
        }
        backoff = Duration.ofMillis(200);
      } else {
        if (!kafkaDown) {
          kafkaDown = true;
          LOG.warn("cannot publish to Kafka at {} ({}); spooling to disk and retrying", kafka, outcome.failure());
        }
        idle(backoff.toMillis());
        backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
      }
    }
  }

  /**
   * How a send of spooled entries ended: the first {@code settled} are done with (acknowledged, or
   * refused for good), {@code refused} of them refused; {@code failure} says why the rest must be
   * sent again, null when nothing must.
   */
  record Outcome(int settled, int refused, String failure) {}

  /**
   * Sends the entries and waits for each acknowledgement in order. A record Kafka will never take
   * (over the producer's or the broker's size limit) is logged with its topic, key and size and
   * counted, and the records after it go on: one such record must not stop the spool for good.
   * Any other failure (Kafka away) stops at that record; it and everything after it are resent.
   */
  private Outcome sendAll(List<SpoolEntry> entries) {
    List<Future<RecordMetadata>> acks = new ArrayList<>(entries.size());
    int settled = 0;
    int refused = 0;
    try {
      for (SpoolEntry e : entries) {
        SpoolRecord r = e.record();
        acks.add(producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
      }
      for (Future<RecordMetadata> f : acks) {
        try {
          f.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof RecordTooLargeException)) {
            throw e;
          }
          refuse(entries.get(settled).record(), e.getCause());
          refused++;
        }
        settled++;
      }
      return new Outcome(settled, refused, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running = false;
      return new Outcome(settled, refused, "interrupted");
    } catch (Exception e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      return new Outcome(settled, refused, cause.getClass().getSimpleName() + ": " + cause.getMessage());
    }
  }

  private void refuse(SpoolRecord r, Throwable why) {
    refusedTooLarge.incrementAndGet();
    refusals.warn("record too large for Kafka", "Kafka refused a {}-byte record for topic {} (key {}) for good ({}); "
        + "it is dropped from the spool and the records after it are sent", r.value().length, r.topic(),
        new String(r.key(), StandardCharsets.UTF_8), why.getMessage());
  }

  private void idle(long millis) {
    synchronized (wakeup) {
      try {
        wakeup.wait(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        running = false;
      }
    }
  }

  /** Records Kafka has acknowledged since start. */
  public long sent() {
    return sent.get();
  }

  /** Records Kafka refused for good since start (over its size limit), each dropped from the spool and logged. */
  public long refusedTooLarge() {
    return refusedTooLarge.get();
  }

  public boolean kafkaDown() {
    return kafkaDown;
  }

  /** Waits until everything spooled so far has reached Kafka; false on timeout. */
  public boolean awaitDrained(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!spool.peek(1).isEmpty()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(20);
    }
    return true;
  }

  /**
   * Stops draining after the batch in flight; {@link #run()} then closes the producer. What is
   * still in the spool stays there for the next start.
   */
  @Override
  public void close() {
    running = false;
    nudge();
  }
}
