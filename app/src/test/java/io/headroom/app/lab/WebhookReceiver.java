package io.headroom.app.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/** An alert webhook endpoint that notes when each verdict change arrived (Unix seconds). */
final class WebhookReceiver implements AutoCloseable {
  /** One POST: which testbed, when it arrived, the verdict it carried. */
  record Heard(String testbed, double at, Verdict verdict) {}

  private final HttpServer server;
  private final List<Heard> heard = new ArrayList<>();

  WebhookReceiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    ObjectMapper json = new ObjectMapper();
    server.createContext("/hook", exchange -> {
      double at = System.currentTimeMillis() / 1000.0;
      try {
        JsonNode body = json.readTree(exchange.getRequestBody());
        Verdict v = VerdictJson.fromJson(body.get("verdict").toString());
        synchronized (heard) {
          heard.add(new Heard(body.path("testbed").asText(), at, v));
        }
        exchange.sendResponseHeaders(204, -1);
      } catch (RuntimeException e) {
        exchange.sendResponseHeaders(400, -1);
      } finally {
        exchange.close();
      }
    });
    server.start();
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hook");
  }

  List<Heard> of(String testbed, String run) {
    synchronized (heard) {
      return heard.stream().filter(h -> h.testbed().equals(testbed) && run.equals(h.verdict().run())).toList();
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
