package io.headroom.collector.remote;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One remote device a source talks to over HTTP(S): a BMC, a storage array's REST API. Bound from
 * the testbed file (snake_case keys); absent keys arrive as null and get the defaults here. The
 * password is never a setting itself, only where to find it.
 *
 * @param url scheme, host and port ("https://idrac-r750a"); a path in it is where relative request
 *     paths start (absolute ones, like Redfish links, start at the host)
 * @param plaintext the explicit opt-in for an http:// url
 * @param passwordEnv the environment variable holding the password
 * @param passwordFile a file holding it (relative to the testbed file's directory); one trailing
 *     newline is ignored
 * @param maxConcurrency requests in flight to this target at once (BMCs fall over with more)
 * @param connectTimeout to open the connection (TCP and TLS)
 * @param readTimeout the longest wait for the next bytes
 * @param timeout the whole of one attempt: connect, send, and read the full response
 * @param retries attempts after the first, for idempotent requests and for 429/503
 * @param loginBackoff how long no login is tried after the target refused one (401, 403); doubled
 *     with each refusal in a row (see {@link LoginGate})
 * @param loginBackoffMax the longest that hold grows to
 * @param deadline the whole of one request: every attempt and every wait between them; no retry
 *     starts that would end past it, and an attempt's {@code timeout} is cut to what is left
 */
public record RemoteEndpoint(
    URI url,
    Boolean plaintext,
    String username,
    String passwordEnv,
    Path passwordFile,
    TlsSettings tls,
    Integer maxConcurrency,
    Duration connectTimeout,
    Duration readTimeout,
    Duration timeout,
    Integer retries,
    Duration loginBackoff,
    Duration loginBackoffMax,
    Duration deadline) {

  public static final int DEFAULT_MAX_CONCURRENCY = 2;
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(10);
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  public static final int DEFAULT_RETRIES = 3;
  /** A BMC locks the account after a few failed logins (iDRAC: 3 by default); one try per 30 s at most. */
  public static final Duration DEFAULT_LOGIN_BACKOFF = Duration.ofSeconds(30);
  /** Doubling stops here, so a password put right on the device is used within 10 minutes. */
  public static final Duration DEFAULT_LOGIN_BACKOFF_MAX = Duration.ofMinutes(10);
  /**
   * Two whole attempts at the default timeout: a device that trickles or freezes its answers holds
   * a request (and the scrape or capture waiting on it) a minute, not attempts x timeout + waits.
   */
  public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(60);

  public RemoteEndpoint {
    plaintext = plaintext != null && plaintext;
    tls = tls == null ? TlsSettings.VERIFIED : tls;
    maxConcurrency = maxConcurrency == null ? DEFAULT_MAX_CONCURRENCY : maxConcurrency;
    connectTimeout = connectTimeout == null ? DEFAULT_CONNECT_TIMEOUT : connectTimeout;
    readTimeout = readTimeout == null ? DEFAULT_READ_TIMEOUT : readTimeout;
    timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
    retries = retries == null ? DEFAULT_RETRIES : retries;
    loginBackoff = loginBackoff == null ? DEFAULT_LOGIN_BACKOFF : loginBackoff;
    loginBackoffMax = loginBackoffMax == null ? DEFAULT_LOGIN_BACKOFF_MAX : loginBackoffMax;
    deadline = deadline == null ? DEFAULT_DEADLINE : deadline;
  }

  /** An endpoint with the default request deadline. */
  public RemoteEndpoint(URI url, Boolean plaintext, String username, String passwordEnv, Path passwordFile,
      TlsSettings tls, Integer maxConcurrency, Duration connectTimeout, Duration readTimeout, Duration timeout,
      Integer retries, Duration loginBackoff, Duration loginBackoffMax) {
    this(url, plaintext, username, passwordEnv, passwordFile, tls, maxConcurrency, connectTimeout, readTimeout,
        timeout, retries, loginBackoff, loginBackoffMax, null);
  }

  /** An endpoint with every other setting at its default. */
  public static RemoteEndpoint of(URI url) {
    return new RemoteEndpoint(url, null, null, null, null, null, null, null, null, null, null, null, null, null);
  }

  public RemoteEndpoint withTls(TlsSettings tls) {
    return new RemoteEndpoint(url, plaintext, username, passwordEnv, passwordFile, tls, maxConcurrency,
        connectTimeout, readTimeout, timeout, retries, loginBackoff, loginBackoffMax, deadline);
  }

  public RemoteEndpoint withLogin(String username, String passwordEnv, Path passwordFile) {
    return new RemoteEndpoint(url, plaintext, username, passwordEnv, passwordFile, tls, maxConcurrency,
        connectTimeout, readTimeout, timeout, retries, loginBackoff, loginBackoffMax, deadline);
  }

  public RemoteEndpoint withPlaintext(boolean plaintext) {
    return new RemoteEndpoint(url, plaintext, username, passwordEnv, passwordFile, tls, maxConcurrency,
        connectTimeout, readTimeout, timeout, retries, loginBackoff, loginBackoffMax, deadline);
  }

  public RemoteEndpoint withLimits(int maxConcurrency, Duration connectTimeout, Duration readTimeout, Duration timeout,
      int retries) {
    return new RemoteEndpoint(url, plaintext, username, passwordEnv, passwordFile, tls, maxConcurrency,
        connectTimeout, readTimeout, timeout, retries, loginBackoff, loginBackoffMax, deadline);
  }

  /** The same endpoint with password_file and tls.ca_file made absolute against {@code baseDir}. */
  public RemoteEndpoint resolve(Path baseDir) {
    Path pw = passwordFile == null ? null : baseDir.resolve(passwordFile);
    Path ca = tls.caFile() == null ? null : baseDir.resolve(tls.caFile());
    return new RemoteEndpoint(url, plaintext, username, passwordEnv, pw,
        new TlsSettings(tls.pinSha256(), ca, tls.insecure()), maxConcurrency, connectTimeout, readTimeout, timeout,
        retries, loginBackoff, loginBackoffMax, deadline);
  }

  /** The same endpoint with another request deadline. */
  public RemoteEndpoint withDeadline(Duration deadline) {
    return new RemoteEndpoint(url, plaintext, username, passwordEnv, passwordFile, tls, maxConcurrency,
        connectTimeout, readTimeout, timeout, retries, loginBackoff, loginBackoffMax, deadline);
  }

  /** The url without anything secret in it, for messages and logs. */
  public String target() {
    return url == null ? "(no url)" : Redaction.url(url.toString());
  }

  /** Every problem, each naming its key. Messages never repeat the url (it might hold a password). */
  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (url == null) {
      problems.add("url: must be set");
    } else {
      String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(java.util.Locale.ROOT);
      if (!scheme.equals("https") && !scheme.equals("http")) {
        problems.add("url: must start with https:// (or http:// with plaintext: true)");
      } else if (scheme.equals("http") && !plaintext) {
        problems.add("url: http:// sends the credentials and the data in the clear; use https://, "
            + "or set plaintext: true to allow it");
      } else if (scheme.equals("https") && plaintext) {
        problems.add("plaintext: true contradicts an https:// url; remove one of them");
      }
      if (url.getRawUserInfo() != null) {
        problems.add("url: must not hold credentials (user:password@); use username with password_env or password_file");
      }
      if (url.getHost() == null) {
        problems.add("url: has no host");
      }
      if (scheme.equals("http") && (tls.pinned() || tls.caFile() != null || tls.insecure())) {
        problems.add("tls: has no effect on an http:// url");
      }
    }
    if (passwordEnv != null && passwordFile != null) {
      problems.add("password_env, password_file: give one, not both");
    }
    if (username != null && passwordEnv == null && passwordFile == null) {
      problems.add("password_env or password_file: needed with username");
    }
    if (passwordEnv != null && passwordEnv.isBlank()) {
      problems.add("password_env: must name an environment variable");
    }
    // keys relative to tls:, as the settings binder names a nested record's problems too
    tls.validate().forEach(p -> problems.add("tls." + p));
    if (maxConcurrency < 1) {
      problems.add("max_concurrency: must be at least 1");
    }
    positive(problems, "connect_timeout", connectTimeout);
    positive(problems, "read_timeout", readTimeout);
    positive(problems, "timeout", timeout);
    positive(problems, "deadline", deadline);
    if (retries < 0) {
      problems.add("retries: must be 0 or more");
    }
    positive(problems, "login_backoff", loginBackoff);
    if (loginBackoffMax.compareTo(loginBackoff) < 0) {
      problems.add("login_backoff_max: must be at least login_backoff");
    }
    return problems;
  }

  private static void positive(List<String> problems, String key, Duration d) {
    if (d.isNegative() || d.isZero()) {
      problems.add(key + ": must be more than zero");
    }
  }
}
