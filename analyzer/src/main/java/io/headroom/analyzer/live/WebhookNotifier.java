package io.headroom.analyzer.live;

import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Alert webhooks: POSTs {"testbed", "previous", "verdict"} as JSON to each URL when a run's verdict
 * changes. TLS certificates are verified (the JDK client's default; there is no switch to turn it
 * off). URLs are logged without their query string, which often carries a token.
 */
public final class WebhookNotifier implements VerdictListener {
  private static final Logger LOG = LoggerFactory.getLogger(WebhookNotifier.class);
  private final List<URI> urls;
  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final AtomicLong[] delivered;
  private final AtomicLong[] failed;

  public WebhookNotifier(List<URI> urls) {
    this.urls = List.copyOf(urls);
    this.delivered = counters(urls.size());
    this.failed = counters(urls.size());
  }

  /**
   * One URL's deliveries: answered 2xx, or failed (no answer, or any other status; not retried).
   *
   * @param label {@code webhook:HOST[:PORT]#i}, i its place in {@code alerts.webhooks}: never the
   *     path or query, which often hold a token
   */
  public record Counts(String label, long delivered, long failed) {}

  public List<Counts> counts() {
    List<Counts> out = new java.util.ArrayList<>();
    for (int i = 0; i < urls.size(); i++) {
      URI u = urls.get(i);
      out.add(new Counts("webhook:" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort()) + "#" + i,
          delivered[i].get(), failed[i].get()));
    }
    return out;
  }

  private static AtomicLong[] counters(int n) {
    AtomicLong[] out = new AtomicLong[n];
    for (int i = 0; i < n; i++) {
      out[i] = new AtomicLong();
    }
    return out;
  }

  @Override
  public void changed(String testbed, Verdict previous, Verdict current) {
    String body = "{\"testbed\":" + quote(testbed) + ",\"previous\":"
        + (previous == null ? "null" : VerdictJson.toJson(previous)) + ",\"verdict\":" + VerdictJson.toJson(current) + "}";
    for (int i = 0; i < urls.size(); i++) {
      URI url = urls.get(i);
      int index = i;
      HttpRequest request = HttpRequest.newBuilder(url).timeout(ATTEMPT_DEADLINE)
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
      statusWithin(client, request, ATTEMPT_DEADLINE).whenComplete((response, error) -> {
        if (error != null) {
          failed[index].incrementAndGet();
          LOG.warn("alert webhook {} failed: {}", redacted(url), why(error, url));
        } else if (response.statusCode() >= 300) {
          failed[index].incrementAndGet();
          LOG.warn("alert webhook {} answered HTTP {}", redacted(url), response.statusCode());
        } else {
          delivered[index].incrementAndGet();
        }
      });
    }
  }

  /** The whole of one delivery: connect, send, and the answer's status and headers. */
  static final Duration ATTEMPT_DEADLINE = Duration.ofSeconds(10);

  /**
   * Sends {@code request} and completes with the answer once its status and headers are in, or
   * exceptionally after {@code deadline} (the attempt is then cancelled). The body is not read: a
   * webhook's answer is its status, and a receiver that trickles its body a byte at a time would
   * otherwise hold the delivery for good (the JDK's request timeout ends at the headers).
   */
  public static java.util.concurrent.CompletableFuture<HttpResponse<java.io.InputStream>> statusWithin(
      HttpClient client, HttpRequest request, Duration deadline) {
    var sent = client.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
    return sent.thenApply(r -> {
      try {
        r.body().close(); // cancels the rest of the body
      } catch (java.io.IOException ignored) {
        // closing a body not read can only fail to tidy up; the status is in
      }
      return r;
    }).orTimeout(deadline.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS).whenComplete((r, e) -> {
      if (e != null) {
        sent.cancel(true);
      }
    });
  }

  /** Why a delivery to {@code url} failed, in words; the URL, were the message to hold it, cut to {@link #redacted}. */
  public static String why(Throwable error, URI url) {
    String text = why(error);
    String path = url.getRawPath() == null ? "" : url.getRawPath();
    text = text.replace(url.toString(), redacted(url));
    return path.length() > 1 ? text.replace(path, "/...") : text;
  }

  private static String why(Throwable error) {
    Throwable e = error instanceof java.util.concurrent.CompletionException && error.getCause() != null
        ? error.getCause() : error;
    if (e instanceof java.util.concurrent.TimeoutException) {
      return "no answer within " + ATTEMPT_DEADLINE.toSeconds() + " s";
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  /** Scheme, host and port: the path and query of a webhook URL often are its token (Slack's path is). */
  public static String redacted(URI url) {
    return url.getScheme() + "://" + url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort());
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
