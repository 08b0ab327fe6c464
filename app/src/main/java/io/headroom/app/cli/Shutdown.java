package io.headroom.app.cli;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C or SIGTERM for a daemon command: the signal ends the wait, and the JVM's exit waits (up
 * to 30 s) until the command has closed what it opened (the consumer's offsets, the spool, its
 * work directory), which a plain shutdown hook would not. A signal that comes while the command
 * is still starting (waiting for Kafka or the database, or the demo's benchmark) interrupts the
 * thread that made this, so the command stops at once rather than when the wait ends.
 */
final class Shutdown implements AutoCloseable {
  private static final long CLEANUP_S = 30;
  private final CompletableFuture<String> signalled = new CompletableFuture<>();
  private final CountDownLatch closed = new CountDownLatch(1);
  private final Thread hook = new Thread(this::released, "headroom-shutdown");
  private final Thread owner;
  private final Runnable onSignal;
  /** Set once the command waits for the signal: from then on the signal only ends that wait. */
  private boolean running;

  private Shutdown(Thread owner, Runnable onSignal) {
    this.owner = owner;
    this.onSignal = onSignal;
  }

  static Shutdown onSignal() {
    return onSignal(() -> { });
  }

  /**
   * @param onSignal run first when the signal comes: what an interrupt cannot stop (a read of a
   *     child process's output blocks until the child ends)
   */
  static Shutdown onSignal(Runnable onSignal) {
    Shutdown s = new Shutdown(Thread.currentThread(), onSignal);
    Runtime.getRuntime().addShutdownHook(s.hook);
    return s;
  }

  /** Whether Ctrl-C or SIGTERM came. */
  boolean signalled() {
    return signalled.isDone();
  }

  /**
   * What a command does with a failure of its start: when it is the signal's interrupt (or what a
   * library made of it), one line on stderr and exit 0 (a stop asked for); otherwise the failure.
   * Clears the interrupt, so what the command closes next is not cut short too.
   */
  int stoppedWhileStarting(String command, String waitingFor, Exception e) throws Exception {
    if (!signalled()) {
      throw e;
    }
    Thread.interrupted();
    System.err.println("headroom " + command + ": stopped by a signal while " + waitingFor);
    return ExitCodes.OK;
  }

  private void released() {
    signalled.complete(null);
    try {
      onSignal.run();
    } catch (RuntimeException e) {
      System.err.println("headroom: on stopping: " + e);
    }
    synchronized (this) {
      if (!running) {
        owner.interrupt(); // still starting: stop waiting for what it waits for
      }
    }
    try {
      closed.await(CLEANUP_S, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits for the signal (null) or for {@code failure} (its reason), whichever comes first. */
  String awaitSignalOr(CompletableFuture<String> failure) {
    synchronized (this) {
      running = true;
    }
    Thread.interrupted(); // a signal that came as it got here interrupted it: the wait below sees the signal
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
