package io.headroom.standin.arrays;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinRequest;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A PowerStore REST API (/api/rest) on the shared stand-in server, written from Dell's PowerStore
 * REST API Developers Guide and reference (sessions, paging, metrics/generate) and the field names
 * of Dell's SDKs (gopowerstore, PyPowerStore, the Ansible collection's test data); see
 * docs/array-standins.md. It serves an array described by one JSON file:
 *
 * <pre>
 * {"username": "...", "password": "...",
 *  "resources": {"appliance": [...], "node": [...], "fc_port": [...], "eth_port": [...],
 *                "host": [...], "host_volume_mapping": [...], "volume": [...]},
 *  "metrics": {"performance_metrics_by_node/N1": [[rows the 1st request sees], [rows added for the 2nd], ...]},
 *  "faults": [{"method": "GET", "path": "/api/rest/fc_port", "status": 500}]}
 * </pre>
 *
 * Sessions: GET login_session with HTTP Basic answers 200 with a DELL-EMC-TOKEN header and an
 * auth_cookie cookie; every other request needs the cookie, and requests other than GET the token
 * too (Dell's CSRF rule; a missing token is 403); a stale or missing cookie is 401; POST logout
 * ends the session (204). Collections honour select (a field list or *), limit (default 100, at
 * most 2000, 0 or less is 416) and offset, answering 206 with Content-Range when cut. A metrics
 * series answers, on its n-th request, the rows of its first n batches (the last batch again once
 * they run out), so a scrape sees the array's newer intervals appear.
 */
public final class PowerStoreStandin {
  static final String REST = "/api/rest/";
  static final List<String> RESOURCES = List.of("appliance", "node", "fc_port", "eth_port", "host",
      "host_volume_mapping", "volume");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final JsonNode array;
  private final Map<String, String> sessions = new ConcurrentHashMap<>(); // cookie -> token
  private final Map<String, AtomicInteger> seriesRequests = new ConcurrentHashMap<>();
  private final AtomicInteger logins = new AtomicInteger();
  private final AtomicInteger logouts = new AtomicInteger();
  private final SecureRandom random = new SecureRandom();

  private PowerStoreStandin(JsonNode array) {
    this.array = array;
  }

  /** The stand-in serving the array described in {@code input/array.json}, on a free loopback port. */
  public static StandinServer serve(Path input) throws IOException {
    return serve(JSON.readTree(input.resolve("array.json").toFile()), StandinServer.builder().start()).server;
  }

  /** A running stand-in and its array, for tests that look inside. */
  public record Running(StandinServer server, PowerStoreStandin array) implements AutoCloseable {
    @Override
    public void close() {
      server.close();
    }
  }

  public static Running serve(JsonNode array, StandinServer server) {
    PowerStoreStandin ps = new PowerStoreStandin(array);
    server.handle(REST + "login_session", ps::login);
    server.handle(REST + "logout", ps.authenticated(ps::logout));
    for (String r : RESOURCES) {
      server.handle(REST + r, ps.authenticated(req -> ps.collection(r, req)));
    }
    server.handle(REST + "metrics/generate", ps.authenticated(ps::metrics));
    for (JsonNode f : array.path("faults")) {
      server.when(f.path("method").asText(null), f.path("path").asText()).reply(f.path("status").asInt(500));
    }
    return new Running(server, ps);
  }

  public static Running serve(JsonNode array) throws IOException {
    return serve(array, StandinServer.builder().start());
  }

  /** Ends every session, as the array does after idle_timeout or a restart of its management. */
  public void expireSessions() {
    sessions.clear();
  }

  public int logins() {
    return logins.get();
  }

  public int logouts() {
    return logouts.get();
  }

  public int openSessions() {
    return sessions.size();
  }

  // ---- sessions

  private StandinReply login(StandinRequest req) {
    if (!req.method().equals("GET")) {
      return error(405, "0xE04040030001", "login_session supports GET only");
    }
    String expected = "Basic " + Base64.getEncoder().encodeToString(
        (array.path("username").asText() + ":" + array.path("password").asText()).getBytes(StandardCharsets.UTF_8));
    if (!expected.equals(req.header("Authorization"))) {
      return error(401, "0xE09010010001", "Authentication failed");
    }
    String cookie = hex(16);
    String token = hex(16);
    sessions.put(cookie, token);
    logins.incrementAndGet();
    String body = "[{\"id\":\"" + hex(8) + "\",\"user\":{\"id\":\"7\",\"name\":\"" + array.path("username").asText()
        + "\"},\"role_ids\":[\"5\"],\"idle_timeout\":3600,\"is_password_change_required\":false,\"is_built_in_user\":false}]";
    return StandinReply.json(200, body)
        .withHeader("DELL-EMC-TOKEN", token)
        .withHeader("Set-Cookie", "auth_cookie=" + cookie + "; Path=/; Secure; HttpOnly");
  }

  private StandinReply logout(StandinRequest req) {
    if (!req.method().equals("POST")) {
      return error(405, "0xE04040030001", "logout supports POST only");
    }
    sessions.remove(cookie(req));
    logouts.incrementAndGet();
    return new StandinReply(204, Map.of(), new byte[0]);
  }

  /** The handler behind a session check: 401 without a live cookie, 403 without the CSRF token. */
  private Function<StandinRequest, StandinReply> authenticated(Function<StandinRequest, StandinReply> handler) {
    return req -> {
      String token = sessions.get(String.valueOf(cookie(req)));
      if (token == null) {
        return error(401, "0xE09010010001", "Authentication required");
      }
      if (!req.method().equals("GET") && !token.equals(req.header("DELL-EMC-TOKEN"))) {
        return error(403, "0xE09010010004", "Invalid or missing CSRF token");
      }
      return handler.apply(req);
    };
  }

  private static String cookie(StandinRequest req) {
    String h = req.header("Cookie");
    if (h == null) {
      return null;
    }
    for (String part : h.split(";")) {
      String p = part.trim();
      if (p.startsWith("auth_cookie=")) {
        return p.substring("auth_cookie=".length());
      }
    }
    return null;
  }

  // ---- collections

  private StandinReply collection(String resource, StandinRequest req) {
    if (!req.method().equals("GET")) {
      return error(405, "0xE04040030001", resource + ": only GET is served here");
    }
    Map<String, String> q = query(req.query());
    int limit = q.containsKey("limit") ? Integer.parseInt(q.get("limit")) : 100;
    if (limit <= 0) {
      return error(416, "0xE04040010006", "Range Not Satisfiable");
    }
    limit = Math.min(limit, 2000);
    int offset = q.containsKey("offset") ? Integer.parseInt(q.get("offset")) : 0;
    JsonNode all = array.path("resources").path(resource);
    int total = all.size();
    ArrayNode page = JSON.createArrayNode();
    for (int i = offset; i < Math.min(total, offset + limit); i++) {
      page.add(select(all.get(i), q.getOrDefault("select", "id")));
    }
    StandinReply reply = StandinReply.json(offset + page.size() < total || offset > 0 && total > 0 ? 206 : 200,
        page.toString());
    if (reply.status() == 206) {
      reply = reply.withHeader("Content-Range", offset + "-" + (offset + page.size() - 1) + "/" + total);
    }
    return reply;
  }

  /** The instance with only the selected fields ("*": all), as the API's select parameter does. */
  private static JsonNode select(JsonNode instance, String select) {
    if (select.equals("*")) {
      return instance;
    }
    ObjectNode out = JSON.createObjectNode();
    for (String f : select.split(",")) {
      String field = f.trim();
      if (instance.has(field)) {
        out.set(field, instance.get(field));
      }
    }
    return out;
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new LinkedHashMap<>();
    if (raw == null) {
      return q;
    }
    for (String pair : raw.split("&")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        q.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
      }
    }
    return q;
  }

  // ---- metrics

  private StandinReply metrics(StandinRequest req) {
    if (!req.method().equals("POST")) {
      return error(405, "0xE04040030001", "metrics/generate supports POST only");
    }
    JsonNode body;
    try {
      body = JSON.readTree(req.body());
    } catch (IOException e) {
      return error(400, "0xE04040010001", "request body is not JSON");
    }
    String key = body.path("entity").asText() + "/" + body.path("entity_id").asText();
    JsonNode batches = array.path("metrics").path(key);
    if (!batches.isArray()) {
      return error(404, "0xE04040020009", "Instance with id " + body.path("entity_id").asText() + " was not found.");
    }
    int n = seriesRequests.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    ArrayNode rows = JSON.createArrayNode();
    for (int i = 0; i < Math.min(n, batches.size()); i++) {
      batches.get(i).forEach(rows::add);
    }
    return StandinReply.json(rows.toString());
  }

  // ---- helpers

  /** Dell's error body: {"messages": [{"code", "severity", "message_l10n"}]}. */
  private static StandinReply error(int status, String code, String message) {
    ObjectNode m = JSON.createObjectNode();
    m.put("code", code);
    m.put("severity", "Error");
    m.put("message_l10n", message);
    ObjectNode body = JSON.createObjectNode();
    body.putArray("messages").add(m);
    return StandinReply.json(status, body.toString());
  }

  private String hex(int bytes) {
    byte[] b = new byte[bytes];
    random.nextBytes(b);
    return HexFormat.of().formatHex(b);
  }
}
