package io.headroom.app.service;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the analyzer's background work fails loudly. A loop that must run for the life of the
 * process (ingest) completes {@link #failure()} when it dies, so the command exits non-zero and a
 * supervisor restarts it, instead of a process that is up and consumes nothing. A task that runs
 * in rounds (live verdicts) is retried next round when one round fails, and says so; an Error
 * (out of memory) is not retried.
 */
public final class Supervision {
  private static final Logger LOG = LoggerFactory.getLogger(Supervision.class);
  private final CompletableFuture<String> failure = new CompletableFuture<>();
  private final AtomicLong failedRounds = new AtomicLong();

  /** Completes with a one-line reason when a component stopped for good. */
  public CompletableFuture<String> failure() {
    return failure;
  }

  /** Rounds of periodic tasks that failed and were retried. */
  public long failedRounds() {
    return failedRounds.get();
  }

  /**
   * Wraps a loop that should run until {@code stopping} is true: if it returns or throws before
   * that, the failure is reported.
   */
  public Runnable lifelong(String name, Runnable loop, BooleanSupplier stopping) {
    return () -> {
      try {
        loop.run();
        if (!stopping.getAsBoolean()) {
          fail(name + " stopped without being asked to");
        }
      } catch (Throwable t) {
        fail(name + " stopped: " + t);
        if (t instanceof Error e) {
          throw e;
        }
      }
    };
  }

  /** Wraps a task run in rounds: a failed round is logged and retried; an Error is fatal. */
  public Runnable rounds(String name, Runnable task) {
    return () -> {
      try {
        task.run();
      } catch (RuntimeException e) {
        failedRounds.incrementAndGet();
        LOG.warn("{}: this round failed ({}); retried next round", name, e.toString());
      } catch (Error e) {
        fail(name + " stopped: " + e);
        throw e;
      }
    };
  }

  private void fail(String reason) {
    LOG.error("{}; the process should exit and be restarted", reason);
    failure.complete(reason);
  }
}
