package io.headroom.analyzer.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * When live rounds run: on a nudge without waiting for the period, never two closer than the gap,
 * one queued behind a running round however many nudges come, and on the period alone. Times are
 * real (the rounds run on their own thread); the assertions bound them from the side load cannot
 * break: a round never comes early, and the waits for one to come are generous.
 */
class LiveRoundsTest {
  private static final Duration LONG = Duration.ofSeconds(60);

  @Test
  void aNudgeRunsARoundWithoutWaitingForThePeriod() throws Exception {
    Semaphore ran = new Semaphore(0);
    try (LiveRounds rounds = new LiveRounds(LONG, Duration.ofMillis(200)).start(ran::release)) {
      long before = System.nanoTime();
      rounds.nudge();
      assertTrue(ran.tryAcquire(10, TimeUnit.SECONDS), "the nudged round ran");
      // the period is 60 s: only the nudge can have started it
      assertTrue(System.nanoTime() - before < TimeUnit.SECONDS.toNanos(10));
    }
  }

  @Test
  void aNudgeBeforeTheStartIsIgnored() throws Exception {
    Semaphore ran = new Semaphore(0);
    try (LiveRounds rounds = new LiveRounds(LONG, Duration.ofMillis(200))) {
      rounds.nudge();
      rounds.start(ran::release);
      assertEquals(false, ran.tryAcquire(300, TimeUnit.MILLISECONDS), "nothing was queued before the start");
      rounds.nudge();
      assertTrue(ran.tryAcquire(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void twoNudgedRoundsAreAtLeastTheGapApart() throws Exception {
    List<Long> starts = new CopyOnWriteArrayList<>();
    Semaphore ran = new Semaphore(0);
    long gap = TimeUnit.MILLISECONDS.toNanos(300);
    try (LiveRounds rounds = new LiveRounds(LONG, Duration.ofNanos(gap)).start(() -> {
      starts.add(System.nanoTime());
      ran.release();
    })) {
      rounds.nudge();
      assertTrue(ran.tryAcquire(10, TimeUnit.SECONDS));
      rounds.nudge(); // at once: it must wait out the rest of the 300 ms
      assertTrue(ran.tryAcquire(10, TimeUnit.SECONDS));
      assertEquals(2, starts.size());
      long apart = starts.get(1) - starts.get(0);
      assertTrue(apart >= gap, "second round " + apart / 1_000_000 + " ms after the first, under the 300 ms gap");
    }
  }

  @Test
  void nudgesWhileARoundRunsQueueOneMore() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch firstStarted = new CountDownLatch(1);
    Semaphore ran = new Semaphore(0);
    try (LiveRounds rounds = new LiveRounds(LONG, Duration.ZERO).start(() -> {
      firstStarted.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      ran.release();
    })) {
      rounds.nudge();
      assertTrue(firstStarted.await(10, TimeUnit.SECONDS));
      for (int i = 0; i < 10; i++) {
        rounds.nudge(); // the first is running: these make one more, not ten
      }
      release.countDown();
      assertTrue(ran.tryAcquire(2, 10, TimeUnit.SECONDS), "the running round and the one queued");
      assertEquals(false, ran.tryAcquire(500, TimeUnit.MILLISECONDS), "no third round: ten nudges queued one");
    }
  }

  @Test
  void withoutNudgesRoundsRunOnThePeriod() throws Exception {
    Semaphore ran = new Semaphore(0);
    try (LiveRounds rounds = new LiveRounds(Duration.ofMillis(100), Duration.ofMillis(50)).start(ran::release)) {
      assertTrue(ran.tryAcquire(3, 10, TimeUnit.SECONDS), "three periodic rounds");
    }
  }

  @Test
  void aGapLongerThanThePeriodIsRefused() throws Exception {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LiveRounds(Duration.ofMillis(500), Duration.ofMillis(501)));
    assertEquals("minGap must be between 0 and the period PT0.5S, got PT0.501S", e.getMessage());
    // the boundary: a gap equal to the period is valid
    new LiveRounds(Duration.ofMillis(500), Duration.ofMillis(500)).close();
  }
}
