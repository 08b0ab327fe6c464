package io.headroom.collector.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Sample;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ScrapeSchedulerTest {
  /** What a test source does in one scrape (its number, from 0). */
  @FunctionalInterface
  interface Behaviour {
    void scrape(int n) throws Exception;
  }

  /** A source that does what the test says and records when each scrape started. */
  static final class TestSource implements Source {
    final String name;
    final Duration interval;
    final Behaviour behaviour;
    final List<Long> starts = new CopyOnWriteArrayList<>();
    final AtomicInteger running = new AtomicInteger();
    final AtomicInteger maxRunning = new AtomicInteger();
    final AtomicInteger closed = new AtomicInteger();

    TestSource(String name, Duration interval, Behaviour behaviour) {
      this.name = name;
      this.interval = interval;
      this.behaviour = behaviour;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Duration interval() {
      return interval;
    }

    @Override
    public void scrape(Scrape scrape) throws Exception {
      int n = starts.size();
      starts.add(System.nanoTime());
      maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
      try {
        behaviour.scrape(n);
        scrape.sample(new Sample(scrape.ts(), "h1/thing/" + name, "value", n));
      } finally {
        running.decrementAndGet();
      }
    }

    @Override
    public void close() {
      closed.incrementAndGet();
    }
  }

  /** Collects each target's own health, scrape by scrape. */
  static final class HealthSink implements ScrapeSink {
    final Map<String, List<Map<String, Double>>> byTarget = new ConcurrentHashMap<>();

    @Override
    public void accept(String testbed, Scrape scrape) {
      scrape.readings().forEach((entity, readings) -> {
        if (entity.contains("/collector/")) {
          byTarget.computeIfAbsent(entity, e -> Collections.synchronizedList(new ArrayList<>()))
              .add(readings.stream().collect(Collectors.toMap(Scrape.Reading::metric, Scrape.Reading::value)));
        }
      });
    }

    List<Map<String, Double>> of(String source) {
      return byTarget.getOrDefault("h1/collector/" + source, List.of());
    }

    List<Double> values(String source, String metric) {
      synchronized (of(source)) {
        return of(source).stream().map(m -> m.get(metric)).toList();
      }
    }
  }

  private static ScrapeRunner runner(Source s) {
    return new ScrapeRunner("h1", s, () -> System.currentTimeMillis() / 1000.0);
  }

  private static long threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith(prefix)).count();
  }

  private static void await(BooleanSupplier condition, Duration timeout, String what) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(10);
    }
  }

  /**
   * 1000 targets, 32 workers, each scrape sleeping 15 ms, every target every 1 s, for 5 s.
   *
   * <p>Capacity: 32 workers × 1 s / 15 ms = 2133 scrapes per interval against 1000 needed, so the
   * pool is 47% busy. The ticks are 1 ms apart (1000 offsets over 1 s) and each holds a worker for
   * ~15 ms, so ~15 scrapes run at once in steady state: no tick should wait, let alone for an
   * interval (0 missed, with twice the room for sleep overshoot on a busy machine).
   *
   * <p>Count: a target with offset o in [0, 1 s) ticks at o, o + 1 s, ..., so in a schedule that
   * ran E seconds between start and close, ceil(E - o) ticks fall: between floor(E) and ceil(E).
   * E is measured, not taken as the 5 s slept: on a loaded machine the sleep and the start and close
   * themselves run long. Start and close each add jitter of under one tick: each target gets
   * floor(E) - 1 to ceil(E) + 1 scrapes (4 to 6 when E is 5.0 s).
   */
  @Test
  void aThousandTargetsRunOnBoundedWorkersWithoutMissingAnInterval() throws Exception {
    int targets = 1000;
    int workers = 32;
    Duration interval = Duration.ofSeconds(1);
    long scrapeMs = 15;
    long runMs = 5000;
    String testbed = "load" + System.nanoTime();
    String prefix = ScrapeScheduler.threadNamePrefix(testbed);

    List<TestSource> sources = new ArrayList<>();
    List<ScrapeRunner> runners = new ArrayList<>();
    for (int i = 0; i < targets; i++) {
      TestSource s = new TestSource("t" + i, interval, n -> Thread.sleep(scrapeMs));
      sources.add(s);
      runners.add(runner(s));
    }
    HealthSink sink = new HealthSink();
    AtomicLong maxThreads = new AtomicLong();
    ScrapeScheduler scheduler = new ScrapeScheduler(testbed, runners, sink, SchedulerSettings.withMaxWorkers(workers));
    assertEquals(workers, scheduler.workerThreads());

    Thread watcher = new Thread(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        maxThreads.accumulateAndGet(threadsNamed(prefix), Math::max);
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    watcher.start();
    long started = System.nanoTime();
    scheduler.start();
    long running = System.nanoTime(); // the schedule ran at least from here ...
    Thread.sleep(runMs);
    long closing = System.nanoTime(); // ... to here, and at most from started to closed
    scheduler.close();
    long closed = System.nanoTime();
    watcher.interrupt();
    watcher.join();

    assertTrue(maxThreads.get() >= 2, "the watcher saw the scheduler's threads: " + maxThreads.get());
    assertTrue(maxThreads.get() <= workers + 1, "workers plus the timer, at most: " + maxThreads.get());
    await(() -> threadsNamed(prefix) == 0, Duration.ofSeconds(5), "the scheduler's threads to end");

    long fewest = (closing - running) / interval.toNanos() - 1;
    long most = -Math.floorDiv(-(closed - started), interval.toNanos()) + 1; // ceil
    for (int i = 0; i < targets; i++) {
      TestSource s = sources.get(i);
      int n = s.starts.size();
      assertTrue(n >= fewest && n <= most, s.name + " scraped " + n + " times, " + fewest + " to " + most + " expected");
      assertEquals(1, s.maxRunning.get(), "never two scrapes of one target at once");
      assertEquals(0, runners.get(i).missedIntervals(), s.name + " missed intervals");
      assertEquals(n, sink.of(s.name).size(), "every scrape reached the sink");
      assertTrue(sink.values(s.name, "scrape_missed_intervals").stream().allMatch(v -> v == 0.0));
      assertTrue(sink.values(s.name, "scrape_lag_s").stream().allMatch(v -> v >= 0 && v < interval.toMillis() / 1000.0));
      assertEquals(1, s.closed.get(), "closed once");
    }

    // The first ticks are spread over the first interval: 100 per 100 ms if even, all 1,000 in
    // one bucket if they fired together. Each first tick's time is when its scrape started less
    // its lag (asserted above to be under one interval), from the earliest: a stalled timer or a
    // slow start() on a loaded machine then bunches no start. The check tells the two apart: no
    // bucket over 3x its even share, none empty.
    long[] firstTicks = new long[targets];
    for (int i = 0; i < targets; i++) {
      TestSource s = sources.get(i);
      firstTicks[i] = s.starts.get(0) - Math.round(sink.values(s.name, "scrape_lag_s").get(0) * 1e9);
    }
    long earliest = java.util.Arrays.stream(firstTicks).min().orElseThrow();
    int[] buckets = new int[11];
    for (long tick : firstTicks) {
      buckets[(int) Math.min(10, (tick - earliest) / 100_000_000L)]++;
    }
    for (int b = 0; b < 10; b++) {
      assertTrue(buckets[b] >= 1 && buckets[b] <= 300, "first ticks per 100 ms: " + java.util.Arrays.toString(buckets));
    }
  }

  /**
   * A dead target (each scrape blocks 3.5 intervals) and a live one share a pool of two workers.
   * Interval 500 ms. The dead one ticks at 0, 0.5, 1.0, ...: its scrape at 0 runs to 1.75, so the
   * ticks at 0.5, 1.0, 1.5 are missed (3) and the one at 2.0 starts the next scrape, which runs to
   * 3.75 and misses 2.5, 3.0, 3.5 (6 in all). Every boundary is 250 ms from a tick. The run stops
   * at 3.8 s; close lets the running scrape finish.
   */
  @Test
  void aDeadTargetMissesItsOwnIntervalsAndDelaysNoOtherTarget() throws Exception {
    Duration interval = Duration.ofMillis(500);
    TestSource dead = new TestSource("dead", interval, n -> Thread.sleep(1750));
    TestSource live = new TestSource("live", interval, n -> { });
    List<ScrapeRunner> runners = List.of(runner(dead), runner(live));
    HealthSink sink = new HealthSink();
    String testbed = "dead" + System.nanoTime();
    ScrapeScheduler scheduler = new ScrapeScheduler(testbed, runners, sink, SchedulerSettings.withMaxWorkers(2));
    scheduler.start();
    Thread.sleep(3800);
    scheduler.close();

    // The live target (offset 250 ms) kept its interval: starts 500 ms apart, give or take a
    // scheduling hiccup; behind a dead target on one thread they would be 1750 ms apart.
    List<Long> starts = live.starts;
    assertTrue(starts.size() >= 6, "live scrapes: " + starts.size());
    for (int i = 1; i < starts.size(); i++) {
      long gapMs = (starts.get(i) - starts.get(i - 1)) / 1_000_000;
      assertTrue(gapMs >= 250 && gapMs <= 750, "live gap " + i + ": " + gapMs + " ms");
    }
    assertEquals(0, runners.get(1).missedIntervals());
    assertTrue(sink.values("live", "scrape_lag_s").stream().allMatch(v -> v < 0.25), sink.values("live", "scrape_lag_s").toString());

    assertEquals(2, dead.starts.size());
    assertEquals(6, runners.get(0).missedIntervals());
    assertEquals(List.of(3.0, 6.0), sink.values("dead", "scrape_missed_intervals"));
    assertEquals(List.of(1.0, 1.0), sink.values("dead", "scrape_success"), "slow, but it did answer");
    assertEquals(1, dead.maxRunning.get());
  }

  /**
   * The missed-interval rule step by step, on a clock the test sets (ticks driven by hand, no
   * timer): one worker; A's first scrape blocks until released.
   */
  @Test
  void aTickIsMissedWhenItsTargetIsBusyOrNoWorkerFreesUpWithinItsInterval() throws Exception {
    long s = 1_000_000_000L;
    AtomicLong now = new AtomicLong();
    CountDownLatch aStarted = new CountDownLatch(1);
    CountDownLatch releaseA = new CountDownLatch(1);
    TestSource a = new TestSource("a", Duration.ofSeconds(1), n -> {
      if (n == 0) {
        aStarted.countDown();
        releaseA.await();
      }
    });
    TestSource b = new TestSource("b", Duration.ofSeconds(1), n -> { });
    List<ScrapeRunner> runners = List.of(runner(a), runner(b));
    HealthSink sink = new HealthSink();
    try (ScrapeScheduler scheduler = new ScrapeScheduler("manual", runners, sink, SchedulerSettings.withMaxWorkers(1), now::get)) {
      scheduler.tick(0, 0); // A starts on the one worker and blocks
      assertTrue(aStarted.await(5, TimeUnit.SECONDS));
      now.set(s);
      scheduler.tick(0, s); // A still running: missed
      now.set(2 * s);
      scheduler.tick(0, 2 * s); // again
      assertEquals(2, runners.get(0).missedIntervals());

      now.set(2 * s + s / 2);
      scheduler.tick(1, 2 * s + s / 2); // B waits for the worker...
      now.set(3 * s + s / 2 + 1); // ...longer than its interval
      releaseA.countDown();
      await(() -> runners.get(1).missedIntervals() == 1, Duration.ofSeconds(5), "B's stale tick to be missed");
      await(() -> sink.of("a").size() == 1, Duration.ofSeconds(5), "A's scrape");
      assertEquals(List.of(), b.starts, "a tick that could not start within its interval is not run late");
      assertEquals(List.of(2.0), sink.values("a", "scrape_missed_intervals"));
      assertEquals(List.of(0.0), sink.values("a", "scrape_lag_s"));

      // B's miss is counted just before its tick lets go of B: a tick of A on the one worker runs
      // only once B's has ended, so B's next tick cannot find B still busy on a loaded machine.
      scheduler.tick(0, 3 * s);
      await(() -> sink.of("a").size() == 2, Duration.ofSeconds(5), "A's second scrape, after B's stale tick ended");
      scheduler.tick(1, 3 * s); // on a free worker, 0.5 s + 1 ns late: runs
      await(() -> sink.of("b").size() == 1, Duration.ofSeconds(5), "B's scrape");
      assertEquals(List.of(1.0), sink.values("b", "scrape_missed_intervals"));
      assertEquals(0.5, sink.values("b", "scrape_lag_s").get(0), 1e-6);
    }
    assertEquals(1, a.closed.get());
    assertEquals(1, b.closed.get());
  }

  /** A target that throws reports success 0 every interval; a sink that throws stops nothing. */
  @Test
  void failuresNeverStopTheSchedule() throws Exception {
    Duration interval = Duration.ofMillis(100);
    TestSource broken = new TestSource("broken", interval, n -> {
      throw new java.io.IOException("connection refused");
    });
    TestSource undeliverable = new TestSource("undeliverable", interval, n -> { });
    HealthSink health = new HealthSink();
    ScrapeSink sink = (tb, scrape) -> {
      if (scrape.readings().containsKey("h1/collector/undeliverable")) {
        throw new IllegalStateException("spool full");
      }
      health.accept(tb, scrape);
    };
    String testbed = "fail" + System.nanoTime();
    try (ScrapeScheduler scheduler = new ScrapeScheduler(testbed, List.of(runner(broken), runner(undeliverable)), sink)) {
      scheduler.start();
      // 10 ticks each in the first second; half is plenty of margin.
      await(() -> broken.starts.size() >= 5 && undeliverable.starts.size() >= 5, Duration.ofSeconds(10), "five scrapes each");
    }
    List<Double> success = health.values("broken", "scrape_success");
    assertTrue(success.size() >= 5);
    assertTrue(success.stream().allMatch(v -> v == 0.0), success.toString());
  }

  @Test
  void scrapeAllOnceScrapesEachTargetInOrderOnlyWhileNotStarted() throws Exception {
    List<TestSource> sources = List.of(
        new TestSource("x", Duration.ofSeconds(1), n -> { }),
        new TestSource("y", Duration.ofSeconds(60), n -> { }),
        new TestSource("z", Duration.ofMillis(10), n -> { }));
    List<ScrapeRunner> runners = sources.stream().map(ScrapeSchedulerTest::runner).toList();
    AtomicInteger delivered = new AtomicInteger();
    ScrapeScheduler scheduler = new ScrapeScheduler("once", runners, (tb, s) -> delivered.incrementAndGet());
    List<Scrape> scrapes = scheduler.scrapeAllOnce();
    assertEquals(3, scrapes.size());
    for (int i = 0; i < 3; i++) {
      String self = "h1/collector/" + sources.get(i).name;
      Map<String, Double> health = scrapes.get(i).readings().get(self).stream()
          .collect(Collectors.toMap(Scrape.Reading::metric, Scrape.Reading::value));
      assertEquals(1.0, health.get("scrape_success"));
      assertEquals(0.0, health.get("scrape_missed_intervals"));
      assertEquals(0.0, health.get("scrape_lag_s"));
    }
    assertEquals(0, delivered.get(), "the caller decides where scrapes on demand go");
    scheduler.start();
    assertThrows(IllegalStateException.class, scheduler::scrapeAllOnce);
    scheduler.close();
    scheduler.close(); // idempotent: the sources are closed once
    assertTrue(sources.stream().allMatch(s -> s.closed.get() == 1));
    assertThrows(IllegalStateException.class, scheduler::start);
  }

  @Test
  void settingsBoundThePoolAndRejectNonsense() {
    assertEquals(64, SchedulerSettings.DEFAULTS.workersFor(1000));
    assertEquals(3, SchedulerSettings.DEFAULTS.workersFor(3));
    assertEquals(1, SchedulerSettings.DEFAULTS.workersFor(0));
    assertThrows(IllegalArgumentException.class, () -> SchedulerSettings.withMaxWorkers(0).validate());
    assertThrows(IllegalArgumentException.class,
        () -> new SchedulerSettings(4, Duration.ofSeconds(-1)).validate());
    assertThrows(IllegalArgumentException.class,
        () -> new ScrapeScheduler("bad", List.of(), (tb, s) -> { }, new SchedulerSettings(8, null)));
    TestSource never = new TestSource("never", Duration.ZERO, n -> { });
    assertThrows(IllegalArgumentException.class, () -> new ScrapeScheduler("bad", List.of(runner(never)), (tb, s) -> { }));
    assertFalse(SchedulerSettings.DEFAULTS.validate().maxWorkers() < 1);
  }
}
