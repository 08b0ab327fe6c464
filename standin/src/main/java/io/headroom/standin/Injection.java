package io.headroom.standin;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An error or fault to give instead of the normal answer, for requests of one method (or any)
 * under one path prefix, the next N times or always. Made by {@link StandinServer#when}; the
 * terminal call ({@link #reply}, {@link #drop}, ...) puts it in force. The first injection in
 * force that matches a request takes it.
 */
public final class Injection {
  /** What happens to a request an injection takes. */
  enum Fault { REPLY, MALFORMED_JSON, TRUNCATED, HUGE, DROP, HANG }

  private final StandinServer server;
  private final String method;
  private final String pathPrefix;
  private int times = -1;

  Injection(StandinServer server, String method, String pathPrefix) {
    this.server = server;
    this.method = method;
    this.pathPrefix = pathPrefix;
  }

  /** Only the next {@code n} matching requests; without it, every one. */
  public Injection times(int n) {
    this.times = n;
    return this;
  }

  public void reply(int status, Map<String, String> headers, String body) {
    add(Fault.REPLY, new StandinReply(status, headers, body.getBytes(StandardCharsets.UTF_8)), 0);
  }

  /** A status with a small JSON error body. */
  public void reply(int status) {
    reply(status, Map.of("Content-Type", "application/json"),
        "{\"error\":{\"code\":\"Standin.Injected\",\"message\":\"injected status " + status + "\"}}");
  }

  /** 200 with a JSON body that does not parse (it ends inside an array). */
  public void malformedJson() {
    add(Fault.MALFORMED_JSON, null, 0);
  }

  /** A Content-Length larger than what is sent, then the connection closes. */
  public void truncated() {
    add(Fault.TRUNCATED, null, 0);
  }

  /** 200 with a body of exactly {@code bytes} bytes (a JSON object with one long string). */
  public void huge(long bytes) {
    add(Fault.HUGE, null, bytes);
  }

  /** The connection closes with no response at all. */
  public void drop() {
    add(Fault.DROP, null, 0);
  }

  /** No response, ever: the request is held until the stand-in stops. */
  public void hang() {
    add(Fault.HANG, null, 0);
  }

  private void add(Fault fault, StandinReply reply, long size) {
    server.addRule(new Rule(method, pathPrefix, new AtomicInteger(times), fault, reply, size));
  }

  /** An injection in force; {@code remaining} below zero means always. */
  record Rule(String method, String pathPrefix, AtomicInteger remaining, Fault fault, StandinReply reply, long size) {
    /** Takes the request if it matches and the rule has uses left. */
    boolean take(StandinRequest req) {
      if ((method != null && !method.equalsIgnoreCase(req.method())) || !StandinServer.under(req.path(), pathPrefix)) {
        return false;
      }
      while (true) {
        int left = remaining.get();
        if (left < 0) {
          return true;
        }
        if (left == 0) {
          return false;
        }
        if (remaining.compareAndSet(left, left - 1)) {
          return true;
        }
      }
    }
  }
}
