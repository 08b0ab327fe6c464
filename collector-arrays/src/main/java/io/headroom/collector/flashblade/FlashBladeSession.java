package io.headroom.collector.flashblade;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.Redaction;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteHttpException;
import io.headroom.collector.remote.RemoteRequest;
import io.headroom.collector.remote.RemoteResponse;
import io.headroom.collector.remote.TokenSession;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A FlashBlade REST 2.x session, as Pure's own exporter (pure-fb-openmetrics-exporter,
 * internal/rest-client/flashblade_client.go) and py-pure-client open one: GET /api/api_version
 * lists the versions (the newest is used unless api_version names one); POST /api/login with the
 * API token in the {@code api-token} header answers with the session in the {@code x-auth-token}
 * header, sent with every later request under /api/VERSION/. A 401 means the session ended: log in
 * once more and repeat. The login, its reuse and the hold after a refused token are the shared
 * {@link TokenSession}'s; this class says how FlashBlade does each. Close logs out
 * (POST /api/logout).
 */
final class FlashBladeSession implements AutoCloseable, TokenSession.Protocol {
  static final String TOKEN_HEADER = "x-auth-token";
  /** Pages of one collection per read at most: a continuation token that never ends is refused. */
  static final int MAX_PAGES = 1000;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Credentials credentials;
  private final TokenSession session;
  private final String pinnedVersion;
  private volatile Redaction redaction;

  FlashBladeSession(RemoteHttpClient http, Credentials credentials, String apiVersion) {
    this.credentials = credentials;
    this.pinnedVersion = apiVersion;
    this.redaction = credentials.redaction();
    this.session = new TokenSession(http, this);
  }

  /**
   * Every item of a collection ({@code path} under /api/VERSION/, e.g. "hardware"), page after
   * page: a body with a continuation_token is followed by a request with that token, until a body
   * has none. A token seen twice is a loop and fails the read.
   */
  synchronized List<JsonNode> items(String path) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    String next = null;
    for (int page = 0; page < MAX_PAGES; page++) {
      JsonNode body = get(path + (next == null ? "" : (path.contains("?") ? "&" : "?") + "continuation_token="
          + URLEncoder.encode(next, StandardCharsets.UTF_8)));
      body.path("items").forEach(out::add);
      next = body.path("continuation_token").asText(null);
      if (next == null || next.isEmpty()) {
        return out;
      }
      if (!seen.add(next)) {
        throw new IOException(path + ": continuation_token " + page + " pages in repeats an earlier one: refused as a loop");
      }
    }
    throw new IOException(path + ": more than " + MAX_PAGES + " pages: refused");
  }

  private JsonNode get(String path) throws IOException {
    RemoteResponse r = session.execute(RemoteRequest.get(path));
    r.requireSuccess(redaction);
    return parse(r);
  }

  @Override
  public TokenSession.Login login(RemoteHttpClient http) throws IOException {
    String v;
    try {
      v = pinnedVersion != null ? pinnedVersion : newest(parse(http.execute(RemoteRequest.get("/api/api_version"))
          .requireSuccess(redaction)));
    } catch (IOException e) {
      throw new LoginFailedException(redaction.redact(e.getMessage()), -1);
    }
    RemoteResponse r = http.execute(RemoteRequest.post("/api/login", null)
        .withHeader("api-token", credentials.password().reveal()));
    if (!r.isSuccess()) {
      throw new LoginFailedException(redaction.redact(r.where() + ": login refused, HTTP " + r.status()
          + " (check the API token)"), r.status());
    }
    String t = r.header(TOKEN_HEADER);
    if (t == null || t.isBlank()) {
      throw new RemoteHttpException(r.where() + ": login answered without the " + TOKEN_HEADER + " header", r.status());
    }
    redaction = redaction.with(t);
    return new Login(v, t);
  }

  /** The last of {"versions": [...]} that is a 2.x version (1.x is another API). */
  static String newest(JsonNode body) throws IOException {
    String best = null;
    for (JsonNode v : body.path("versions")) {
      if (v.asText().startsWith("2.")) {
        best = v.asText();
      }
    }
    if (best == null) {
      throw new IOException("api_version lists no REST 2.x version: " + body.path("versions"));
    }
    return best;
  }

  private static JsonNode parse(RemoteResponse r) throws IOException {
    try {
      return JSON.readTree(r.body());
    } catch (JsonProcessingException e) {
      throw new IOException(r.where() + ": not JSON (" + e.getOriginalMessage() + ")");
    }
  }

  /** Logs out, then closes the connections. */
  @Override
  public void close() {
    session.closeWithClient();
  }

  /**
   * One FlashBlade session, made for one API version: a request names its path under
   * /api/VERSION/, which only the login knows, and carries the session token.
   */
  private record Login(String version, String token) implements TokenSession.Login {
    @Override
    public RemoteRequest authorize(RemoteRequest request) {
      return new RemoteRequest(request.method(), "/api/" + version + "/" + request.path(), request.headers(),
          request.body(), request.basicAuth()).withHeader(TOKEN_HEADER, token);
    }

    /** A 401 ends the session; a 403 is the token's own lack of a privilege, which a new login keeps. */
    @Override
    public TokenSession.Refusal refused(int status) {
      return status == 401 ? TokenSession.Refusal.RENEW : TokenSession.Refusal.FINAL;
    }

    /** A failure is not worth more than trying: the array times the session out by itself. */
    @Override
    public void end(RemoteHttpClient http) {
      try {
        http.execute(RemoteRequest.post("/api/logout", null).withHeader(TOKEN_HEADER, token));
      } catch (IOException | RuntimeException e) {
        // nothing else to do
      }
    }

    /** A record would print its token. */
    @Override
    public String toString() {
      return "FlashBlade session, API " + version;
    }
  }
}
