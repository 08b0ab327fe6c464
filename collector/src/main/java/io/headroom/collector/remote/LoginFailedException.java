package io.headroom.collector.remote;

/**
 * No login could be had with a device: it refused the credentials (HTTP 401 or 403,
 * {@link #refused()}), an earlier refusal's hold still runs ({@link LoginGate}, also refused), or
 * the login got no usable answer. A source ends its scrape on it rather than try each resource:
 * every one would fail the same way.
 */
public class LoginFailedException extends RemoteHttpException {
  public LoginFailedException(String message, int status) {
    super(message, status);
  }

  /** The device said no to these credentials (401 or 403), now or within the hold. */
  public boolean refused() {
    return status() == 401 || status() == 403;
  }
}
