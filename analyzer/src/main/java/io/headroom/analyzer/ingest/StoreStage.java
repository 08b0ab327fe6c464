package io.headroom.analyzer.ingest;

import io.headroom.analyzer.live.ActiveRuns;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.DeadLetter;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.analyzer.store.SqlFailure;
import io.headroom.analyzer.store.WalPosition;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
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
 *
 * <p>Commits do not wait for the server's disk ({@link SampleStore#deferringFlush}): a stored
 * poll's offsets are released for the Kafka commit only once the server's WAL flush position has
 * passed its commit, in order. Until then the poll is kept; if the connection it was committed on
 * is lost first (the server may have crashed and lost the commit), it is stored again on the next
 * connection before anything later, and the sample table's unique series index makes that add
 * nothing if the commit did survive. Withdrawn, a poll still waiting for the flush goes back with
 * the unstored ones.
 */
final class StoreStage implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(StoreStage.class);
  private static final Duration FIRST_BACKOFF = Duration.ofMillis(250);
  /** How often, while no poll comes, the flush position is read for the polls waiting for it. */
  private static final long FLUSH_CHECK_MS = 100;
  /**
   * How long a withdrawal or a stop waits for the flush of the polls stored: PostgreSQL's WAL
   * writer flushes an asynchronous commit within three times wal_writer_delay (600 ms by default).
   */
  private static final Duration FLUSH_WAIT = Duration.ofSeconds(2);
  /** After a poll that committed nothing: it waits for no flush, only for the polls before it. */
  private static final WalPosition NOTHING_COMMITTED = new WalPosition(0, 0);

  private final Database database;
  private final SampleStore store;
  private final WalPosition.Reader positions;
  private final ActiveRuns activeRuns;
  private final Duration maxBackoff;
  private final AtomicLong samplesStored = new AtomicLong();
  private final AtomicLong deadLettered = new AtomicLong();
  private volatile String waitingFor;
  private volatile Throwable failure;
  /** When the database began failing (0: it answers); kept across polls until one is stored. */
  private long failingSince;

  // Guarded by this: the hand-off slot, the poll being stored, what is stored but not yet known to
  // be on the server's disk (oldest first), and what is on disk but not committed to Kafka.
  private Poll next;
  private Poll inFlight;
  private Poll givenUp;
  private boolean withdrawing;
  private boolean settledForWithdrawal;
  private boolean stopping;
  private boolean ended;
  private final AwaitingFlush unflushed = new AwaitingFlush();
  private final Map<TopicPartition, OffsetAndMetadata> storedOffsets = new HashMap<>();

  StoreStage(Database database, ActiveRuns activeRuns, Duration maxBackoff) {
    this(database, activeRuns, maxBackoff, WalPosition::of);
  }

  /** {@code positions}: how the server's WAL positions are read (after each commit, and while polls wait). */
  StoreStage(Database database, ActiveRuns activeRuns, Duration maxBackoff, WalPosition.Reader positions) {
    this.positions = positions;
    this.store = SampleStore.deferringFlush(positions);
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
   * Takes back every poll not yet stored: the one in the slot, the one being stored if it is
   * waiting to retry (a transaction under way is let finish: it commits or fails as a whole), and
   * those stored whose commit the server has not flushed within {@link #FLUSH_WAIT} (read again,
   * the unique series index drops what did reach the disk). Returns them oldest first; when it
   * returns, nothing is being stored.
   */
  synchronized List<Poll> withdraw() throws InterruptedException {
    List<Poll> back = new ArrayList<>();
    withdrawing = true;
    settledForWithdrawal = false;
    notifyAll(); // cuts a backoff wait short
    while (inFlight != null || !(settledForWithdrawal || ended)) {
      wait();
    }
    withdrawing = false;
    back.addAll(unflushed.takeAll());
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
        storeUntilDone(poll);
      }
      releaseFlushed(FLUSH_WAIT); // stopping: what reaches the disk meanwhile is committed to Kafka
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable t) {
      failure = t;
      LOG.error("storing ingested records failed; ingestion stops", t);
    } finally {
      synchronized (this) {
        inFlight = null;
        ended = true;
        notifyAll();
      }
    }
  }

  /**
   * The next poll to store, or null when stopping. While none comes and stored polls wait for the
   * server's flush, the flush position is read every {@link #FLUSH_CHECK_MS}; when polls are being
   * withdrawn, it is waited for (up to {@link #FLUSH_WAIT}) before the withdrawal goes on.
   */
  private Poll take() throws InterruptedException {
    while (true) {
      boolean forWithdrawal;
      synchronized (this) {
        if (stopping) {
          return null;
        }
        if (withdrawing) {
          // Not the slot's poll: it goes back to the consumer.
          if (settledForWithdrawal) {
            wait();
            continue;
          }
          forWithdrawal = true;
        } else if (next != null) {
          inFlight = next;
          next = null;
          notifyAll();
          return inFlight;
        } else if (unflushed.isEmpty()) {
          wait();
          continue;
        } else {
          wait(FLUSH_CHECK_MS);
          if (stopping || withdrawing || next != null) {
            continue;
          }
          forWithdrawal = false;
        }
      }
      releaseFlushed(forWithdrawal ? FLUSH_WAIT : Duration.ZERO);
      if (forWithdrawal) {
        synchronized (this) {
          settledForWithdrawal = true;
          notifyAll();
        }
      }
    }
  }

  /**
   * Reads the flush position until every stored poll is known to be on disk or {@code wait} is
   * over, releasing their offsets in order. A poll committed on a connection since lost is not
   * released: it is stored again before the next poll. A failure here only drops the connection.
   */
  private void releaseFlushed(Duration wait) throws InterruptedException {
    if (unflushedCount() == 0) {
      return;
    }
    long deadline = System.nanoTime() + wait.toNanos();
    try {
      Connection c = database.connection();
      while (!release(c, positions.read(c).flushed()) && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
    } catch (SQLException e) {
      database.discard();
      LOG.info("could not read the database's WAL flush position ({}); the {} polls stored but not known to be on "
          + "its disk are stored again first", e.getMessage(), unflushedCount());
    }
  }

  private synchronized int unflushedCount() {
    return unflushed.size();
  }

  /**
   * Releases, oldest first, the offsets of the stored polls committed on {@code c} at or before
   * {@code flushed}; true when none is left waiting.
   */
  private synchronized boolean release(Connection c, long flushed) {
    storedOffsets.putAll(unflushed.release(c, flushed)); // polls are stored in order: later offsets win
    return unflushed.isEmpty();
  }

  /** A poll stored: it waits behind the others for the server's flush (released at once if already there). */
  private synchronized void stored(Poll poll, WalPosition after, Connection on) {
    unflushed.add(poll, after.inserted(), on);
    inFlight = null;
    notifyAll();
    release(on, after.flushed());
  }

  private synchronized void givenUp(Poll poll) {
    givenUp = poll;
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
   * Stores a poll in one transaction, retrying while the database is away, until it is stored or
   * withdrawn first. Polls stored on a connection since lost are stored again before it. When the
   * database refuses the poll for the content of a record (see {@link SqlFailure}), it is stored
   * again one record at a time, and each record refused on its own is set aside: ingestion goes
   * on, and the rest of the poll is stored exactly once.
   */
  private void storeUntilDone(Poll poll) throws InterruptedException {
    Duration backoff = FIRST_BACKOFF;
    while (!shouldGiveUp()) {
      try {
        Connection c = database.connection();
        storeAgainCommittedOnLostConnection(c);
        WalPosition after = storeOnce(c, poll, Tally.COUNT);
        recovered();
        stored(poll, after, c);
        return;
      } catch (SQLException e) {
        failed(e, poll, backoff);
        backoff(backoff);
        backoff = backoff.multipliedBy(2).compareTo(maxBackoff) > 0 ? maxBackoff : backoff.multipliedBy(2);
      }
    }
    givenUp(poll);
  }

  /**
   * The polls committed on a connection that was lost before their commit was seen flushed may be
   * gone (a server crash loses the last asynchronous commits): they are stored again, in order,
   * on {@code c}; whatever of them survived adds nothing (the unique series index, upserts).
   */
  private void storeAgainCommittedOnLostConnection(Connection c) throws SQLException {
    List<Poll> lost;
    synchronized (this) {
      lost = unflushed.committedElsewhere(c);
    }
    if (lost.isEmpty()) {
      return;
    }
    LOG.info("storing again {} polls committed on a lost connection before their commit was seen on disk", lost.size());
    for (Poll p : lost) {
      // counted when first stored: what it adds now is what the lost commit took with it
      WalPosition after = storeOnce(c, p, Tally.COUNTED_BEFORE);
      synchronized (this) {
        unflushed.storedAgain(p, after.inserted(), c);
      }
    }
  }

  /**
   * Stores the poll whole or, when the database refuses a record of it, record by record; returns
   * the WAL position after its last commit ({@link #NOTHING_COMMITTED} when there was none).
   */
  private WalPosition storeOnce(Connection c, Poll poll, Tally tally) throws SQLException {
    try {
      counted(store.write(c, poll.all()), poll.records(), tally);
      WalPosition after = store.afterLastCommit();
      return after == null ? NOTHING_COMMITTED : after;
    } catch (SQLException e) {
      if (SqlFailure.of(e) != SqlFailure.CONTENT) {
        throw e;
      }
      LOG.info("the database refused a record of a poll of {} ({}); storing them one by one to set it aside",
          poll.records().size(), e.getMessage());
    }
    for (Consumed record : poll.records()) {
      storeAlone(c, record, tally);
    }
    return positions.read(c);
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

  private void storeAlone(Connection c, Consumed record, Tally tally) throws SQLException {
    try {
      counted(store.write(c, record.batch()), List.of(record), tally);
    } catch (SQLException e) {
      if (SqlFailure.of(e) != SqlFailure.CONTENT) {
        throw e;
      }
      DeadLetter letter = record.refused(SqlFailure.sqlState(e), e.getMessage());
      store.setAside(c, letter);
      if (tally == Tally.COUNT) {
        deadLettered.incrementAndGet();
      }
      LOG.warn("set aside record {}: the database refused it (SQLSTATE {}: {}); ingestion goes on, "
          + "the record is in table dead_letter", record.where(), letter.sqlState(), e.getMessage());
    }
  }

  private void counted(long rows, List<Consumed> records, Tally tally) {
    for (Consumed r : records) {
      r.batch().runsStored().forEach(t -> activeRuns.update(t.testbed(), t.run()));
    }
    if (tally == Tally.COUNTED_BEFORE) {
      return;
    }
    samplesStored.addAndGet(rows);
    if (rows > 0) {
      activeRuns.samplesStored();
    }
    for (Consumed r : records) {
      if (r.batch().hasDeadLetters()) {
        deadLettered.incrementAndGet();
      }
    }
  }

  /**
   * Whether a store adds to the samples-stored and dead-lettered counters: not when a poll whose
   * commit may have been lost is stored again, which it was counted for the first time.
   */
  private enum Tally {
    COUNT,
    COUNTED_BEFORE
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
