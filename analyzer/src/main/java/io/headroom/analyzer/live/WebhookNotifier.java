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
      HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10))
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
      client.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((response, error) -> {
        if (error != null) {
          failed[index].incrementAndGet();
          LOG.warn("alert webhook {} failed: {}", redacted(url), error.getMessage());
        } else if (response.statusCode() >= 300) {
          failed[index].incrementAndGet();
          LOG.warn("alert webhook {} answered HTTP {}", redacted(url), response.statusCode());
        } else {
          delivered[index].incrementAndGet();
        }
      });
    }
  }

  static String redacted(URI url) {
    return url.getScheme() + "://" + url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort()) + url.getPath();
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
