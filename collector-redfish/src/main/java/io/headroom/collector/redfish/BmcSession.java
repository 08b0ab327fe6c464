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
import io.headroom.collector.remote.TokenSession;
import io.headroom.collector.remote.TokenSession.Login;
import io.headroom.collector.remote.TokenSession.Refusal;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a source logs in to its BMC, for the one {@link TokenSession} it holds: BMCs have few
 * session slots (iDRAC9: a handful per user, RAC0218 when they are gone), so a Redfish session is
 * made once and reused by every request. A 405 on the session service (older or non-DMTF
 * services) falls back to {@code /redfish/v1/Sessions}, then to HTTP Basic on every request.
 * After a 403 the old session may still hold a slot, so it is deleted before the next login.
 *
 * <p>A wrong password tried by every request of every scrape locks the account (iDRAC9 after 3
 * failures): with Basic every request is a login, so each one first asks the target's
 * {@link LoginGate} whether a refusal's hold still runs.
 */
final class BmcSession implements TokenSession.Protocol {
  private static final Logger LOG = LoggerFactory.getLogger(BmcSession.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  static final String TOKEN_HEADER = "X-Auth-Token";
  /** Where sessions are made, in the order tried (DMTF SessionService first). */
  static final List<String> SESSION_PATHS = List.of("/redfish/v1/SessionService/Sessions", "/redfish/v1/Sessions");

  private final Credentials credentials;

  BmcSession(Credentials credentials) {
    this.credentials = credentials;
  }

  @Override
  public Login login(RemoteHttpClient http) throws IOException {
    if (credentials.password() == null) {
      return new Anonymous();
    }
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
        throw new BmcException(r.where(), BmcBusy.describe(r), r.status(), true);
      }
      r.requireSuccess(credentials.redaction());
      String t = r.header(TOKEN_HEADER);
      if (t == null || t.isBlank()) {
        throw new BmcException(r.where(), "session made without an " + TOKEN_HEADER + " header", r.status());
      }
      return new Session(t, sessionPath(r));
    }
    LOG.info("{}: no Redfish session service (405); using HTTP Basic on every request", http.target());
    return new Basic(http);
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

  /** No password configured: requests go as they are, and a refusal is the BMC's answer. */
  private static final class Anonymous implements Login {
    @Override
    public RemoteRequest authorize(RemoteRequest request) {
      return request;
    }

    @Override
    public Refusal refused(int status) {
      return Refusal.FINAL;
    }

    @Override
    public void end(RemoteHttpClient http) {
      // nothing was made on the BMC
    }
  }

  /** HTTP Basic on every request, for a BMC without a session service. */
  private static final class Basic implements Login {
    private final LoginGate gate;
    private final String target;

    Basic(RemoteHttpClient http) {
      this.gate = http.logins();
      this.target = http.target();
    }

    @Override
    public RemoteRequest authorize(RemoteRequest request) throws IOException {
      gate.requireOpen(); // with Basic every request is a login
      return request.withBasicAuth();
    }

    @Override
    public Refusal refused(int status) throws IOException {
      if (status == 401) {
        // nothing to renew: the BMC refused the password itself
        gate.refused(status);
        throw new LoginFailedException(target + ": HTTP Basic refused (HTTP " + status
            + "); check the username and password", status);
      }
      return Refusal.REPEAT; // a 403 with Basic is this resource's privilege
    }

    @Override
    public void end(RemoteHttpClient http) {
      // nothing was made on the BMC
    }
  }

  /** A Redfish session: its token on every request, deleted where the BMC said it is. */
  private record Session(String token, String location) implements Login {
    /** A record would print its token. */
    @Override
    public String toString() {
      return "Redfish session " + location;
    }

    @Override
    public RemoteRequest authorize(RemoteRequest request) {
      return request.withHeader(TOKEN_HEADER, token);
    }

    @Override
    public Refusal refused(int status) {
      return status == 403 ? Refusal.END_AND_RENEW : Refusal.RENEW;
    }

    @Override
    public void end(RemoteHttpClient http) {
      if (location == null) {
        return; // nowhere to delete it: it times out on the BMC
      }
      try {
        RemoteResponse r = http.execute(RemoteRequest.delete(location).withHeader(TOKEN_HEADER, token));
        if (!r.isSuccess() && r.status() != 401 && r.status() != 404) {
          LOG.warn("{}: deleting the session gave HTTP {}; it will time out on the BMC", http.target(), r.status());
        }
      } catch (IOException e) {
        LOG.warn("{}: could not delete the session ({}); it will time out on the BMC", http.target(), e.getMessage());
      }
    }
  }
}
