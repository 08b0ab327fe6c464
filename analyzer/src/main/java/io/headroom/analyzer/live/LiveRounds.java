package io.headroom.analyzer.live;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * When live-verdict rounds run: every {@code period} (so abandoned runs are closed and ended runs
 * judged once even when nothing arrives), and as soon as the ingest has stored samples while runs
 * are active ({@link #nudge()}), but never two rounds closer than {@code minGap}. Without the
 * nudge a reading waited up to a whole period for the next round after it was stored, the largest
 * share of the onset-to-webhook latency the 2 s target of issue 28 leaves (docs/benchmarks.md);
 * the gap bounds what a busy ingest, storing many polls a second, costs in rounds. Rounds run one
 * at a time on one thread: a nudge while one runs queues at most one more.
 */
public final class LiveRounds implements AutoCloseable {
  private final ScheduledExecutorService thread;
  private volatile Runnable round;
  private final long periodNanos;
  private final long minGapNanos;
  private final LongSupplier nanoClock;
  private final AtomicBoolean queued = new AtomicBoolean();
  /** When the last round began (nanoClock); written and read on the rounds' thread only, but for nudge's estimate. */
  private volatile long lastStart;
  private volatile boolean ranOnce;

  public LiveRounds(Duration period, Duration minGap) {
    this(period, minGap, System::nanoTime);
  }

  LiveRounds(Duration period, Duration minGap, LongSupplier nanoClock) {
    if (minGap.isNegative() || minGap.compareTo(period) > 0) {
      throw new IllegalArgumentException("minGap must be between 0 and the period " + period + ", got " + minGap);
    }
    this.periodNanos = period.toNanos();
    this.minGapNanos = minGap.toNanos();
    this.nanoClock = nanoClock;
    this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "headroom-live-verdicts");
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Starts the rounds of {@code round}, which must not throw (wrap it so a failed round is logged
   * and the next one runs); nudges before this are ignored.
   */
  public LiveRounds start(Runnable round) {
    this.round = round;
    thread.scheduleWithFixedDelay(this::periodic, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    return this;
  }

  /** New samples are stored: a round soon, at once if the last began at least {@code minGap} ago. */
  public void nudge() {
    if (round == null || !queued.compareAndSet(false, true)) {
      return; // one is queued already: it will read these samples too
    }
    long wait = ranOnce ? Math.max(0, lastStart + minGapNanos - nanoClock.getAsLong()) : 0;
    try {
      thread.schedule(this::nudged, wait, TimeUnit.NANOSECONDS);
    } catch (java.util.concurrent.RejectedExecutionException closed) {
      queued.set(false);
    }
  }

  private void nudged() {
    queued.set(false);
    if (tooSoon()) {
      nudge(); // a periodic round ran since this one was queued: wait out the gap again
      return;
    }
    runRound();
  }

  private void periodic() {
    // a nudged round within the last half period did this one's work
    if (ranOnce && nanoClock.getAsLong() - lastStart < periodNanos / 2) {
      return;
    }
    runRound();
  }

  private boolean tooSoon() {
    return ranOnce && nanoClock.getAsLong() - lastStart < minGapNanos;
  }

  private void runRound() {
    lastStart = nanoClock.getAsLong();
    ranOnce = true;
    round.run();
  }

  @Override
  public void close() throws InterruptedException {
    thread.shutdown();
    thread.awaitTermination(10, TimeUnit.SECONDS);
  }
}
