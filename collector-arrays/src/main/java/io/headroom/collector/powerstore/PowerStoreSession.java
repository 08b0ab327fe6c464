package io.headroom.collector.powerstore;

import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.Redaction;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteHttpException;
import io.headroom.collector.remote.RemoteRequest;
import io.headroom.collector.remote.RemoteResponse;
import io.headroom.collector.remote.TokenSession;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A PowerStore REST session (Dell's REST API Developers Guide, "Managing a REST API session"): a
 * GET of login_session with HTTP Basic answers with the CSRF token in the DELL-EMC-TOKEN header
 * and the session in the auth_cookie cookie; later requests send the cookie (and the token, which
 * every request other than GET needs: metrics/generate is a POST). A 401 or 403 means the session
 * expired or was ended on the array: log in again once and repeat the request. Close logs out
 * (POST logout), so a collector restarted often does not leave sessions behind on the array.
 * The login, its reuse and the hold after a refused one are the shared {@link TokenSession}'s;
 * this class says how PowerStore does each.
 *
 * <p>The token and cookie are secrets: they are added to the redaction of every message.
 */
final class PowerStoreSession implements AutoCloseable, TokenSession.Protocol {
  static final String TOKEN_HEADER = "DELL-EMC-TOKEN";
  static final String COOKIE = "auth_cookie";
  /** Where the API lives on the array; the url names only scheme, host and port. */
  static final String REST = "/api/rest/";

  private final TokenSession session;
  private volatile Redaction redaction;
  private final AtomicLong answered = new AtomicLong();

  PowerStoreSession(RemoteHttpClient http, Credentials credentials) {
    this.redaction = credentials.redaction();
    this.session = new TokenSession(http, this);
  }

  /** The request's answer (2xx), logging in first if needed and once more after a 401 or 403. */
  RemoteResponse send(RemoteRequest request) throws IOException {
    RemoteResponse r = session.execute(request);
    r.requireSuccess(redaction);
    answered.incrementAndGet();
    return r;
  }

  /** Requests answered with a 2xx so far: a scrape that added none got no answer at all. */
  long answered() {
    return answered.get();
  }

  @Override
  public TokenSession.Login login(RemoteHttpClient http) throws IOException {
    RemoteResponse r;
    try {
      r = http.execute(RemoteRequest.get(REST + "login_session").withBasicAuth());
    } catch (IOException e) {
      // Unreachable: every other request would fail the same way, each after its own retries.
      throw new LoginFailedException(redaction.redact(e.getMessage()), -1);
    }
    if (!r.isSuccess()) {
      // 401/403: the gate holds the next login for login_backoff (arrays lock accounts)
      throw new LoginFailedException(redaction.redact(r.where() + ": login refused, HTTP " + r.status()), r.status());
    }
    String t = r.header(TOKEN_HEADER);
    String c = authCookie(r.headers().getOrDefault("set-cookie", List.of()));
    if (t == null || t.isBlank() || c == null) {
      throw new RemoteHttpException(r.where() + ": login answered without " + (t == null || t.isBlank()
          ? "the " + TOKEN_HEADER + " header" : "an " + COOKIE + " cookie"), r.status());
    }
    redaction = redaction.with(t).with(c);
    return new Login(t, c);
  }

  /** The auth_cookie value among Set-Cookie headers ("auth_cookie=V; Path=/; Secure"), or null. */
  static String authCookie(List<String> setCookies) {
    for (String header : setCookies) {
      for (String part : header.split(";")) {
        String p = part.trim();
        if (p.startsWith(COOKIE + "=")) {
          String v = p.substring(COOKIE.length() + 1);
          return v.isEmpty() ? null : v;
        }
      }
    }
    return null;
  }

  /** Ends the session on the array. */
  @Override
  public void close() {
    session.close();
  }

  Redaction redaction() {
    return redaction;
  }

  /** One PowerStore session: the token and the cookie on every request. */
  private record Login(String token, String cookie) implements TokenSession.Login {
    @Override
    public RemoteRequest authorize(RemoteRequest request) {
      return request.withHeader(TOKEN_HEADER, token).withHeader("Cookie", COOKIE + "=" + cookie);
    }

    @Override
    public TokenSession.Refusal refused(int status) {
      return TokenSession.Refusal.RENEW;
    }

    /** A failure is not worth more than trying: the array times the session out by itself (idle_timeout). */
    @Override
    public void end(RemoteHttpClient http) {
      try {
        http.execute(authorize(RemoteRequest.post(REST + "logout", null)));
      } catch (IOException | RuntimeException e) {
        // nothing else to do
      }
    }

    /** A record would print its token and cookie. */
    @Override
    public String toString() {
      return "PowerStore session";
    }
  }
}
