package io.headroom.collector.remote;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server on loopback that answers every request with 200 and its headers, then one body byte
 * every {@code every} for as long as the client stays: never a whole answer, never a silence long
 * enough for a read timeout. What a BMC whose web server is stuck does.
 */
final class TricklingServer implements AutoCloseable {
  private final HttpServer server;
  private final AtomicInteger requests = new AtomicInteger();

  TricklingServer(Duration every) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "trickling-server");
      t.setDaemon(true);
      return t;
    }));
    server.createContext("/", exchange -> {
      requests.incrementAndGet();
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, 0); // chunked: no length, so no end in sight
      try (OutputStream out = exchange.getResponseBody()) {
        while (true) {
          out.write(' ');
          out.flush();
          Thread.sleep(every.toMillis());
        }
      } catch (IOException | InterruptedException gone) {
        // the client gave up
      }
    });
    server.start();
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** Requests received so far (each attempt is one). */
  int requests() {
    return requests.get();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
