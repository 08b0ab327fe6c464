package io.headroom.collector.runtime;

import io.headroom.collector.source.Scrape;
import io.headroom.model.log.RateLimitedLog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs many scrape targets (one {@link ScrapeRunner} each) with a bounded number of threads, and
 * hands each scrape to the sink.
 *
 * <p><b>Schedule.</b> One timer thread fires every target at a fixed rate: target {@code i} of
 * {@code n} ticks at {@code start + offset + k × interval}, where {@code offset = i × interval / n}
 * spreads the targets evenly over their interval (deterministic, by position in the list), so a
 * thousand targets do not all fire in the same millisecond. Fixed rate: a late scrape never shifts
 * the target's later ticks. The timer only hands the scrape to the worker pool ({@link
 * SchedulerSettings#workersFor}); it never waits for a scrape.
 *
 * <p><b>Missed intervals.</b> Each tick yields exactly one scrape or exactly one missed interval,
 * counted for its own target ({@code scrape_missed_intervals}):
 *
 * <ul>
 *   <li>if the target's previous scrape is still running or waiting for a worker, the tick is
 *       missed: ticks never queue up and one target never has two scrapes at once, so a dead
 *       target holds at most one worker;
 *   <li>a tick waits for a free worker only until its interval is over: a scrape that cannot start
 *       within one interval of its scheduled time is missed, not run late. So an overloaded pool
 *       sheds stale scrapes instead of falling ever further behind, and the wait queue never holds
 *       more than one tick per target.
 * </ul>
 *
 * How late a scrape started is its {@code scrape_lag_s}. A slow target delays only itself as long
 * as the pool has a free worker: the other targets keep their ticks. Sources bound their own
 * waits (connect and read timeouts); a scrape that never returns keeps its worker until {@link
 * #close()}.
 */
public final class ScrapeScheduler implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ScrapeScheduler.class);
  /** A sink that cannot take scrapes (the spool's disk full) fails every scrape of every source: once a minute. */
  private final RateLimitedLog handOverFailures = new RateLimitedLog(LOG, Duration.ofMinutes(1));
  private final String testbed;
  private final List<ScrapeRunner> runners;
  private final ScrapeSink sink;
  private final SchedulerSettings settings;
  private final LongSupplier nanoClock;
  private final List<Target> targets = new ArrayList<>();
  private final ScheduledExecutorService timer;
  private final ThreadPoolExecutor workers;
  private final AtomicBoolean started = new AtomicBoolean();
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile boolean closing;

  /** With {@link SchedulerSettings#DEFAULTS}. */
  public ScrapeScheduler(String testbed, List<ScrapeRunner> runners, ScrapeSink sink) {
    this(testbed, runners, sink, SchedulerSettings.DEFAULTS);
  }

  public ScrapeScheduler(String testbed, List<ScrapeRunner> runners, ScrapeSink sink, SchedulerSettings settings) {
    this(testbed, runners, sink, settings, System::nanoTime);
  }

  /** With a clock of its own, so tests can drive {@link #tick} through exact times. */
  ScrapeScheduler(String testbed, List<ScrapeRunner> runners, ScrapeSink sink, SchedulerSettings settings,
      LongSupplier nanoClock) {
    this.testbed = testbed;
    this.runners = List.copyOf(runners);
    this.sink = sink;
    this.settings = settings.validate();
    this.nanoClock = nanoClock;
    for (ScrapeRunner r : this.runners) {
      long period = r.source().interval().toNanos();
      if (period <= 0) {
        throw new IllegalArgumentException("source " + r.selfId() + " has interval " + r.source().interval());
      }
      targets.add(new Target(r, period));
    }
    String prefix = threadNamePrefix(testbed);
    this.timer = Executors.newSingleThreadScheduledExecutor(threads(prefix + "timer", false));
    int size = settings.workersFor(this.runners.size());
    // At most one tick per target waits (the busy flag), so the queue never needs more room.
    this.workers = new ThreadPoolExecutor(size, size, 0, TimeUnit.MILLISECONDS,
        new ArrayBlockingQueue<>(Math.max(1, this.runners.size())), threads(prefix + "worker-", true));
  }

  /** Every thread of this scheduler is named with this prefix (for thread dumps and tests). */
  public static String threadNamePrefix(String testbed) {
    return "headroom-scrape-" + testbed + "-";
  }

  /** Threads the worker pool may grow to. */
  public int workerThreads() {
    return workers.getMaximumPoolSize();
  }

  /** Schedules every target. Once only. */
  public void start() {
    if (closed.get()) {
      throw new IllegalStateException("scheduler closed");
    }
    if (!started.compareAndSet(false, true)) {
      throw new IllegalStateException("scheduler already started");
    }
    long origin = nanoClock.getAsLong();
    int n = targets.size();
    for (int i = 0; i < n; i++) {
      Target t = targets.get(i);
      // Multiply before dividing: i × period fits a long for any interval below 290 years / n.
      long offset = (long) i * t.period / n;
      long first = origin + offset;
      long[] k = {0}; // ticks so far; touched by the timer thread only
      timer.scheduleAtFixedRate(() -> tick(t, first + k[0]++ * t.period),
          Math.max(0, first - nanoClock.getAsLong()), t.period, TimeUnit.NANOSECONDS);
    }
    LOG.info("scraping {} targets with {} worker threads; intervals {}", n, workerThreads(),
        runners.stream().map(r -> r.source().interval().toString()).distinct().toList());
  }

  /**
   * One scrape of every target, in this thread, in order (for {@code collect --once} and tests).
   * Not while the schedule runs: a source is never scraped twice at once.
   */
  public List<Scrape> scrapeAllOnce() {
    if (started.get()) {
      throw new IllegalStateException("scrapeAllOnce is for a scheduler that was not started");
    }
    List<Scrape> out = new ArrayList<>();
    for (ScrapeRunner r : runners) {
      out.add(r.scrapeOnce());
    }
    return out;
  }

  /** The timer's work for one tick of target {@code index}, scheduled at {@code scheduledNanos}. */
  void tick(int index, long scheduledNanos) {
    tick(targets.get(index), scheduledNanos);
  }

  private void tick(Target t, long scheduledNanos) {
    if (closing) {
      return;
    }
    try {
      if (!t.busy.compareAndSet(false, true)) {
        missed(t, "its previous scrape is still running");
        return;
      }
      try {
        workers.execute(() -> runScheduled(t, scheduledNanos));
      } catch (RejectedExecutionException e) {
        t.busy.set(false);
        if (!closing) { // cannot happen while open: the queue holds one tick per target
          missed(t, "the worker pool refused it");
        }
      }
    } catch (RuntimeException e) {
      // A periodic task that throws is never run again: keep the target's schedule whatever happens.
      LOG.error("tick of {}: {}", t.runner.selfId(), e.toString(), e);
    }
  }

  private void runScheduled(Target t, long scheduledNanos) {
    try {
      if (closing) {
        return;
      }
      long lag = nanoClock.getAsLong() - scheduledNanos;
      if (lag >= t.period) {
        missed(t, "no worker was free within its interval");
        return;
      }
      Scrape scrape = t.runner.scrapeOnce(Math.max(0, lag) / 1e9);
      t.warned.set(false);
      sink.accept(testbed, scrape);
    } catch (RuntimeException e) {
      // Never let one failure reach the pool: log and let the next tick come.
      handOverFailures.error("hand over", "could not hand over a scrape of {}: {}", t.runner.selfId(), e.toString());
    } finally {
      t.busy.set(false);
    }
  }

  private void missed(Target t, String why) {
    t.runner.countMissedInterval();
    // Once per run of misses: a dead target must not write a line every interval.
    if (t.warned.compareAndSet(false, true)) {
      LOG.warn("skipping scrapes of {} while {} (counted in scrape_missed_intervals)", t.runner.selfId(), why);
    }
  }

  /**
   * Stops the timer, lets running scrapes finish for up to the close timeout (ticks still waiting
   * for a worker are dropped), interrupts the rest, then closes the sources. Idempotent.
   */
  @Override
  public void close() throws InterruptedException {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    closing = true;
    timer.shutdownNow();
    workers.shutdown();
    try {
      if (!workers.awaitTermination(settings.closeTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        List<String> stuck = targets.stream().filter(t -> t.busy.get()).map(t -> t.runner.selfId()).toList();
        LOG.warn("scrapes still running after {}; interrupting: {}", settings.closeTimeout(), stuck);
        workers.shutdownNow();
      }
      timer.awaitTermination(1, TimeUnit.SECONDS);
    } finally {
      for (ScrapeRunner r : runners) {
        try {
          r.source().close();
        } catch (Exception e) {
          LOG.warn("closing source {}: {}", r.selfId(), e.toString());
        }
      }
    }
  }

  private static ThreadFactory threads(String name, boolean numbered) {
    AtomicInteger count = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, numbered ? name + count.incrementAndGet() : name);
      t.setDaemon(true);
      return t;
    };
  }

  /** One target's schedule state. */
  private static final class Target {
    final ScrapeRunner runner;
    final long period;
    /** A scrape of this target is waiting for a worker or running. */
    final AtomicBoolean busy = new AtomicBoolean();
    /** The current run of misses was logged. */
    final AtomicBoolean warned = new AtomicBoolean();

    Target(ScrapeRunner runner, long period) {
      this.runner = runner;
      this.period = period;
    }
  }
}
