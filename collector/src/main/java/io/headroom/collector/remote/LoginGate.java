package io.headroom.collector.remote;

import io.headroom.config.Durations;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The logins of one target, so that a wrong password costs the device one failed login per hold
 * rather than one per request: BMCs and arrays lock the account, or the source address, after a
 * few failures (iDRAC9: 3 by default), and a scrape sends several requests every few seconds.
 *
 * <ul>
 *   <li><b>Single flight</b>: one login at a time ({@link #login}); a request that waited for a
 *       login in flight takes its outcome, failure included, instead of trying again.
 *   <li><b>Hold after a refusal</b>: once the target refused a login (HTTP 401 or 403), no login
 *       is tried, and with HTTP Basic no request sent, until {@code login_backoff} (30 s) has
 *       passed; each refusal in a row doubles the hold, up to {@code login_backoff_max} (10 min).
 *       Within the hold every login fails at once with a {@link LoginFailedException} saying
 *       until when. A login that succeeds, or a Basic request answered, starts over.
 * </ul>
 *
 * <p>Other failures (no answer, a 5xx) hold nothing: they do not count against the account.
 */
public final class LoginGate {
  private static final Logger LOG = LoggerFactory.getLogger(LoginGate.class);

  /** One login: the session's own request; it throws a refused {@link LoginFailedException} on 401/403. */
  @FunctionalInterface
  public interface Attempt {
    void run() throws IOException;
  }

  private final String target;
  private final Duration backoff;
  private final Duration backoffMax;
  private final Clock clock;
  /** Logins begun; read before waiting for the session's lock, so a waiter knows whether one ran meanwhile. */
  private final AtomicInteger attempts = new AtomicInteger();
  private IOException lastFailure;
  /** Refusals since the last success; volatile so {@link #accepted} costs nothing while there are none. */
  private volatile int refusalsInRow;
  private Instant heldUntil = Instant.MIN;
  private String lastRefusal;

  public LoginGate(String target, Duration backoff, Duration backoffMax, Clock clock) {
    this.target = target;
    this.backoff = backoff;
    this.backoffMax = backoffMax;
    this.clock = clock;
  }

  /** Logins begun so far; take it before waiting for the lock a login runs under. */
  public int attempts() {
    return attempts.get();
  }

  /**
   * Runs {@code attempt} unless a hold runs (then fails at once) or a login begun since
   * {@code seen} failed (then fails with that login's failure: the caller waited for it).
   */
  public synchronized void login(int seen, Attempt attempt) throws IOException {
    requireOpen();
    if (lastFailure != null && attempts.get() > seen) {
      throw lastFailure;
    }
    attempts.incrementAndGet();
    try {
      attempt.run();
    } catch (LoginFailedException e) {
      if (e.refused()) {
        refused(e.status());
      }
      lastFailure = e;
      throw e;
    } catch (IOException e) {
      lastFailure = e;
      throw e;
    }
    lastFailure = null;
    refusalsInRow = 0;
  }

  /** Fails when a refusal's hold still runs: nothing with these credentials may be sent. */
  public synchronized void requireOpen() throws LoginFailedException {
    Instant now = clock.instant();
    if (now.isBefore(heldUntil)) {
      throw new LoginFailedException(target + ": login not tried before " + heldUntil + " (login_backoff: "
          + refusalsInRow + " refused in a row, the last " + lastRefusal + ")", 401);
    }
  }

  /**
   * The target refused the credentials (401/403 to a login, or to a request carrying Basic). A
   * refusal while a hold already runs (requests that were in flight together) does not extend it.
   */
  public synchronized void refused(int status) {
    Instant now = clock.instant();
    if (now.isBefore(heldUntil)) {
      return;
    }
    int n = refusalsInRow + 1;
    refusalsInRow = n;
    Duration hold = hold(n);
    heldUntil = now.plus(hold);
    lastRefusal = "at " + now + " with HTTP " + status;
    LOG.warn("{}: login refused (HTTP {}{}); no login tried for {} (login_backoff), to spare the account a lockout",
        target, status, n > 1 ? ", " + n + " in a row" : "", Durations.format(hold));
  }

  /** A request with the credentials was answered: the next refusal starts from {@code login_backoff} again. */
  public void accepted() {
    if (refusalsInRow != 0) {
      synchronized (this) {
        refusalsInRow = 0;
      }
    }
  }

  /** The hold after the n-th refusal in a row: backoff x 2^(n-1), at most backoffMax. */
  Duration hold(int n) {
    Duration d = backoff;
    for (int i = 1; i < n && d.compareTo(backoffMax) < 0; i++) {
      d = d.multipliedBy(2);
    }
    return d.compareTo(backoffMax) > 0 ? backoffMax : d;
  }

  /** When the current hold ends (Instant.MIN when none ran yet). */
  public synchronized Instant heldUntil() {
    return heldUntil;
  }
}
