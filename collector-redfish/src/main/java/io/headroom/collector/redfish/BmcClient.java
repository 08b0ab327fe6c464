package io.headroom.collector.redfish;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteHttpException;
import io.headroom.collector.remote.RemoteRequest;
import io.headroom.collector.remote.RemoteResponse;
import io.headroom.collector.remote.RemoteStream;
import io.headroom.collector.remote.RetryPolicy;
import io.headroom.collector.remote.TokenSession;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Reads Redfish resources of one BMC as JSON through its one {@link TokenSession} ({@link BmcSession}). Every failure is a
 * {@link BmcException} naming the BMC and the path: no answer, an HTTP error, a body that is not
 * JSON or is cut short, a body over the cap, or a Redfish error object served with 200 (iDRAC does
 * that for some OEM resources). After a 429 or 503 nothing is sent until the wait is over: each
 * request in between fails at once, without touching the BMC.
 */
final class BmcClient implements Resources {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** How long to leave a busy BMC alone when it does not say (Retry-After). */
  static final Duration DEFAULT_BACKOFF = Duration.ofSeconds(30);

  private final RemoteHttpClient http;
  private final TokenSession session;
  private final Credentials credentials;
  private final Clock clock;
  /** The url with credentials masked; made once (masking is a regex), named in every message. */
  private final String target;
  private volatile Instant quietUntil = Instant.MIN;

  BmcClient(RemoteHttpClient http, Credentials credentials, Clock clock) {
    this.http = http;
    this.credentials = credentials;
    this.session = new TokenSession(http, new BmcSession(credentials));
    this.clock = clock;
    this.target = http.target();
  }

  @Override
  public String target() {
    return target;
  }

  /** The BMC's concurrency limit (max_concurrency): the most requests in flight to it at once. */
  @Override
  public int maxConcurrency() {
    return http.endpoint().maxConcurrency();
  }

  /** The resource at {@code path} as a JSON object. */
  @Override
  public JsonNode get(String path) throws BmcException {
    String where = "GET " + target() + path;
    Instant now = clock.instant();
    if (now.isBefore(quietUntil)) {
      throw new BmcException(where, "not sent, backing off until " + quietUntil + " (the BMC said busy)", 503);
    }
    RemoteResponse r;
    try {
      r = session.execute(RemoteRequest.get(path));
    } catch (BmcException e) {
      backOffIfBusy(e.busy(), null);
      throw e;
    } catch (LoginFailedException e) {
      throw new BmcException(where, reason(e), e);
    } catch (IOException e) {
      throw new BmcException(where, reason(e), e);
    }
    if (BmcBusy.is(r)) {
      backOffIfBusy(true, r.header("Retry-After"));
      throw new BmcException(where, BmcBusy.describe(r), r.status(), true);
    }
    if (!r.isSuccess()) {
      throw new BmcException(where, "HTTP " + r.status() + excerpt(r), r.status());
    }
    http.logins().accepted();
    return parse(where, r);
  }

  private void backOffIfBusy(boolean busy, String retryAfter) {
    if (!busy) {
      return;
    }
    Instant now = clock.instant();
    Duration asked = RetryPolicy.retryAfter(retryAfter, now);
    quietUntil = now.plus(asked == null || asked.isZero() ? DEFAULT_BACKOFF : asked);
  }

  /** The client's message without its own "GET url: " or "url: " prefix (ours says the same), secrets masked. */
  private String reason(IOException e) {
    String m = credentials.redaction().redact(String.valueOf(e.getMessage()));
    if (m.startsWith(target + ": ")) {
      return m.substring(target.length() + 2);
    }
    int at = m.indexOf(": ");
    return m.startsWith("GET ") && at > 0 ? m.substring(at + 2) : m;
  }

  /** The Redfish error's MessageId and message, or the start of the body. */
  private String excerpt(RemoteResponse r) {
    try {
      JsonNode error = JSON.readTree(r.body()).path("error");
      if (error.isObject()) {
        return ": " + errorText(error);
      }
    } catch (IOException | RuntimeException e) {
      // not JSON: the text itself below
    }
    String t = r.text().strip();
    return t.isEmpty() ? "" : ": " + credentials.redaction().redact(t.length() > 200 ? t.substring(0, 200) + "..." : t);
  }

  private static String errorText(JsonNode error) {
    JsonNode info = error.path("@Message.ExtendedInfo").path(0);
    String id = info.path("MessageId").asText(error.path("code").asText("?"));
    String msg = info.path("Message").asText(error.path("message").asText(""));
    return id + (msg.isEmpty() ? "" : " " + msg);
  }

  /** A 2xx answer's body as the walks get it: a JSON object, else a BmcException naming {@code where}. */
  static JsonNode parse(String where, RemoteResponse r) throws BmcException {
    JsonNode doc;
    try {
      doc = JSON.readTree(r.body());
    } catch (JsonProcessingException e) {
      throw new BmcException(where, "malformed JSON (" + e.getOriginalMessage().replaceAll("\\s+", " ") + ", "
          + r.body().length + " bytes)", -1);
    } catch (IOException e) {
      throw new BmcException(where, "unreadable body: " + e.getMessage(), -1);
    }
    if (doc == null || !doc.isObject()) {
      throw new BmcException(where, "not a JSON object", -1);
    }
    JsonNode error = doc.get("error");
    if (error != null && error.isObject() && !doc.has("@odata.id")) {
      // iDRAC answers some absent OEM resources with 200 and an error object
      throw new BmcException(where, "Redfish error " + errorText(error), 404);
    }
    return doc;
  }

  /**
   * Opens a server-sent event stream at {@code path} (with its query), authorised like any other
   * request; the caller reads and closes it. A 401/403 renews the session once. A login that
   * failed or is held is a {@link BmcException}, not the stream's own refusal: the stream is
   * tried again once the login works.
   */
  RemoteStream openStream(String path, Duration readTimeout) throws IOException {
    try {
      return openAuthorizedStream(path, readTimeout);
    } catch (LoginFailedException e) {
      throw new BmcException("GET " + target + path, reason(e), e);
    }
  }

  private RemoteStream openAuthorizedStream(String path, Duration readTimeout) throws IOException {
    RemoteRequest request = RemoteRequest.get(path).withHeader("Accept", "text/event-stream");
    TokenSession.Authorized first = session.authorize(request);
    try {
      return http.openStream(first.request(), readTimeout);
    } catch (RemoteHttpException e) {
      if ((e.status() == 401 || e.status() == 403) && session.renew(first.login(), e.status())) {
        return http.openStream(session.authorize(request).request(), readTimeout);
      }
      throw e;
    }
  }

  /** Deletes the session, then closes the connections. */
  @Override
  public void close() {
    session.closeWithClient();
  }
}
