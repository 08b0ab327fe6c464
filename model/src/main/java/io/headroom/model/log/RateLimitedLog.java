package io.headroom.model.log;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import org.slf4j.Logger;

/**
 * Warnings about a condition that can repeat many times a second (a full spool dropping a
 * segment every 0.4 s while the broker is away): the first is logged at once, the next ones at
 * most once per interval, and the line that is logged says how many were held back since the last
 * one, so the log shows both that it goes on and how often.
 *
 * <p>A condition is a fixed name chosen by the caller ("spool full"), not a value: each one is
 * remembered for the life of this object.
 */
public final class RateLimitedLog {
  private final Logger log;
  private final long intervalNanos;
  private final LongSupplier nanoTime;
  private final Map<String, Held> conditions = new HashMap<>();

  /** @param nanoTime a monotonic clock in nanoseconds ({@code System::nanoTime}) */
  public RateLimitedLog(Logger log, Duration interval, LongSupplier nanoTime) {
    this.log = log;
    this.intervalNanos = interval.toNanos();
    this.nanoTime = nanoTime;
  }

  public RateLimitedLog(Logger log, Duration interval) {
    this(log, interval, System::nanoTime);
  }

  /**
   * Logs at WARN unless {@code condition} was logged less than the interval ago.
   *
   * @param format and {@code args} as for SLF4J; a trailing Throwable stays the exception
   */
  public void warn(String condition, String format, Object... args) {
    log(false, condition, format, args);
  }

  /** As {@link #warn}, at ERROR. */
  public void error(String condition, String format, Object... args) {
    log(true, condition, format, args);
  }

  private void log(boolean error, String condition, String format, Object... args) {
    long heldBack;
    synchronized (conditions) {
      long now = nanoTime.getAsLong();
      Held h = conditions.get(condition);
      if (h != null && now - h.loggedAt < intervalNanos) {
        h.heldBack++;
        return;
      }
      heldBack = h == null ? 0 : h.heldBack;
      conditions.put(condition, new Held(now));
    }
    String line = heldBack == 0 ? format : format + " ({} more like this since the last one logged)";
    Object[] lineArgs = heldBack == 0 ? args : withHeldBack(args, heldBack);
    if (error) {
      log.error(line, lineArgs);
    } else {
      log.warn(line, lineArgs);
    }
  }

  /** The count goes after the message's own arguments, before a trailing Throwable. */
  private static Object[] withHeldBack(Object[] args, long heldBack) {
    boolean thrown = args.length > 0 && args[args.length - 1] instanceof Throwable;
    int plain = thrown ? args.length - 1 : args.length;
    Object[] out = new Object[args.length + 1];
    System.arraycopy(args, 0, out, 0, plain);
    out[plain] = heldBack;
    if (thrown) {
      out[plain + 1] = args[args.length - 1];
    }
    return out;
  }

  private static final class Held {
    final long loggedAt;
    long heldBack;

    Held(long loggedAt) {
      this.loggedAt = loggedAt;
    }
  }
}
