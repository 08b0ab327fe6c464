package io.headroom.collector.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Prometheus HTTP API on 127.0.0.1 that answers each request (path and query string, exactly)
 * with the answer a real Prometheus gave it, from an answers.jsonl file ({"request", "status",
 * "body"} a line); or, given the real server's URL, that passes each request to it and records
 * the answer. A request it has no answer for gets a 404 naming it, so a test fails saying which.
 */
final class RecordedPrometheus implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpServer server;
  private final Map<String, ObjectNode> answers = new LinkedHashMap<>();
  private final URI upstream;
  private final List<String> asked = new ArrayList<>();

  private RecordedPrometheus(URI upstream) throws IOException {
    this.upstream = upstream;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::answer);
    server.start();
  }

  static RecordedPrometheus replaying(Path answersFile) throws IOException {
    RecordedPrometheus p = new RecordedPrometheus(null);
    for (String line : Files.readAllLines(answersFile, StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        ObjectNode a = (ObjectNode) JSON.readTree(line);
        p.answers.put(a.get("request").asText(), a);
      }
    }
    return p;
  }

  static RecordedPrometheus recording(URI upstream) throws IOException {
    return new RecordedPrometheus(upstream);
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** The requests made, in order. */
  List<String> asked() {
    return asked;
  }

  void save(Path answersFile) throws IOException {
    List<String> lines = new ArrayList<>();
    for (ObjectNode a : answers.values()) {
      lines.add(JSON.writeValueAsString(a));
    }
    Files.write(answersFile, lines, StandardCharsets.UTF_8);
  }

  private synchronized void answer(HttpExchange ex) throws IOException {
    String request = ex.getRequestURI().getRawPath() + "?" + ex.getRequestURI().getRawQuery();
    asked.add(request);
    ObjectNode a = answers.get(request);
    if (a == null && upstream != null) {
      a = fetch(request);
      answers.put(request, a);
    }
    byte[] body = a == null ? ("{\"status\":\"error\",\"errorType\":\"test\",\"error\":\"no recorded answer for "
        + request.replace("\"", "'") + "\"}").getBytes(StandardCharsets.UTF_8)
        : JSON.writeValueAsBytes(a.get("body"));
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(a == null ? 404 : a.get("status").asInt(), body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  private ObjectNode fetch(String request) throws IOException {
    HttpURLConnection c = (HttpURLConnection) upstream.resolve(request).toURL().openConnection();
    int status = c.getResponseCode();
    JsonNode body;
    try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
      body = JSON.readTree(in);
    }
    ObjectNode a = JSON.createObjectNode();
    a.put("request", request);
    a.put("status", status);
    a.set("body", body);
    return a;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
