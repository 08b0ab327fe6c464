package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The retry waits at their boundaries: a grown backoff at the cap, one that overflows, a Retry-After at the longest obeyed. */
class RetryPolicyTest {
  private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");

  @Test
  void aGrownWaitEqualToTheCapIsTheCap() {
    RetryPolicy p = new RetryPolicy(5, Duration.ofMillis(200), Duration.ofMillis(800), Duration.ofSeconds(30));
    assertEquals(Duration.ofMillis(200), p.backoff(1, 0.5)); // 0.5 x 200 ms x 2 = 200 ms
    assertEquals(Duration.ofMillis(400), p.backoff(2, 0.5)); // 200 ms x 4 = 800 ms, the cap itself
    assertEquals(Duration.ofMillis(400), p.backoff(3, 0.5)); // 1,600 ms, capped at 800 ms
  }

  @Test
  void aBaseSoLargeThatItsGrowthOverflowsWaitsUpToTheCap() {
    // 2^34 ms << 30 is 2^64, which wraps to 0; 2^33 ms << 30 is 2^63, which wraps to Long.MIN_VALUE.
    // Neither is a ceiling: the cap (10 s) stands, and a draw of 0.5 waits 5 s.
    for (long base : new long[] {1L << 34, 1L << 33}) {
      RetryPolicy p = new RetryPolicy(40, Duration.ofMillis(base), Duration.ofSeconds(10), Duration.ofSeconds(30));
      assertEquals(Duration.ofSeconds(5), p.backoff(30, 0.5), "base " + base);
    }
  }

  @Test
  void aRetryAfterOfExactlyTheLongestObeyedIsObeyedAndOneSecondMoreIsCut() {
    RetryPolicy p = new RetryPolicy(3, Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(30));
    assertEquals(Duration.ofSeconds(29), p.wait(0, 0.5, 503, "29", NOW));
    assertEquals(Duration.ofSeconds(30), p.wait(0, 0.5, 503, "30", NOW));
    assertEquals(Duration.ofSeconds(30), p.wait(0, 0.5, 429, "31", NOW));
    // Another status, or no Retry-After: the backoff, 0.5 x 200 ms.
    assertEquals(Duration.ofMillis(100), p.wait(0, 0.5, 502, "30", NOW));
    assertEquals(Duration.ofMillis(100), p.wait(0, 0.5, 503, null, NOW));
  }
}
