package io.headroom.app.service;

import io.headroom.config.Durations;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits at start for a service that may be starting too (compose brings Kafka, the database and
 * Headroom up together): one line per failed attempt saying what is unreachable and how long it
 * waits, then {@link Unavailable} with one line, instead of client-library noise and a stack trace.
 */
public final class StartupWait {
  private static final Logger LOG = LoggerFactory.getLogger(StartupWait.class);
  private final Duration total;
  private final Duration every;

  /** The defaults: a minute in all, one attempt every 10 s. */
  public static final StartupWait DEFAULT = new StartupWait(Duration.ofSeconds(60), Duration.ofSeconds(10));

  public StartupWait(Duration total, Duration every) {
    this.total = total;
    this.every = every;
  }

  /**
   * Calls {@code attempt} until it returns, for at most the total wait.
   *
   * @param what names the service for a person, e.g. "Kafka at k1:9092"
   */
  public <T> T until(String what, Callable<T> attempt) throws Unavailable, InterruptedException {
    long started = System.nanoTime();
    long deadline = started + total.toNanos();
    int attempts = 0;
    while (true) {
      attempts++;
      try {
        return attempt.call();
      } catch (InterruptedException e) {
        throw e;
      } catch (Exception e) {
        String reason = reason(e);
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          // measured, not the configured wait: one attempt can outlast a short wait
          long seconds = Math.round((System.nanoTime() - started) / 1e9);
          throw new Unavailable(what + " unreachable after " + (attempts == 1 ? "1 attempt" : attempts + " attempts")
              + " in " + seconds + " s: " + reason);
        }
        long wait = Math.min(every.toNanos(), left);
        LOG.warn("{} unreachable ({}); attempt {}, trying again in {}, giving up in {}", what, reason, attempts,
            Durations.format(Duration.ofMillis(wait / 1_000_000L)), Durations.format(Duration.ofMillis(left / 1_000_000L)));
        Thread.sleep(wait / 1_000_000L);
      }
    }
  }

  /**
   * The first message in the chain, first line only: our wrappers name the target and keep the
   * cause's words ("cannot connect to jdbc:postgresql://db/x: Connection refused").
   */
  static String reason(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        return t.getMessage().lines().findFirst().orElse("");
      }
    }
    return e.getClass().getSimpleName();
  }
}
