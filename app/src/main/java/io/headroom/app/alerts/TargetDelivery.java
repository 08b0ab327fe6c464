package io.headroom.app.alerts;

import io.headroom.analyzer.live.WebhookNotifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers alerts to one target, in order, on its own thread, so a receiver that is down delays
 * only its own alerts. The queue is bounded: when full, the oldest waiting alert is dropped (and
 * counted). A failed attempt (no connection, 5xx, 408, 429) is retried with doubling waits; a 429
 * waits what its Retry-After says. Other 4xx answers are final: retrying would not change them.
 * Each attempt ends within {@link #ATTEMPT_DEADLINE}: the answer is its status line and headers,
 * and a body the receiver trickles is not waited for (it once held a target's queue for minutes).
 */
final class TargetDelivery implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TargetDelivery.class);
  /** A Retry-After longer than this is not waited out in full: the alert would be stale anyway. */
  private static final Duration MAX_RETRY_AFTER = Duration.ofMinutes(5);
  /** The whole of one attempt: connect, send, and the answer's status and headers. */
  static final Duration ATTEMPT_DEADLINE = Duration.ofSeconds(10);

  /** How to retry: the first wait, the longest wait, and how many attempts in all. */
  record Retries(Duration first, Duration max, int attempts) {
    static final Retries DEFAULT = new Retries(Duration.ofSeconds(1), Duration.ofMinutes(1), 8);
  }

  private final String label;
  private final String kind;
  private final URI url;
  private final AlertFormat format;
  private final Retries retries;
  private final BlockingQueue<AlertEvent> queue;
  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final Thread thread;
  private final AtomicLong delivered = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final AtomicLong retried = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private volatile boolean running = true;
  private long lastSendNanos;

  TargetDelivery(String label, String kind, URI url, AlertFormat format, Retries retries, int capacity) {
    this.label = label;
    this.kind = kind;
    this.url = url;
    this.format = format;
    this.retries = retries;
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.thread = new Thread(this::loop, "headroom-alerts-" + label);
    thread.setDaemon(true);
    thread.start();
  }

  /** The target's type: generic, slack, alertmanager, alertmanager_webhook, pagerduty or teams. */
  String kind() {
    return kind;
  }

  String label() {
    return label;
  }

  /** Queues the alert; drops the oldest waiting one when the queue is full. */
  void offer(AlertEvent e) {
    while (!queue.offer(e)) {
      if (queue.poll() != null) {
        dropped.incrementAndGet();
        LOG.warn("alert queue of {} full: dropped the oldest alert", label);
      }
    }
  }

  long delivered() {
    return delivered.get();
  }

  long failed() {
    return failed.get();
  }

  long retried() {
    return retried.get();
  }

  long dropped() {
    return dropped.get();
  }

  int waiting() {
    return queue.size();
  }

  /**
   * Alerts in order; for a format that re-sends (Alertmanager), its standing alerts again each
   * time {@link AlertFormat#resendEvery()} has passed, between two alerts.
   */
  private void loop() {
    Duration every = format.resendEvery();
    long nextResend = every == null ? Long.MAX_VALUE : System.nanoTime() + every.toNanos();
    while (running) {
      try {
        AlertEvent e = every == null ? queue.take()
            : queue.poll(Math.max(0, nextResend - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
        if (e != null) {
          deliver(e, format.body(e));
        }
        if (every != null && System.nanoTime() - nextResend >= 0) {
          deliver(null, format.resend(java.time.Instant.now()));
          nextResend = System.nanoTime() + every.toNanos();
        }
      } catch (InterruptedException ex) {
        return;
      }
    }
  }

  /** @param e null for a re-send; @param body null when the format had nothing to send */
  private void deliver(AlertEvent e, String body) throws InterruptedException {
    if (body == null) {
      return;
    }
    Duration wait = retries.first();
    for (int attempt = 1; ; attempt++) {
      if (attempt > 1) {
        retried.incrementAndGet();
      }
      paceSends();
      Outcome o = attempt(e, body);
      lastSendNanos = System.nanoTime();
      if (o.done) {
        (o.ok ? delivered : failed).incrementAndGet();
        return;
      }
      if (attempt == retries.attempts()) {
        failed.incrementAndGet(); // the last attempt: given up at once, not after one more wait
        LOG.warn("alert to {} given up after {} attempts; the last: {}", label, attempt, o.why);
        return;
      }
      Duration pause = o.retryAfter != null ? o.retryAfter : wait;
      LOG.info("alert to {} failed ({}); attempt {} of {} in {} ms", label, o.why, attempt + 1, retries.attempts(),
          pause.toMillis());
      Thread.sleep(pause.toMillis());
      wait = wait.multipliedBy(2).compareTo(retries.max()) > 0 ? retries.max() : wait.multipliedBy(2);
    }
  }

  /**
   * At most one send per {@link AlertFormat#minInterval()} (Slack: one a second per webhook),
   * counted from the end of the previous send so the receiver sees the gap too.
   */
  private void paceSends() throws InterruptedException {
    long gap = format.minInterval().toNanos();
    long since = System.nanoTime() - lastSendNanos;
    if (lastSendNanos != 0 && since < gap) {
      Thread.sleep((gap - since) / 1_000_000 + 1);
    }
  }

  /** done: no more attempts (ok or final refusal); else why, and how long the receiver asked to wait. */
  private record Outcome(boolean done, boolean ok, String why, Duration retryAfter) {}

  private Outcome attempt(AlertEvent e, String body) throws InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(url).timeout(ATTEMPT_DEADLINE)
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
    for (Map.Entry<String, String> h : format.headers(e, body, System.currentTimeMillis() / 1000).entrySet()) {
      b.header(h.getKey(), h.getValue());
    }
    HttpResponse<?> r;
    var answer = WebhookNotifier.statusWithin(client, b.build(), ATTEMPT_DEADLINE);
    try {
      r = answer.get(); // interruptible: closing the target does not wait out an attempt
    } catch (java.util.concurrent.ExecutionException ex) {
      return new Outcome(false, false, WebhookNotifier.why(ex.getCause(), url), null);
    } catch (InterruptedException ex) {
      answer.cancel(true);
      throw ex;
    }
    int code = r.statusCode();
    if (code >= 200 && code < 300) {
      return new Outcome(true, true, null, null);
    }
    if (code == 429) {
      return new Outcome(false, false, "HTTP 429", retryAfter(r.headers().firstValue("Retry-After").orElse(null)));
    }
    if (code >= 500 || code == 408) {
      return new Outcome(false, false, "HTTP " + code, null);
    }
    LOG.warn("alert to {} refused with HTTP {}; not retried", label, code);
    return new Outcome(true, false, "HTTP " + code, null);
  }

  /** Retry-After as seconds or an HTTP date (RFC 9110); null when absent or unreadable. */
  static Duration retryAfter(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    Duration d;
    try {
      d = Duration.ofSeconds(Long.parseLong(value.trim()));
    } catch (NumberFormatException notSeconds) {
      try {
        d = Duration.between(java.time.Instant.now(),
            ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
      } catch (java.time.format.DateTimeParseException notADate) {
        return null;
      }
    }
    if (d.isNegative()) {
      return Duration.ZERO;
    }
    return d.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : d;
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.interrupt();
    thread.join(5_000);
  }
}
