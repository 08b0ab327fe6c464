package io.headroom.app.cli;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C or SIGTERM for a daemon command: the signal ends the wait, and the JVM's exit waits (up
 * to 30 s) until the command has closed what it opened (the consumer's offsets, the spool, its
 * work directory), which a plain shutdown hook would not.
 */
final class Shutdown implements AutoCloseable {
  private static final long CLEANUP_S = 30;
  private final CompletableFuture<String> signalled = new CompletableFuture<>();
  private final CountDownLatch closed = new CountDownLatch(1);
  private final Thread hook = new Thread(this::released, "headroom-shutdown");

  static Shutdown onSignal() {
    Shutdown s = new Shutdown();
    Runtime.getRuntime().addShutdownHook(s.hook);
    return s;
  }

  private void released() {
    signalled.complete(null);
    try {
      closed.await(CLEANUP_S, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits for the signal (null) or for {@code failure} (its reason), whichever comes first. */
  String awaitSignalOr(CompletableFuture<String> failure) {
    return (String) CompletableFuture.anyOf(signalled, failure).join();
  }

  @Override
  public void close() {
    closed.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down: the hook is running and has just been released
    }
  }
}
