package io.headroom.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A stand-in for a remote device (a BMC, a storage array's REST API) in tests of remote sources:
 * serves a directory of recorded responses in the DMTF Redfish-Mockup-Creator layout (GET
 * /redfish/v1/Systems is ROOT/redfish/v1/Systems/index.json, with an optional sibling
 * headers.json), or a plain file ROOT/path or ROOT/path.json; and, set from the test while it
 * runs: latency, injected errors and faults ({@link #when}), authentication, handlers that compute
 * a body per request, streams, and a log of every request.
 *
 * <p>A request goes: log, latency, the first injection that takes it, authentication, then a
 * handler, a stream, or a file. It counts as in flight from its arrival until its response
 * starts, so a client that allows N requests at once is never seen with more than N.
 */
public final class StandinServer implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  static {
    // The JDK's server writes a response's headers and its body apart; with Nagle's algorithm on,
    // the body then waits for the client's ACK of the headers, which a client delays up to 40 ms:
    // every kept-alive answer took about 45 ms on loopback (1,000 pages: 47 s). TCP_NODELAY on the
    // accepted sockets sends both at once. The JDK reads the property once, when its first server
    // starts: a JVM that started another com.sun.net.httpserver server before keeps Nagle on.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  private final Path root;
  private final HttpServer server;
  private final ExecutorService pool;
  private final SelfSignedCertificate certificate;
  private final CountDownLatch stopping = new CountDownLatch(1);

  private final List<Injection.Rule> rules = new CopyOnWriteArrayList<>();
  private final Map<String, Duration> latencies = new ConcurrentHashMap<>();
  private final Map<String, Function<StandinRequest, StandinReply>> handlers = new ConcurrentHashMap<>();
  private final Map<String, Stream> streams = new ConcurrentHashMap<>();
  private final List<StandinRequest> log = new CopyOnWriteArrayList<>();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();
  private volatile Auth auth;

  /** Writes a stream's body a piece at a time (server-sent events, a long poll). */
  @FunctionalInterface
  public interface StreamHandler {
    void stream(StandinRequest request, Chunks out) throws IOException, InterruptedException;
  }

  /** The open body of a streamed response; each {@link #send} reaches the client at once. */
  public static final class Chunks {
    private final OutputStream out;

    Chunks(OutputStream out) {
      this.out = out;
    }

    public void send(String text) throws IOException {
      out.write(text.getBytes(StandardCharsets.UTF_8));
      out.flush();
    }
  }

  private record Stream(String contentType, StreamHandler handler) {}

  private StandinServer(Builder b) throws IOException {
    this.root = b.root == null ? null : b.root.toAbsolutePath().normalize();
    InetSocketAddress address = new InetSocketAddress(b.bind, b.port);
    if (b.tls) {
      certificate = SelfSignedCertificate.generate();
      HttpsServer https = HttpsServer.create(address, 50);
      https.setHttpsConfigurator(new HttpsConfigurator(certificate.serverContext()));
      server = https;
    } else {
      certificate = null;
      server = HttpServer.create(address, 50);
    }
    pool = Executors.newFixedThreadPool(b.threads, r -> {
      Thread t = new Thread(r, "standin");
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(pool);
    server.createContext("/", this::handle);
    server.start();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Plain HTTP on a free loopback port, serving {@code root}. */
  public static StandinServer serve(Path root) throws IOException {
    return builder().root(root).start();
  }

  public static final class Builder {
    private Path root;
    private InetAddress bind = InetAddress.getLoopbackAddress();
    private int port;
    private boolean tls;
    private int threads = 32;

    /** The recorded responses; without it only handlers, streams and injections answer. */
    public Builder root(Path root) {
      this.root = root;
      return this;
    }

    public Builder bind(InetAddress bind) {
      this.bind = bind;
      return this;
    }

    /** 0 (the default) picks a free port. */
    public Builder port(int port) {
      this.port = port;
      return this;
    }

    /** HTTPS with a freshly made self-signed certificate. */
    public Builder tls() {
      this.tls = true;
      return this;
    }

    /** Requests handled at once; more wait in the accept queue. Default 32. */
    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    public StandinServer start() throws IOException {
      return new StandinServer(this);
    }
  }

  // ---- where it is

  /** "http(s)://127.0.0.1:PORT" with no trailing slash. */
  public URI baseUri() {
    String host = server.getAddress().getAddress().getHostAddress();
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    return URI.create((certificate != null ? "https" : "http") + "://" + host + ":" + port());
  }

  public int port() {
    return server.getAddress().getPort();
  }

  /** The TLS certificate, or null for plain HTTP. */
  public SelfSignedCertificate certificate() {
    return certificate;
  }

  // ---- behaviour, set while it runs

  /** Every request waits this long first (on top of any per-prefix latency). */
  public StandinServer latency(Duration delay) {
    return latency("/", delay);
  }

  /** Requests under {@code pathPrefix} wait this long; latencies of every matching prefix add up. */
  public StandinServer latency(String pathPrefix, Duration delay) {
    latencies.put(pathPrefix, delay);
    return this;
  }

  /** Starts an injection for requests of {@code method} (null: any) under {@code pathPrefix}. */
  public Injection when(String method, String pathPrefix) {
    return new Injection(this, method, pathPrefix);
  }

  /** Removes every injection and latency. */
  public void clearInjections() {
    rules.clear();
    latencies.clear();
  }

  /** Answers {@code path} (any method) with what {@code handler} computes, per request. */
  public StandinServer handle(String path, Function<StandinRequest, StandinReply> handler) {
    handlers.put(trim(path), handler);
    return this;
  }

  /** Answers GET {@code path} with a chunked body that {@code handler} writes over time. */
  public StandinServer stream(String path, String contentType, StreamHandler handler) {
    streams.put(trim(path), new Stream(contentType, handler));
    return this;
  }

  /** Every request needs HTTP Basic with these credentials. */
  public StandinServer requireBasic(String username, String password) {
    auth = new Auth(username, password, true, null, null);
    return this;
  }

  /**
   * Every request needs a session token in {@code tokenHeader} (e.g. X-Auth-Token), made by a POST
   * to {@code sessionsPath}; with {@code basicToo}, HTTP Basic is accepted as well.
   */
  public StandinServer requireSession(
      String username, String password, String tokenHeader, String sessionsPath, boolean basicToo) {
    auth = new Auth(username, password, basicToo, tokenHeader, trim(sessionsPath));
    return this;
  }

  /** Every session token stops working, as when a BMC times sessions out. */
  public void expireSessions() {
    Auth a = auth;
    if (a != null) {
      a.expireAll();
    }
  }

  /** Sessions made and not yet ended or expired. */
  public int openSessions() {
    Auth a = auth;
    return a == null ? 0 : a.sessions();
  }

  // ---- what it saw

  /** Every request so far, in order of arrival. */
  public List<StandinRequest> requests() {
    return List.copyOf(log);
  }

  /** How many requests of {@code method} to exactly {@code path} arrived. */
  public long count(String method, String path) {
    String p = trim(path);
    return log.stream().filter(r -> r.method().equals(method) && r.path().equals(p)).count();
  }

  /** The most requests in flight at once (arrived, response not yet started). */
  public int maxConcurrent() {
    return maxInFlight.get();
  }

  /** Forgets the requests seen and the concurrency high-water mark. */
  public void clearLog() {
    log.clear();
    maxInFlight.set(inFlight.get());
  }

  @Override
  public void close() {
    stopping.countDown();
    server.stop(0);
    pool.shutdownNow();
    try {
      pool.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---- serving

  void addRule(Injection.Rule rule) {
    rules.add(rule);
  }

  /** Whether {@code path} is {@code prefix} or below it ("/" and "" are above everything). */
  static boolean under(String path, String prefix) {
    String p = trim(prefix);
    return p.equals("/") || path.equals(p) || path.startsWith(p + "/");
  }

  private static String trim(String path) {
    String p = path.startsWith("/") ? path : "/" + path;
    while (p.length() > 1 && p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p;
  }

  /** What to do with a request, decided while it counts as in flight, done after. */
  private interface Action {
    void run(HttpExchange ex) throws IOException, InterruptedException;
  }

  private void handle(HttpExchange ex) {
    try {
      Action action;
      int now = inFlight.incrementAndGet();
      maxInFlight.accumulateAndGet(now, Math::max);
      try {
        StandinRequest req = read(ex);
        log.add(req);
        action = decide(req);
      } finally {
        inFlight.decrementAndGet();
      }
      action.run(ex);
    } catch (IOException e) {
      // The client went away, or a fault closed the connection on purpose.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // A handler failed: a 500 if nothing was sent yet (else the connection just closes).
      try {
        send(ex, StandinReply.json(500, errorBody("Standin.HandlerFailed", String.valueOf(e))));
      } catch (IOException | RuntimeException ignored) {
        // already answering
      }
    } finally {
      ex.close();
    }
  }

  private static StandinRequest read(HttpExchange ex) throws IOException {
    URI uri = ex.getRequestURI();
    Map<String, List<String>> headers = new LinkedHashMap<>();
    ex.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
    byte[] body = ex.getRequestBody().readAllBytes();
    return new StandinRequest(ex.getRequestMethod(), trim(uri.getPath()), uri.getRawQuery(), Map.copyOf(headers),
        body, System.nanoTime());
  }

  private Action decide(StandinRequest req) throws InterruptedException {
    long delay = 0;
    for (Map.Entry<String, Duration> e : latencies.entrySet()) {
      if (under(req.path(), e.getKey())) {
        delay += e.getValue().toMillis();
      }
    }
    if (delay > 0) {
      Thread.sleep(delay);
    }
    for (Injection.Rule rule : rules) {
      if (rule.take(req)) {
        return fault(rule);
      }
    }
    Auth a = auth;
    StandinReply denied = a == null ? null : a.check(req);
    if (denied != null) {
      return ex -> send(ex, denied);
    }
    Function<StandinRequest, StandinReply> handler = handlers.get(req.path());
    if (handler != null) {
      StandinReply reply = handler.apply(req);
      return ex -> send(ex, reply);
    }
    Stream stream = streams.get(req.path());
    if (stream != null && req.method().equals("GET")) {
      return ex -> {
        ex.getResponseHeaders().set("Content-Type", stream.contentType());
        ex.sendResponseHeaders(200, 0);
        stream.handler().stream(req, new Chunks(ex.getResponseBody()));
      };
    }
    StandinReply file = file(req);
    return ex -> send(ex, file);
  }

  private Action fault(Injection.Rule rule) {
    return switch (rule.fault()) {
      case REPLY -> ex -> send(ex, rule.reply());
      case MALFORMED_JSON -> ex -> send(ex, StandinReply.json("{\"Id\": \"broken\", \"Members\": [{\"@odata.id\": "));
      case TRUNCATED -> ex -> {
        byte[] half = "{\"Id\": \"truncated\", \"Members\": [".getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(200, half.length * 4L);
        ex.getResponseBody().write(half);
        ex.getResponseBody().flush();
        // Closing now, short of the promised length, makes the JDK server close the connection.
      };
      case HUGE -> ex -> huge(ex, rule.size());
      case DROP -> ex -> {
        // Closing an exchange that sent no headers closes its connection: no response at all.
      };
      case HANG -> ex -> stopping.await();
    };
  }

  private static void huge(HttpExchange ex, long size) throws IOException {
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(200, size);
    OutputStream out = ex.getResponseBody();
    byte[] head = "{\"pad\":\"".getBytes(StandardCharsets.US_ASCII);
    byte[] tail = "\"}".getBytes(StandardCharsets.US_ASCII);
    long fill = size - head.length - tail.length;
    if (fill < 0) {
      out.write(new byte[(int) size]);
      return;
    }
    out.write(head);
    byte[] chunk = new byte[64 * 1024];
    java.util.Arrays.fill(chunk, (byte) 'x');
    while (fill > 0) {
      int n = (int) Math.min(chunk.length, fill);
      out.write(chunk, 0, n);
      fill -= n;
    }
    out.write(tail);
  }

  /** The recorded response for a GET or HEAD, a 404, or a 405 for other methods. */
  private StandinReply file(StandinRequest req) {
    Path found = root == null ? null : locate(req.path());
    if (found == null) {
      return StandinReply.json(404, errorBody("Base.1.0.ResourceMissingAtURI", "no resource at " + req.path()));
    }
    if (!req.method().equals("GET") && !req.method().equals("HEAD")) {
      return StandinReply.json(405, errorBody("Base.1.0.OperationNotAllowed", req.method() + " not allowed on " + req.path()))
          .withHeader("Allow", "GET, HEAD");
    }
    try {
      Map<String, String> headers = new LinkedHashMap<>();
      headers.put("Content-Type", "application/json");
      headers.putAll(recordedHeaders(found.resolveSibling("headers.json")));
      byte[] body = Files.readAllBytes(found);
      return new StandinReply(200, headers, req.method().equals("HEAD") ? new byte[0] : body);
    } catch (IOException e) {
      return StandinReply.json(500, errorBody("Standin.Unreadable", "cannot read " + root.relativize(found)));
    }
  }

  private Path locate(String path) {
    Path p = root.resolve(path.substring(1)).normalize();
    if (!p.startsWith(root)) {
      return null;
    }
    List<Path> candidates = new ArrayList<>(List.of(p.resolve("index.json"), p));
    if (p.getFileName() != null) {
      candidates.add(p.resolveSibling(p.getFileName() + ".json"));
    }
    for (Path c : candidates) {
      if (Files.isRegularFile(c)) {
        return c;
      }
    }
    return null;
  }

  /** The GET headers of the mockup layout's headers.json: {"GET": {"Content-Type": ..., ...}}. */
  private static Map<String, String> recordedHeaders(Path file) throws IOException {
    Map<String, String> headers = new LinkedHashMap<>();
    if (!Files.isRegularFile(file)) {
      return headers;
    }
    JsonNode forMethod = JSON.readTree(file.toFile()).get("GET");
    if (forMethod != null) {
      for (Iterator<Map.Entry<String, JsonNode>> it = forMethod.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        // The capture's framing is not ours to repeat: the server frames what it sends.
        if (!e.getKey().equalsIgnoreCase("Content-Length") && !e.getKey().equalsIgnoreCase("Transfer-Encoding")) {
          headers.put(e.getKey(), e.getValue().asText());
        }
      }
    }
    return headers;
  }

  private static String errorBody(String code, String message) {
    return "{\"error\":{\"code\":" + quote(code) + ",\"message\":" + quote(message) + "}}";
  }

  private static String quote(String s) {
    try {
      return JSON.writeValueAsString(s);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void send(HttpExchange ex, StandinReply reply) throws IOException {
    reply.headers().forEach((k, v) -> ex.getResponseHeaders().set(k, v));
    boolean empty = reply.body().length == 0 || ex.getRequestMethod().equals("HEAD") || reply.status() == 204;
    ex.sendResponseHeaders(reply.status(), empty ? -1 : reply.body().length);
    if (!empty) {
      ex.getResponseBody().write(reply.body());
    }
  }
}
