package io.headroom.app.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/**
 * A line on stderr every {@code every} while something slow goes on (a device that answers
 * slowly, or not at all until its deadline), so a person sees the command is working and on what.
 * Closing it stops the lines; a quick task prints none.
 */
final class Progress implements AutoCloseable {
  private final ScheduledExecutorService timer;

  private Progress(ScheduledExecutorService timer) {
    this.timer = timer;
  }

  /** @param line the line for the seconds elapsed so far */
  static Progress every(Duration every, LongFunction<String> line, PrintWriter err) {
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "headroom-progress");
      t.setDaemon(true);
      return t;
    });
    long start = System.nanoTime();
    long ms = every.toMillis();
    timer.scheduleAtFixedRate(() -> {
      err.println(line.apply((System.nanoTime() - start) / 1_000_000_000L));
      err.flush();
    }, ms, ms, TimeUnit.MILLISECONDS);
    return new Progress(timer);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
