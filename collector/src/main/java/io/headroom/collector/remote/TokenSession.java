package io.headroom.collector.remote;

import java.io.IOException;

/**
 * The one login a source holds with a device that hands out session tokens (a BMC's Redfish
 * session, a PowerStore or FlashBlade REST session): made on first use and shared by every
 * request and thread, made again only when the device says the session ended, ended on the
 * device when the source closes. Devices have few session slots and lock accounts after failed
 * logins, so every login goes through the target's {@link LoginGate}: one at a time, a request
 * that waited for one takes its outcome, and none is tried within the hold after a refusal.
 *
 * <p>What differs between devices (how to log in, what to send with a request, which refusal
 * ends a session, how to log out) is the device's {@link Protocol} and the {@link Login} it
 * returns; this class holds the order of things, which is the same for all of them.
 */
public final class TokenSession {
  /** What a device said when a request made under a login was refused (401 or 403). */
  public enum Refusal {
    /** The session ended (timed out, device rebooted): log in again and repeat the request. */
    RENEW,
    /** As RENEW, but the old session may still hold one of the device's few slots: end it first. */
    END_AND_RENEW,
    /** No new login would change it (the refusal is the resource's own): repeat the request as it is. */
    REPEAT,
    /** The login cannot be renewed (there is none): the refusal is the answer. */
    FINAL
  }

  /** One login's outcome: how it authorises requests and how it is ended. */
  public interface Login {
    /** The request with this login's credentials; may fail when nothing may be sent (a hold). */
    RemoteRequest authorize(RemoteRequest request) throws IOException;

    /** What a refusal with {@code status} (401 or 403) of a request under this login means. */
    Refusal refused(int status) throws IOException;

    /** Ends the login on the device; a failure is only worth a log line, the device times it out. */
    void end(RemoteHttpClient http);
  }

  /** How a device is logged in to; throws a refused {@link LoginFailedException} on 401/403. */
  @FunctionalInterface
  public interface Protocol {
    Login login(RemoteHttpClient http) throws IOException;
  }

  private final RemoteHttpClient http;
  private final LoginGate gate;
  private final Protocol protocol;
  private Login login;
  private int logins;

  public TokenSession(RemoteHttpClient http, Protocol protocol) {
    this.http = http;
    this.gate = http.logins();
    this.protocol = protocol;
  }

  /** Logins made so far (1 unless the device ended a session). */
  public synchronized int logins() {
    return logins;
  }

  /**
   * A request with a session's credentials, and the number of that session's login: a refusal
   * names it, so that requests refused together renew once.
   */
  public record Authorized(RemoteRequest request, int login) {}

  /**
   * The request with this session's credentials, logging in first if there is no session yet (or
   * taking the outcome of the login another request began while this one waited).
   */
  public Authorized authorize(RemoteRequest request) throws IOException {
    int seen = gate.attempts();
    synchronized (this) {
      if (login == null) {
        gate.login(seen, this::login);
      }
      return new Authorized(login.authorize(request), logins);
    }
  }

  /**
   * The device refused ({@code status}, 401 or 403) a request made under login number
   * {@code seenLogins} ({@link Authorized#login}): log in again unless another thread already
   * did. Returns whether the request is worth repeating.
   */
  public boolean renew(int seenLogins, int status) throws IOException {
    int seen = gate.attempts();
    synchronized (this) {
      if (login == null) {
        gate.login(seen, this::login); // closed meanwhile: log in as a first request would
        return true;
      }
      Refusal refusal = login.refused(status);
      if (refusal == Refusal.FINAL) {
        return false;
      }
      if (seenLogins != logins || refusal == Refusal.REPEAT) {
        return true; // renewed meanwhile, or nothing to renew
      }
      if (refusal == Refusal.END_AND_RENEW) {
        login.end(http);
      }
      login = null;
      gate.login(seen, this::login);
      return true;
    }
  }

  /** The answer to the request, authorised, repeated once after a refusal that a new login may cure. */
  public RemoteResponse execute(RemoteRequest request) throws IOException {
    Authorized first = authorize(request);
    RemoteResponse r = http.execute(first.request());
    if ((r.status() == 401 || r.status() == 403) && renew(first.login(), r.status())) {
      r = http.execute(authorize(request).request());
    }
    return r;
  }

  private void login() throws IOException {
    login = protocol.login(http);
    logins++;
  }

  /** Ends the session on the device, giving its slot back; the next request logs in again. Safe to call twice. */
  public synchronized void close() {
    if (login != null) {
      try {
        login.end(http);
      } finally {
        login = null;
      }
    }
  }

  /** Ends the session, then closes the client's connections: for a source that owns both. */
  public void closeWithClient() {
    try {
      close();
    } finally {
      http.close();
    }
  }
}
