package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.LoginGate;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteRequest;
import io.headroom.collector.remote.RemoteResponse;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one login a source holds with its BMC. BMCs have few session slots (iDRAC9: a handful per
 * user, RAC0218 when they are gone) and lock accounts after failed logins, so: one Redfish session
 * made on first use and reused by every request and thread; made again only when the BMC answers
 * 401 or 403 (timed out, BMC rebooted); deleted when the source closes. A 405 on the session
 * service (older or non-DMTF services) falls back to {@code /redfish/v1/Sessions}, then to HTTP
 * Basic on every request.
 *
 * <p>A wrong password tried by every request of every scrape locks the account (iDRAC9 after 3
 * failures), so logins go through the target's {@link LoginGate}: one at a time, a request that
 * waited for one takes its outcome, and after a refusal (401/403 to the login, or to Basic) no
 * login is tried until login_backoff has passed (30 s, doubling to 10 min).
 */
final class BmcSession {
  private static final Logger LOG = LoggerFactory.getLogger(BmcSession.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  static final String TOKEN_HEADER = "X-Auth-Token";
  /** Where sessions are made, in the order tried (DMTF SessionService first). */
  static final List<String> SESSION_PATHS = List.of("/redfish/v1/SessionService/Sessions", "/redfish/v1/Sessions");

  /** How requests are authorised. */
  enum Mode { NONE, SESSION, BASIC }

  private final RemoteHttpClient http;
  private final Credentials credentials;
  private final LoginGate gate;
  private Mode mode;
  private String token;
  private String location;
  private int generation;

  BmcSession(RemoteHttpClient http, Credentials credentials) {
    this.http = http;
    this.credentials = credentials;
    this.gate = http.logins();
    this.mode = credentials.password() == null ? Mode.NONE : null;
  }

  synchronized Mode mode() {
    return mode;
  }

  /** Bumped at every login; a request remembers it so parallel 401s renew once. */
  synchronized int generation() {
    return generation;
  }

  /**
   * The request with this session's credentials, logging in first if there is no session yet (or
   * taking the outcome of the login another request began while this one waited).
   */
  RemoteRequest authorize(RemoteRequest request) throws IOException {
    int seen = gate.attempts();
    synchronized (this) {
      if (mode == null) {
        gate.login(seen, this::login);
      }
      return switch (mode) {
        case NONE -> request;
        case BASIC -> {
          gate.requireOpen(); // with Basic every request is a login
          yield request.withBasicAuth();
        }
        case SESSION -> request.withHeader(TOKEN_HEADER, token);
      };
    }
  }

  /**
   * The BMC refused a request made in login {@code seenGeneration}: log in again unless another
   * thread already did. After a 403 the old session may still hold a slot, so it is deleted first.
   */
  void renew(int seenGeneration, int status) throws IOException {
    int seen = gate.attempts();
    synchronized (this) {
      if (mode == Mode.BASIC && status == 401) {
        // nothing to renew, whichever login the request saw: the BMC refused the password itself
        gate.refused(status);
        throw new LoginFailedException(http.target() + ": HTTP Basic refused (HTTP " + status
            + "); check the username and password", status);
      }
      if (seenGeneration != generation || mode == Mode.NONE || mode == Mode.BASIC) {
        return; // renewed meanwhile; no login; a 403 with Basic is this resource's privilege
      }
      if (status == 403) {
        deleteQuietly();
      }
      token = null;
      location = null;
      mode = null;
      gate.login(seen, this::login);
    }
  }

  private void login() throws IOException {
    ObjectNode body = JSON.createObjectNode();
    body.put("UserName", credentials.username() == null ? "" : credentials.username());
    body.put("Password", credentials.password().reveal());
    for (String path : SESSION_PATHS) {
      RemoteResponse r = http.execute(RemoteRequest.post(path, body.toString()));
      if (r.status() == 405 || r.status() == 404) {
        continue; // not this way: the next path, then Basic
      }
      if (r.status() == 401 || r.status() == 403) {
        throw new LoginFailedException(r.where() + ": login refused (HTTP " + r.status()
            + "); check the username and password; no login is tried again before login_backoff has passed",
            r.status());
      }
      if (BmcBusy.is(r)) {
        throw new BmcException(r.where(), BmcBusy.describe(r), r.status());
      }
      r.requireSuccess(credentials.redaction());
      String t = r.header(TOKEN_HEADER);
      if (t == null || t.isBlank()) {
        throw new BmcException(r.where(), "session made without an " + TOKEN_HEADER + " header", r.status());
      }
      token = t;
      location = sessionPath(r);
      mode = Mode.SESSION;
      generation++;
      return;
    }
    LOG.info("{}: no Redfish session service (405); using HTTP Basic on every request", http.target());
    mode = Mode.BASIC;
    generation++;
  }

  /** The session's own path: the Location header (absolute or not), else the body's @odata.id. */
  private static String sessionPath(RemoteResponse r) throws IOException {
    String loc = r.header("Location");
    if (loc != null && !loc.isBlank()) {
      return URI.create(loc.trim()).getRawPath();
    }
    JsonNode id = JSON.readTree(r.body()).path("@odata.id");
    return id.isTextual() ? id.asText() : null;
  }

  /** Ends the session on the BMC, giving its slot back. Safe to call more than once. */
  synchronized void close() {
    deleteQuietly();
    mode = credentials.password() == null ? Mode.NONE : null;
  }

  private void deleteQuietly() {
    if (mode != Mode.SESSION || location == null) {
      return;
    }
    try {
      RemoteResponse r = http.execute(RemoteRequest.delete(location).withHeader(TOKEN_HEADER, token));
      if (!r.isSuccess() && r.status() != 401 && r.status() != 404) {
        LOG.warn("{}: deleting the session gave HTTP {}; it will time out on the BMC", http.target(), r.status());
      }
    } catch (IOException e) {
      LOG.warn("{}: could not delete the session ({}); it will time out on the BMC", http.target(), e.getMessage());
    } finally {
      token = null;
      location = null;
    }
  }
}
