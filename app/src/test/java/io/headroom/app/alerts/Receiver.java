package io.headroom.app.alerts;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * An alert receiver on loopback: answers each POST with the next scripted status (then 200s),
 * and keeps what it heard. It can start late, so a sender first finds nobody listening.
 */
final class Receiver implements AutoCloseable {
  /** One POST as received: when (System.nanoTime), headers (lower-case names), body. */
  record Heard(long nanos, Map<String, String> headers, String body) {}

  /** A scripted answer: the status and, for 429, the Retry-After header. */
  record Answer(int status, String retryAfter) {}

  private final int port;
  private final ConcurrentLinkedQueue<Answer> script = new ConcurrentLinkedQueue<>();
  private final List<Heard> heard = new ArrayList<>();
  private HttpServer server;

  private Receiver(int port, List<Answer> answers) {
    this.port = port;
    script.addAll(answers);
  }

  static Receiver listening(Answer... answers) throws IOException {
    Receiver r = new Receiver(freePort(), List.of(answers));
    r.start();
    return r;
  }

  /** Not listening yet: connections are refused until {@link #start()}. */
  static Receiver down() throws IOException {
    return new Receiver(freePort(), List.of());
  }

  synchronized void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
    server.createContext("/", exchange -> {
      long at = System.nanoTime();
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      Map<String, String> headers = new java.util.TreeMap<>();
      exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v.get(0)));
      synchronized (heard) {
        heard.add(new Heard(at, headers, body));
      }
      Answer a = script.poll();
      if (a != null && a.retryAfter() != null) {
        exchange.getResponseHeaders().add("Retry-After", a.retryAfter());
      }
      exchange.sendResponseHeaders(a == null ? 200 : a.status(), -1);
      exchange.close();
    });
    server.start();
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + port + "/hook");
  }

  List<Heard> heard() {
    synchronized (heard) {
      return List.copyOf(heard);
    }
  }

  /** Waits until {@code n} requests arrived (or 15 s passed) and returns what arrived. */
  List<Heard> await(int n) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 15_000;
    while (heard().size() < n && System.currentTimeMillis() < deadline) {
      Thread.sleep(20);
    }
    return heard();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 0, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Override
  public synchronized void close() {
    if (server != null) {
      server.stop(0);
    }
  }
}
