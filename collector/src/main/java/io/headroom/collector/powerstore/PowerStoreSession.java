package io.headroom.collector.powerstore;

import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.LoginGate;
import io.headroom.collector.remote.Redaction;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteHttpException;
import io.headroom.collector.remote.RemoteRequest;
import io.headroom.collector.remote.RemoteResponse;
import java.io.IOException;
import java.util.List;

/**
 * A PowerStore REST session (Dell's REST API Developers Guide, "Managing a REST API session"): a
 * GET of login_session with HTTP Basic answers with the CSRF token in the DELL-EMC-TOKEN header
 * and the session in the auth_cookie cookie; later requests send the cookie (and the token, which
 * every request other than GET needs: metrics/generate is a POST). A 401 or 403 means the session
 * expired or was ended on the array: log in again once and repeat the request. Close logs out
 * (POST logout), so a collector restarted often does not leave sessions behind on the array.
 * Logins go through the target's {@link LoginGate}: after a refused one (401, 403) none is tried
 * until login_backoff has passed, since arrays lock an account after repeated failed logins.
 *
 * <p>The token and cookie are secrets: they are added to the redaction of every message.
 */
final class PowerStoreSession implements AutoCloseable {
  static final String TOKEN_HEADER = "DELL-EMC-TOKEN";
  static final String COOKIE = "auth_cookie";
  /** Where the API lives on the array; the url names only scheme, host and port. */
  static final String REST = "/api/rest/";

  private final RemoteHttpClient http;
  private final LoginGate gate;
  private Redaction redaction;
  private String token;
  private String cookie;
  private int logins;
  private long answered;

  PowerStoreSession(RemoteHttpClient http, Credentials credentials) {
    this.http = http;
    this.gate = http.logins();
    this.redaction = credentials.redaction();
  }

  /** The request's answer (2xx), logging in first if needed and once more after a 401 or 403. */
  RemoteResponse send(RemoteRequest request) throws IOException {
    int seen = gate.attempts();
    synchronized (this) {
      if (token == null) {
        gate.login(seen, this::login);
      }
      RemoteResponse r = http.execute(authenticated(request));
      if (r.status() == 401 || r.status() == 403) {
        token = null;
        gate.login(gate.attempts(), this::login);
        r = http.execute(authenticated(request));
      }
      r.requireSuccess(redaction);
      answered++;
      return r;
    }
  }

  /** Requests answered with a 2xx so far: a scrape that added none got no answer at all. */
  synchronized long answered() {
    return answered;
  }

  /** How many times this session logged in (1 unless the array ended a session). */
  synchronized int logins() {
    return logins;
  }

  private RemoteRequest authenticated(RemoteRequest request) {
    return request.withHeader(TOKEN_HEADER, token).withHeader("Cookie", COOKIE + "=" + cookie);
  }

  private void login() throws IOException {
    token = null;
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
    token = t;
    cookie = c;
    redaction = redaction.with(t).with(c);
    logins++;
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

  /** Ends the session on the array; a failure is not worth more than trying. */
  @Override
  public synchronized void close() {
    if (token == null) {
      return;
    }
    try {
      http.execute(authenticated(RemoteRequest.post(REST + "logout", null)));
    } catch (IOException | RuntimeException e) {
      // The array times the session out by itself (idle_timeout); nothing else to do.
    } finally {
      token = null;
    }
  }

  Redaction redaction() {
    return redaction;
  }
}
