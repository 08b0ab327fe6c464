package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The login gate's holds and its single flight, with a test clock and real threads. */
class LoginGateTest {
  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
  private final ManualClock clock = new ManualClock(T0);
  private final LoginGate gate = new LoginGate("https://bmc", Duration.ofSeconds(30), Duration.ofMinutes(10), clock);
  private final AtomicInteger tried = new AtomicInteger();

  private final LoginGate.Attempt refusedAttempt = () -> {
    tried.incrementAndGet();
    throw new LoginFailedException("POST https://bmc/Sessions: login refused (HTTP 401)", 401);
  };

  private void refuse() {
    assertThrows(LoginFailedException.class, () -> gate.login(gate.attempts(), refusedAttempt));
  }

  @Test
  void eachRefusalInARowDoublesTheHoldUpToTheCap() {
    // 30 s x 2^(n-1): 30, 60, 120, 240, 480 s, then 960 capped at 600
    long[] seconds = {30, 60, 120, 240, 480, 600, 600};
    for (int n = 1; n <= seconds.length; n++) {
      assertEquals(Duration.ofSeconds(seconds[n - 1]), gate.hold(n), "refusal " + n);
    }
  }

  @Test
  void noLoginIsTriedUntilTheHoldHasPassedToTheInstant() throws Exception {
    refuse();
    assertEquals(T0.plusSeconds(30), gate.heldUntil());
    clock.advance(Duration.ofMillis(29_999));
    LoginFailedException held = assertThrows(LoginFailedException.class, () -> gate.login(gate.attempts(), refusedAttempt));
    assertTrue(held.refused());
    assertEquals("https://bmc: login not tried before 2026-12-01T10:00:30Z (login_backoff: 1 refused in a row, "
        + "the last at 2026-12-01T10:00:00Z with HTTP 401)", held.getMessage());
    assertEquals(1, tried.get());
    clock.advance(Duration.ofMillis(1)); // t = 30 s: the hold is over
    refuse();
    assertEquals(2, tried.get());
    assertEquals(T0.plusSeconds(30 + 60), gate.heldUntil()); // the second refusal: 60 s
  }

  @Test
  void aSuccessStartsTheCountOver() throws Exception {
    refuse();
    clock.advance(Duration.ofSeconds(30));
    gate.login(gate.attempts(), tried::incrementAndGet);
    refuse();
    assertEquals(T0.plusSeconds(30 + 30), gate.heldUntil()); // 30 s again, not 60
  }

  @Test
  void anAnsweredBasicRequestStartsTheCountOverToo() {
    gate.refused(401);
    clock.advance(Duration.ofSeconds(30));
    gate.accepted();
    gate.refused(401);
    assertEquals(T0.plusSeconds(60), gate.heldUntil()); // 30 + 30
  }

  @Test
  void refusalsOfRequestsInFlightTogetherCountOnce() {
    gate.refused(401);
    gate.refused(401); // a second Basic request that was in flight with the first
    clock.advance(Duration.ofSeconds(30));
    gate.refused(401);
    assertEquals(T0.plusSeconds(30 + 60), gate.heldUntil()); // the second refusal in a row, not the third
  }

  @Test
  void otherFailuresHoldNothing() throws Exception {
    IOException down = new IOException("POST https://bmc/Sessions: connection refused");
    assertThrows(IOException.class, () -> gate.login(gate.attempts(), () -> {
      throw down;
    }));
    gate.login(gate.attempts(), tried::incrementAndGet); // at once: no hold
    assertEquals(1, tried.get());
  }

  @Test
  void aLoginThatFailedWithAnotherStatusIsNoRefusalAndHoldsNothing() throws Exception {
    LoginFailedException error = new LoginFailedException("GET https://array/api/rest/login_session: HTTP 500", 500);
    assertEquals(false, error.refused());
    assertThrows(LoginFailedException.class, () -> gate.login(gate.attempts(), () -> {
      throw error;
    }));
    assertEquals(Instant.MIN, gate.heldUntil());
    gate.login(gate.attempts(), tried::incrementAndGet); // at once
    assertEquals(1, tried.get());
    assertTrue(new LoginFailedException("403", 403).refused());
  }

  @Test
  void aRequestThatWaitedForALoginTakesItsFailureInsteadOfTryingAgain() throws Exception {
    CountDownLatch inLogin = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    IOException down = new IOException("POST https://bmc/Sessions: timeout");
    CompletableFuture<Void> first = CompletableFuture.runAsync(() -> {
      try {
        gate.login(gate.attempts(), () -> {
          tried.incrementAndGet();
          inLogin.countDown();
          try {
            release.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          throw down;
        });
      } catch (IOException | RuntimeException e) {
        throw new java.util.concurrent.CompletionException(e);
      }
    });
    assertTrue(inLogin.await(10, TimeUnit.SECONDS));
    int seen = 0; // the waiter arrived before that login began
    release.countDown();
    IOException taken = assertThrows(IOException.class, () -> gate.login(seen, tried::incrementAndGet));
    assertSame(down, taken);
    assertEquals(1, tried.get());
    assertThrows(java.util.concurrent.CompletionException.class, first::join);
  }
}
