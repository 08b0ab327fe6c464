package io.headroom.collector.remote;

import io.headroom.config.Durations;
import io.headroom.config.ConfigException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import javax.net.ssl.SSLException;
import okhttp3.Call;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.Buffer;
import okio.BufferedSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP(S) client of one remote target (a BMC, an array's REST API), shared by the source's
 * threads: TLS as the endpoint says, at most max_concurrency requests in flight, timeouts, retries
 * with backoff (see {@link RetryPolicy}), and a cap on what a response may bring into memory.
 * Synchronous: a source's scrape waits for its answers anyway.
 *
 * <p>Every message names the target (credentials masked) and the path, and is passed through the
 * credentials' {@link Redaction} on the way out.
 */
public final class RemoteHttpClient implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RemoteHttpClient.class);
  private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");

  public static final long DEFAULT_MAX_BODY_BYTES = 16L << 20;

  /** Waits between attempts; tests replace it to see the waits without taking them. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;
  }

  private final RemoteEndpoint endpoint;
  private final Credentials credentials;
  private final Redaction redaction;
  private final OkHttpClient http;
  private final Semaphore permits;
  private final RetryPolicy retry;
  private final Sleeper sleeper;
  private final DoubleSupplier random;
  private final Clock clock;
  private final LoginGate logins;
  private final long maxBodyBytes;
  private final ExchangeListener exchanges;
  private final URI base;
  /** Connections go back to a pool shared with other clients: close must not empty it. */
  private final boolean sharedPool;
  /** The parsed url of each path asked for, and how messages name it: a scrape asks for the same paths each time. */
  private final Map<String, Target> targets = new ConcurrentHashMap<>();

  /** A request path resolved against the base url, and that url as messages may print it. */
  private record Target(HttpUrl url, String printable) {}

  /** Paths beyond this many are resolved on each request rather than remembered (a walk of an endless tree). */
  static final int MAX_REMEMBERED_PATHS = 1024;

  private RemoteHttpClient(Builder b) throws ConfigException {
    List<String> problems = b.endpoint.validate();
    if (!problems.isEmpty()) {
      throw new ConfigException(b.endpoint.target() + ": " + String.join("; ", problems));
    }
    endpoint = b.endpoint;
    credentials = b.credentials;
    redaction = credentials.redaction();
    permits = new Semaphore(endpoint.maxConcurrency(), true);
    retry = new RetryPolicy(endpoint.retries(), b.base, b.cap, b.maxRetryAfter);
    sleeper = b.sleeper;
    random = b.random;
    clock = b.clock;
    logins = new LoginGate(endpoint.target(), endpoint.loginBackoff(), endpoint.loginBackoffMax(), clock);
    maxBodyBytes = b.maxBodyBytes;
    exchanges = b.exchanges;
    // Relative paths start at the url's path as a directory: URI.resolve drops a last segment without "/".
    base = URI.create(endpoint.url().getRawPath().endsWith("/") ? endpoint.url().toString() : endpoint.url() + "/");
    OkHttpClient.Builder ok = new OkHttpClient.Builder()
        .connectTimeout(endpoint.connectTimeout())
        .readTimeout(endpoint.readTimeout())
        .writeTimeout(endpoint.readTimeout())
        .callTimeout(endpoint.timeout())
        // Our retry policy is the only one: OkHttp's silent retry would repeat a POST we chose not to.
        .retryOnConnectionFailure(false)
        .followRedirects(false);
    sharedPool = b.pools != null;
    if (sharedPool) {
      ok.connectionPool(b.pools.forTarget(endpoint.url()));
    }
    if (endpoint.url().getScheme().equalsIgnoreCase("https")) {
      Tls.configure(ok, endpoint.tls());
      if (endpoint.tls().insecure()) {
        b.warnings.accept("tls.insecure: accepting any certificate from " + endpoint.target()
            + "; anyone on the path can read and change this traffic (set tls.pin_sha256 instead)");
      }
    }
    http = ok.build();
  }

  public static Builder builder(RemoteEndpoint endpoint, Credentials credentials) {
    return new Builder(endpoint, credentials);
  }

  public static final class Builder {
    private final RemoteEndpoint endpoint;
    private final Credentials credentials;
    private Sleeper sleeper = d -> Thread.sleep(d.toMillis());
    private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();
    private Clock clock = Clock.systemUTC();
    private Consumer<String> warnings = LOG::warn;
    private long maxBodyBytes = DEFAULT_MAX_BODY_BYTES;
    private Duration base = RetryPolicy.DEFAULT_BASE;
    private Duration cap = RetryPolicy.DEFAULT_CAP;
    private Duration maxRetryAfter = RetryPolicy.DEFAULT_MAX_RETRY_AFTER;
    private ConnectionPools pools;
    private ExchangeListener exchanges = ExchangeListener.NONE;

    private Builder(RemoteEndpoint endpoint, Credentials credentials) {
      this.endpoint = endpoint;
      this.credentials = credentials == null ? Credentials.NONE : credentials;
    }

    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = sleeper;
      return this;
    }

    /** Draws in [0, 1) for the backoff jitter. */
    public Builder random(DoubleSupplier random) {
      this.random = random;
      return this;
    }

    /** For Retry-After given as a date, and the login hold ({@link LoginGate}). */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    /** Where warnings go (default: this class's logger at WARN). */
    public Builder warnings(Consumer<String> warnings) {
      this.warnings = warnings;
      return this;
    }

    /** The most a response body may hold (default 16 MiB). */
    public Builder maxBodyBytes(long maxBodyBytes) {
      this.maxBodyBytes = maxBodyBytes;
      return this;
    }

    /** Backoff base and cap (default 200 ms, 10 s). */
    public Builder backoff(Duration base, Duration cap) {
      this.base = base;
      this.cap = cap;
      return this;
    }

    /** The longest Retry-After obeyed; longer asks wait this long (default 30 s). */
    public Builder maxRetryAfter(Duration maxRetryAfter) {
      this.maxRetryAfter = maxRetryAfter;
      return this;
    }

    /**
     * Keeps this client's connections in one of these shared pools instead of a pool of its own
     * (for sources with many targets; see {@link ConnectionPools}).
     */
    public Builder connectionPools(ConnectionPools pools) {
      this.pools = pools;
      return this;
    }

    /** Told of each request and its final response (see {@link ExchangeListener}). */
    public Builder exchanges(ExchangeListener exchanges) {
      this.exchanges = exchanges;
      return this;
    }

    /** The client; a ConfigException if the endpoint is invalid or its CA file unreadable. */
    public RemoteHttpClient build() throws ConfigException {
      return new RemoteHttpClient(this);
    }
  }

  /** The target's url, credentials masked. */
  public String target() {
    return endpoint.target();
  }

  public RemoteEndpoint endpoint() {
    return endpoint;
  }

  /** What messages about this target mask: the password, its Basic encoding. */
  public Redaction redaction() {
    return redaction;
  }

  /** The target's logins: one at a time, and none for a while after a refusal (login_backoff). */
  public LoginGate logins() {
    return logins;
  }

  public RemoteResponse get(String path) throws IOException {
    return execute(RemoteRequest.get(path));
  }

  public RemoteResponse post(String path, String json) throws IOException {
    return execute(RemoteRequest.post(path, json));
  }

  public RemoteResponse delete(String path) throws IOException {
    return execute(RemoteRequest.delete(path));
  }

  /** As {@link #execute}, and a non-2xx answer is an exception (credentials masked in it). */
  public RemoteResponse fetch(RemoteRequest request) throws IOException {
    return execute(request).requireSuccess(redaction);
  }

  /**
   * Sends the request, retrying as the {@link RetryPolicy} allows, and returns the last response
   * whatever its status ({@link RemoteResponse#requireSuccess()} turns a non-2xx into an
   * exception). Throws when no response came after the last attempt, on a TLS refusal (not
   * retried: it will not change), and when the body is over the cap.
   */
  public RemoteResponse execute(RemoteRequest request) throws IOException {
    Target target = target(request.path());
    Request okRequest = toOkHttp(request, target.url());
    String where = request.method() + " " + target.printable();
    long deadline = System.nanoTime() + endpoint.deadline().toNanos();
    for (int attempt = 0; ; attempt++) {
      RemoteResponse response = null;
      IOException failure = null;
      acquire(where);
      try (Response r = call(okRequest, deadline).execute()) {
        response = new RemoteResponse(where, r.code(), headers(r.headers()), readBody(r, where));
      } catch (RemoteHttpException e) {
        throw e;
      } catch (SSLException e) {
        throw new RemoteHttpException(tlsMessage(where, e), e);
      } catch (IOException e) {
        failure = e;
      } finally {
        permits.release();
      }
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedIOException(where + ": interrupted");
      }
      boolean again = attempt < retry.retries() && (failure != null
          ? retry.retriesFailure(request.method())
          : retry.retriesStatus(request.method(), response.status()));
      Duration wait = !again ? Duration.ZERO : failure != null
          ? retry.backoff(attempt, random.getAsDouble())
          : retry.wait(attempt, random.getAsDouble(), response.status(), response.header("Retry-After"), clock.instant());
      boolean pastDeadline = again && System.nanoTime() + wait.toNanos() >= deadline;
      if (!again || pastDeadline) {
        if (failure != null) {
          String attempts = attempt > 0 ? (attempt + 1) + " attempts" : "1 attempt";
          throw new RemoteHttpException(where + ": " + describe(failure) + (pastDeadline
              ? " (gave up after " + attempts + ": the request's deadline " + Durations.format(endpoint.deadline())
                  + " would pass before another)"
              : attempt > 0 ? " (after " + attempts + ")" : ""), failure);
        }
        exchanges.exchanged(request, response);
        return response;
      }
      pause(wait, where);
    }
  }

  /** A call whose overall timeout is the attempt's {@code timeout}, cut to what is left of the request's deadline. */
  private Call call(Request request, long deadline) {
    Call call = http.newCall(request);
    long left = deadline - System.nanoTime();
    if (left < endpoint.timeout().toNanos()) {
      call.timeout().timeout(Math.max(left, 1_000_000L), java.util.concurrent.TimeUnit.NANOSECONDS);
    }
    return call;
  }

  /**
   * A GET whose body is left unread, for streams (server-sent events): the caller reads
   * {@link RemoteStream#source()} and closes the stream; another thread stops it by {@link RemoteStream#cancel()}. One attempt; no overall timeout
   * (a stream is long), {@code readTimeout} between bytes (zero: none); not counted against
   * max_concurrency, which would otherwise be held for the stream's whole life. A non-2xx status
   * is an exception.
   */
  public RemoteStream openStream(RemoteRequest request, Duration readTimeout) throws IOException {
    Target target = target(request.path());
    Request okRequest = toOkHttp(request, target.url());
    String where = request.method() + " " + target.printable();
    OkHttpClient streaming = http.newBuilder().callTimeout(Duration.ZERO).readTimeout(readTimeout).build();
    Call call = streaming.newCall(okRequest);
    Response r;
    try {
      r = call.execute();
    } catch (SSLException e) {
      throw new RemoteHttpException(tlsMessage(where, e), e);
    } catch (IOException e) {
      throw new RemoteHttpException(where + ": " + describe(e), e);
    }
    if (!r.isSuccessful()) {
      try (r) {
        new RemoteResponse(where, r.code(), headers(r.headers()), readBody(r, where)).requireSuccess(redaction);
      }
    }
    return new RemoteStream(r, call);
  }

  /** The path's url, parsed and made printable once (both cost more than the rest of building a request). */
  private Target target(String path) {
    Target t = targets.get(path);
    if (t != null) {
      return t;
    }
    String relative = path.startsWith("//") ? path.substring(1) : path;
    HttpUrl url = HttpUrl.get(base.resolve(relative).toString());
    t = new Target(url, Redaction.url(url.toString()));
    if (targets.size() < MAX_REMEMBERED_PATHS) {
      targets.put(path, t);
    }
    return t;
  }

  private Request toOkHttp(RemoteRequest request, HttpUrl url) {
    Request.Builder b = new Request.Builder().url(url);
    byte[] body = request.bodyBytes();
    RequestBody rb = body != null ? RequestBody.create(body, JSON)
        : request.method().equals("POST") ? RequestBody.create(new byte[0], JSON) : null;
    b.method(request.method(), rb);
    b.header("Accept", "application/json");
    request.headers().forEach(b::header);
    if (request.basicAuth()) {
      b.header("Authorization", credentials.basicAuthorization().reveal());
    }
    return b.build();
  }

  private void acquire(String where) throws InterruptedIOException {
    try {
      permits.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(where + ": interrupted waiting for a free slot");
    }
  }

  private void pause(Duration wait, String where) throws InterruptedIOException {
    try {
      sleeper.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(where + ": interrupted waiting to retry");
    }
  }

  /** Reads the body up to the cap; past it, an exception (no retry: it would be as big again). */
  private byte[] readBody(Response r, String where) throws IOException {
    var body = r.body();
    long declared = body.contentLength();
    if (declared > maxBodyBytes) {
      throw tooLarge(where, declared + " bytes declared");
    }
    BufferedSource source = body.source();
    Buffer buffer = new Buffer();
    long total = 0;
    while (total <= maxBodyBytes) {
      long n = source.read(buffer, 64 * 1024);
      if (n < 0) {
        return buffer.readByteArray();
      }
      total += n;
    }
    throw tooLarge(where, "more than that sent");
  }

  private RemoteHttpException tooLarge(String where, String what) {
    return new RemoteHttpException(where + ": response body over the " + maxBodyBytes + "-byte cap (" + what + ")", -1);
  }

  private static Map<String, List<String>> headers(Headers headers) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String name : headers.names()) {
      out.put(name.toLowerCase(Locale.ROOT), headers.values(name));
    }
    return out;
  }

  private String describe(IOException e) {
    String m = e.getMessage();
    String text = e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    if (e instanceof java.net.SocketTimeoutException) {
      text += " (connect_timeout " + Durations.format(endpoint.connectTimeout()) + ", read_timeout "
          + Durations.format(endpoint.readTimeout()) + ")";
    } else if (e instanceof InterruptedIOException && "timeout".equals(m)) {
      // OkHttp's call timeout: the whole attempt took too long (or what was left of the deadline)
      text = "no complete response within timeout " + Durations.format(endpoint.timeout());
    }
    return redaction.redact(text);
  }

  private String tlsMessage(String where, SSLException e) {
    StringBuilder m = new StringBuilder(where).append(": TLS: ");
    String reason = e.getMessage();
    // The certificate refusal is the useful part; the JDK buries it under its own wording.
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.security.cert.CertificateException && t.getMessage() != null) {
        reason = t.getMessage();
        break;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    m.append(reason);
    TlsSettings tls = endpoint.tls();
    if (!tls.pinned() && !tls.insecure()) {
      m.append("; for a device's self-signed certificate set tls.pin_sha256 to the SHA-256 above, "
          + "or tls.ca_file to the CA that signed it");
    }
    return redaction.redact(m.toString());
  }

  @Override
  public void close() {
    http.dispatcher().executorService().shutdown();
    if (!sharedPool) {
      http.connectionPool().evictAll();
    } // a shared pool's idle connections of this target close after the keep-alive
  }
}
