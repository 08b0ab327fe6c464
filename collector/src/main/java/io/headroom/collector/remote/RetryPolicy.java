package io.headroom.collector.remote;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Set;

/**
 * When a failed request is tried again, and after how long.
 *
 * <p>What is retried: a failure to get a response (connection refused or dropped, timeout) and
 * 429, 502, 503, 504, for requests that may be repeated (GET, HEAD, DELETE); a POST only on 429
 * and 503, where the server says it did not act on it. The wait: exponential backoff with full
 * jitter (a uniform draw below min(cap, base * 2^n), so many collectors that failed together do
 * not come back together), or on 429 and 503 the server's Retry-After (seconds or an HTTP date),
 * never longer than {@code maxRetryAfter}.
 *
 * @param retries attempts after the first
 */
public record RetryPolicy(int retries, Duration base, Duration cap, Duration maxRetryAfter) {
  public static final Duration DEFAULT_BASE = Duration.ofMillis(200);
  public static final Duration DEFAULT_CAP = Duration.ofSeconds(10);
  public static final Duration DEFAULT_MAX_RETRY_AFTER = Duration.ofSeconds(30);

  private static final Set<String> IDEMPOTENT = Set.of("GET", "HEAD", "DELETE", "PUT", "OPTIONS");

  public static RetryPolicy of(int retries) {
    return new RetryPolicy(retries, DEFAULT_BASE, DEFAULT_CAP, DEFAULT_MAX_RETRY_AFTER);
  }

  /** Whether a request that got no response may be sent again. */
  public boolean retriesFailure(String method) {
    return IDEMPOTENT.contains(method);
  }

  /** Whether a request answered with {@code status} may be sent again. */
  public boolean retriesStatus(String method, int status) {
    return switch (status) {
      case 429, 503 -> true;
      case 502, 504 -> IDEMPOTENT.contains(method);
      default -> false;
    };
  }

  /**
   * The wait before retry number {@code retry} (0 for the first): {@code random} (in [0, 1)) times
   * min(cap, base * 2^retry).
   */
  public Duration backoff(int retry, double random) {
    long ceiling = cap.toMillis();
    long grown = base.toMillis() << Math.min(retry, 30);
    if (grown > 0 && grown < ceiling) {
      ceiling = grown;
    }
    return Duration.ofMillis((long) (random * ceiling));
  }

  /**
   * The wait before retry number {@code retry} after a response of {@code status} that carried
   * {@code retryAfter} (or null): the server's word on 429 and 503, capped; else the backoff.
   */
  public Duration wait(int retry, double random, int status, String retryAfter, Instant now) {
    if (status == 429 || status == 503) {
      Duration asked = retryAfter(retryAfter, now);
      if (asked != null) {
        return asked.compareTo(maxRetryAfter) > 0 ? maxRetryAfter : asked;
      }
    }
    return backoff(retry, random);
  }

  /** A Retry-After value (delta-seconds or an HTTP date) as a wait from {@code now}; null if absent or unreadable. */
  public static Duration retryAfter(String value, Instant now) {
    if (value == null || value.isBlank()) {
      return null;
    }
    String v = value.trim();
    if (v.matches("\\d+")) {
      return Duration.ofSeconds(Long.parseLong(v));
    }
    try {
      Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      Duration d = Duration.between(now, at);
      return d.isNegative() ? Duration.ZERO : d;
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
