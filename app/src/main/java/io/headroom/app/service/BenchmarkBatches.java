package io.headroom.app.service;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A benchmark runner's records as scrapes, the way a source's readings travel: what the runner
 * reports together (fio's status interval: every job's samples, a new workload entity and its
 * relations) goes to the sink as one scrape, so Kafka gets one record per entity per interval
 * rather than one record per sample, each wrapped in a scrape of its own.
 *
 * <p>A batch closes {@link #LINGER_MS} after its first record (a runner reports an interval at
 * once, within a millisecond, so a live verdict waits at most that long for it), when it holds
 * {@link #MAX_READINGS}, before a run or phase record (which goes on at once, never ahead of the
 * readings reported before it), and on {@link #close()}.
 */
final class BenchmarkBatches implements Consumer<RecordingRecord>, AutoCloseable {
  /** Like a Kafka producer's linger.ms: long enough for one interval's records, short for a live verdict. */
  static final long LINGER_MS = 100;
  /** A bound on what one scrape holds, whatever a runner sends within one linger. */
  static final int MAX_READINGS = 10_000;

  private final Consumer<Scrape> scrapes;
  private final Consumer<RecordingRecord> runs;
  private final ScheduledExecutorService linger;
  private Scrape batch;

  /**
   * @param scrapes where a closed batch goes (the collector's Kafka sink, through its spool)
   * @param runs where run and phase records go (the runs topic)
   */
  BenchmarkBatches(Consumer<Scrape> scrapes, Consumer<RecordingRecord> runs) {
    this.scrapes = scrapes;
    this.runs = runs;
    this.linger = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "headroom-benchmark-batches");
      t.setDaemon(true);
      return t;
    });
  }

  // One monitor for batching and sending: a batch the linger thread closes is in the sink before a
  // run or phase record that follows it, and scrapes reach the sink in the order they were made.
  @Override
  public synchronized void accept(RecordingRecord record) {
    if (record instanceof Run || record instanceof Phase) {
      flush();
      runs.accept(record);
      return;
    }
    if (batch == null) {
      Scrape opened = new Scrape(record instanceof Sample s ? s.ts() : System.currentTimeMillis() / 1000.0);
      batch = opened;
      // one timer per batch, not a poll: a collector that runs no benchmark never wakes for it
      if (!linger.isShutdown()) {
        linger.schedule(() -> closeIfStillOpen(opened), LINGER_MS, TimeUnit.MILLISECONDS);
      }
    }
    if (record instanceof Entity e) {
      batch.entity(e);
    } else if (record instanceof Relation r) {
      batch.relation(r);
    } else if (record instanceof Sample s) {
      batch.sample(s);
    }
    if (batch.sampleCount() >= MAX_READINGS) {
      flush();
    }
  }

  /** Sends what is batched now. */
  synchronized void flush() {
    if (batch != null) {
      Scrape closed = batch;
      batch = null;
      scrapes.accept(closed);
    }
  }

  /** The linger's end: the batch opened then goes, unless it already went (a flush, the bound). */
  private synchronized void closeIfStillOpen(Scrape opened) {
    if (batch == opened) {
      flush();
    }
  }

  @Override
  public void close() {
    linger.shutdownNow();
    flush();
  }
}
