package io.headroom.analyzer.ingest;

import io.headroom.analyzer.live.ActiveRuns;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.DeadLetter;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.SampleStore;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The database half of the ingest pipeline, on a thread of its own: takes the polls the fetching
 * thread hands off (one slot), stores each in one transaction, strictly one after the other, and
 * tells which offsets are stored so the fetching thread (the only one that may touch the
 * consumer) commits them.
 *
 * <p>A poll is retried until it is stored, so no later poll is ever stored past a failed one.
 * It is given up unstored only when the fetching thread {@linkplain #withdraw() withdraws} it (its
 * partitions are being taken away, or ingestion stops): then it and the poll waiting in the slot
 * are handed back, so the consumer can seek back to them.
 */
final class StoreStage implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(StoreStage.class);
  private static final Duration FIRST_BACKOFF = Duration.ofMillis(250);

  private final Database database;
  private final SampleStore store = new SampleStore();
  private final ActiveRuns activeRuns;
  private final Duration maxBackoff;
  private final AtomicLong samplesStored = new AtomicLong();
  private final AtomicLong deadLettered = new AtomicLong();
  private volatile String waitingFor;
  private volatile Throwable failure;
  /** When the database began failing (0: it answers); kept across polls until one is stored. */
  private long failingSince;

  // Guarded by this: the hand-off slot, the poll being stored, and what is stored but not committed.
  private Poll next;
  private Poll inFlight;
  private Poll givenUp;
  private boolean withdrawing;
  private boolean stopping;
  private final Map<TopicPartition, OffsetAndMetadata> storedOffsets = new HashMap<>();

  StoreStage(Database database, ActiveRuns activeRuns, Duration maxBackoff) {
    this.database = database;
    this.activeRuns = activeRuns;
    this.maxBackoff = maxBackoff;
  }

  /** Puts the poll in the slot, waiting up to {@code waitMs} for it to be free; false if it stayed taken. */
  synchronized boolean handOff(Poll poll, long waitMs) throws InterruptedException {
    long deadline = System.nanoTime() + waitMs * 1_000_000;
    while (next != null && !stopping) {
      long left = (deadline - System.nanoTime()) / 1_000_000;
      if (left <= 0) {
        return false;
      }
      wait(left);
    }
    if (stopping) {
      return false;
    }
    next = poll;
    notifyAll();
    return true;
  }

  /**
   * Takes back every poll not yet stored: the one in the slot, and the one being stored if it is
   * waiting to retry (a transaction under way is let finish: it commits or fails as a whole).
   * Returns them oldest first; when it returns, nothing is being stored.
   */
  synchronized List<Poll> withdraw() throws InterruptedException {
    List<Poll> back = new ArrayList<>();
    withdrawing = true;
    notifyAll(); // cuts a backoff wait short
    while (inFlight != null) {
      wait();
    }
    withdrawing = false;
    if (givenUp != null) {
      back.add(givenUp);
      givenUp = null;
    }
    if (next != null) {
      back.add(next);
      next = null;
    }
    return back;
  }

  /** The next offset of each partition stored since the last call, to be committed to Kafka. */
  synchronized Map<TopicPartition, OffsetAndMetadata> takeStoredOffsets() {
    Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>(storedOffsets);
    storedOffsets.clear();
    return out;
  }

  /** Asks the thread to end once the current transaction, if any, is over; what is unstored stays so. */
  synchronized void stop() {
    stopping = true;
    notifyAll();
  }

  /** Throws what ended the thread, if anything did, for the fetching thread to stop on. */
  void rethrowFailure() {
    Throwable t = failure;
    if (t != null) {
      throw new IllegalStateException("storing ingested records failed: " + t, t);
    }
  }

  @Override
  public void run() {
    try {
      for (Poll poll = take(); poll != null; poll = take()) {
        finished(poll, storeUntilDone(poll));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable t) {
      failure = t;
      LOG.error("storing ingested records failed; ingestion stops", t);
    } finally {
      synchronized (this) {
        inFlight = null;
        notifyAll();
      }
    }
  }

  private synchronized Poll take() throws InterruptedException {
    // Not while polls are being withdrawn: the one in the slot goes back to the consumer.
    while ((next == null || withdrawing) && !stopping) {
      wait();
    }
    if (stopping) {
      return null;
    }
    inFlight = next;
    next = null;
    notifyAll();
    return inFlight;
  }

  private synchronized void finished(Poll poll, boolean stored) {
    if (stored) {
      poll.nextOffsets().forEach(storedOffsets::put); // polls are stored in order: later offsets win
    } else {
      givenUp = poll;
    }
    inFlight = null;
    notifyAll();
  }

  private synchronized boolean shouldGiveUp() {
    return withdrawing || stopping;
  }

  /** Waits out a backoff, cut short when the poll is withdrawn or the stage stops. */
  private synchronized void backoff(Duration wait) throws InterruptedException {
    long deadline = System.nanoTime() + wait.toNanos();
    for (long left = wait.toMillis(); left > 0 && !withdrawing && !stopping;
        left = (deadline - System.nanoTime()) / 1_000_000) {
      wait(left);
    }
  }

  /**
   * Stores a poll in one transaction, retrying while the database is away; true once stored,
   * false when withdrawn first. When the database refuses the poll for the content of a record
   * (see {@link SqlFailure}), it is stored again one record at a time, and each record refused on
   * its own is set aside: ingestion goes on, and the rest of the poll is stored exactly once.
   */
  private boolean storeUntilDone(Poll poll) throws InterruptedException {
    ArrayDeque<Consumed> oneByOne = null; // null: the poll as one transaction
    Duration backoff = FIRST_BACKOFF;
    while (!shouldGiveUp()) {
      try {
        if (oneByOne == null) {
          stored(store.write(database.connection(), poll.all()), poll.records());
        } else {
          while (!oneByOne.isEmpty()) {
            storeAlone(oneByOne.peekFirst());
            oneByOne.removeFirst(); // done, so a later outage does not store it again
          }
        }
        recovered();
        return true;
      } catch (SQLException e) {
        if (oneByOne == null && SqlFailure.of(e) == SqlFailure.CONTENT) {
          LOG.info("the database refused a record of a poll of {} ({}); storing them one by one to set it aside",
              poll.records().size(), e.getMessage());
          oneByOne = new ArrayDeque<>(poll.records());
          continue;
        }
        failed(e, poll, backoff);
        backoff(backoff);
        backoff = backoff.multipliedBy(2).compareTo(maxBackoff) > 0 ? maxBackoff : backoff.multipliedBy(2);
      }
    }
    return false;
  }

  private void failed(SQLException e, Poll poll, Duration backoff) {
    database.discard();
    if (failingSince == 0) {
      failingSince = System.currentTimeMillis();
      waitingFor = "database " + database + " unavailable since " + Instant.ofEpochMilli(failingSince)
          + " (SQLSTATE " + SqlFailure.sqlState(e) + ")";
      LOG.warn("database {} unavailable ({}, SQLSTATE {}); holding a poll of {} records and retrying; "
          + "fetching stops while the next poll waits", database, e.getMessage(), SqlFailure.sqlState(e),
          poll.messages());
    } else {
      LOG.info("still waiting for database {} ({}); next try in {} ms", database, e.getMessage(), backoff.toMillis());
    }
  }

  private void recovered() {
    if (failingSince != 0) {
      LOG.info("database {} is back after {} s; storing again", database,
          (System.currentTimeMillis() - failingSince) / 1000);
      failingSince = 0;
      waitingFor = null;
    }
  }

  private void storeAlone(Consumed record) throws SQLException {
    try {
      stored(store.write(database.connection(), record.batch()), List.of(record));
    } catch (SQLException e) {
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

  long samplesStored() {
    return samplesStored.get();
  }

  long deadLettered() {
    return deadLettered.get();
  }

  /** What storing waits for while it retries (null while it stores as it should). */
  String waitingFor() {
    return waitingFor;
  }
}
