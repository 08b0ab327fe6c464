package io.headroom.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One Prometheus remote-write endpoint the analyzer forwards every reading it stores to
 * ({@code remote_write[i]}, docs/prometheus.md): Prometheus with
 * {@code --web.enable-remote-write-receiver}, VictoriaMetrics, Mimir, Thanos Receive.
 *
 * @param name names the endpoint in logs, metrics and the consumer group that tracks what it has
 *     been sent ({@code headroom-remote-write-NAME}); default: the URL's host and port
 * @param url where to POST (Prometheus: {@code http://HOST:9090/api/v1/write})
 * @param plaintext allows {@code http://}: the credentials would cross the network in clear
 * @param bearerTokenEnv the environment variable holding a bearer token
 * @param bearerTokenFile a file holding a bearer token (read at start; wins over the variable)
 * @param username HTTP basic: the user, with {@code password_env} or {@code password_file}
 * @param timeout per request (default 30 s)
 * @param maxBackoff the longest wait between retries of a 5xx, a 429 or no answer (default 5 s, as Prometheus)
 * @param maxSamplesPerSend samples in one request at most (default 2000, as Prometheus)
 * @param caFile a PEM file of the CA(s) that sign the endpoint's certificate, trusted instead of
 *     the JVM's trust store (a private PKI); the certificate and its host name are still verified
 * @param from who forwards to this endpoint: {@code analyzer} (default: what it stores, read from
 *     Kafka) or {@code collector} (its own scrapes, from a spool of the endpoint's own, where no
 *     analyzer runs). One of the two, never both: each would send every reading, and the second
 *     copy of a series Prometheus already has is a request refused whole if it arrives after a newer one
 */
public record RemoteWriteTarget(String name, URI url, Boolean plaintext, String bearerTokenEnv, Path bearerTokenFile,
    String username, String passwordEnv, Path passwordFile, Duration timeout, Duration maxBackoff,
    Integer maxSamplesPerSend, Path caFile, String from) {
  public static final String FROM_ANALYZER = "analyzer";
  public static final String FROM_COLLECTOR = "collector";
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(5);
  public static final int DEFAULT_MAX_SAMPLES_PER_SEND = 2000;

  public RemoteWriteTarget {
    if ((name == null || name.isBlank()) && url != null && url.getHost() != null) {
      name = (url.getHost() + (url.getPort() < 0 ? "" : "-" + url.getPort())).replaceAll("[^A-Za-z0-9_.-]", "_");
    }
    plaintext = plaintext != null && plaintext;
    timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
    maxBackoff = maxBackoff == null ? DEFAULT_MAX_BACKOFF : maxBackoff;
    maxSamplesPerSend = maxSamplesPerSend == null ? DEFAULT_MAX_SAMPLES_PER_SEND : maxSamplesPerSend;
    from = from == null ? FROM_ANALYZER : from;
  }

  /** An endpoint the analyzer forwards to (no {@code from:}). */
  public RemoteWriteTarget(String name, URI url, Boolean plaintext, String bearerTokenEnv, Path bearerTokenFile,
      String username, String passwordEnv, Path passwordFile, Duration timeout, Duration maxBackoff,
      Integer maxSamplesPerSend, Path caFile) {
    this(name, url, plaintext, bearerTokenEnv, bearerTokenFile, username, passwordEnv, passwordFile, timeout,
        maxBackoff, maxSamplesPerSend, caFile, null);
  }

  /** The analyzer forwards to this endpoint. */
  public boolean fromAnalyzer() {
    return FROM_ANALYZER.equals(from);
  }

  /** A collector forwards its own scrapes to this endpoint. */
  public boolean fromCollector() {
    return FROM_COLLECTOR.equals(from);
  }

  /** An endpoint with no credentials and the defaults. */
  public static RemoteWriteTarget of(URI url, boolean plaintext) {
    return new RemoteWriteTarget(null, url, plaintext, null, null, null, null, null, null, null, null, null, null);
  }

  /** This endpoint under another name. */
  public RemoteWriteTarget named(String other) {
    return new RemoteWriteTarget(other, url, plaintext, bearerTokenEnv, bearerTokenFile, username, passwordEnv,
        passwordFile, timeout, maxBackoff, maxSamplesPerSend, caFile, from);
  }

  /** This endpoint forwarded to by {@code who} ({@link #FROM_ANALYZER} or {@link #FROM_COLLECTOR}). */
  public RemoteWriteTarget forwardedBy(String who) {
    return new RemoteWriteTarget(name, url, plaintext, bearerTokenEnv, bearerTokenFile, username, passwordEnv,
        passwordFile, timeout, maxBackoff, maxSamplesPerSend, caFile, who);
  }

  /** Problems named by key relative to {@code remote_write[i]}; the URL is never echoed (it may carry a token). */
  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (url == null) {
      problems.add("url: must be set");
    } else {
      checkUrl(problems);
    }
    if (name != null && !name.matches("[A-Za-z0-9_.-]{1,100}")) {
      problems.add("name: letters, digits, '_', '.' and '-' only (it names a Kafka consumer group), at most 100");
    }
    boolean bearer = bearerTokenEnv != null || bearerTokenFile != null;
    boolean basic = username != null || passwordEnv != null || passwordFile != null;
    if (bearer && basic) {
      problems.add("bearer_token_env/bearer_token_file and username/password_env/password_file: choose one way to authenticate");
    }
    if (bearerTokenEnv != null && bearerTokenFile != null) {
      problems.add("bearer_token_env and bearer_token_file: give one");
    }
    if (basic && (username == null || username.isBlank())) {
      problems.add("username: must be set with password_env or password_file");
    }
    if (basic && (passwordEnv == null) == (passwordFile == null)) {
      problems.add("password_env or password_file: exactly one must be set with username");
    }
    if (timeout.isNegative() || timeout.isZero()) {
      problems.add("timeout: must be positive");
    }
    if (maxBackoff.compareTo(Duration.ofMillis(100)) < 0) {
      problems.add("max_backoff: must be at least 100ms, got " + Durations.format(maxBackoff));
    }
    if (!fromAnalyzer() && !fromCollector()) {
      problems.add("from: analyzer or collector, got '" + from + "'");
    }
    if (maxSamplesPerSend < 1 || maxSamplesPerSend > 100_000) {
      problems.add("max_samples_per_send: must be 1..100000, got " + maxSamplesPerSend);
    }
    return problems;
  }

  private void checkUrl(List<String> problems) {
    if (!"https".equals(url.getScheme()) && !"http".equals(url.getScheme()) || url.getHost() == null) {
      problems.add("url: must be an http(s) URL with a host");
    } else if ("http".equals(url.getScheme()) && !plaintext) {
      problems.add("url: is http://, which sends the readings and any credentials in clear; use https:// or set "
          + "plaintext: true");
    }
    if (caFile != null && "http".equals(url.getScheme())) {
      problems.add("ca_file: the url is http://, which has no TLS for a CA to verify; use https://");
    }
    if (url.getRawUserInfo() != null) {
      problems.add("url: must not hold credentials (user:password@ in the URL); use username and password_env");
    }
  }
}
