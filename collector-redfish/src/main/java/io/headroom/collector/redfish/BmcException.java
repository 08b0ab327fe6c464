package io.headroom.collector.redfish;

import io.headroom.collector.remote.LoginFailedException;
import java.io.IOException;

/**
 * A resource of a BMC that gave no usable answer. It names the BMC and the path ({@link #where}:
 * "GET https://idrac-r750a/redfish/v1/Chassis/System.Embedded.1/Sensors") and why, never a
 * credential.
 */
class BmcException extends IOException {
  private final String where;
  private final String reason;
  private final int status;
  private final boolean busy;

  BmcException(String where, String reason, int status) {
    this(where, reason, status, false);
  }

  /** @param busy the BMC said it is overloaded or out of sessions, whatever the status ({@link BmcBusy}) */
  BmcException(String where, String reason, int status, boolean busy) {
    super(where + ": " + reason);
    this.where = where;
    this.reason = reason;
    this.status = status;
    this.busy = busy;
  }

  BmcException(String where, String reason, Throwable cause) {
    super(where + ": " + reason, cause);
    this.where = where;
    this.reason = reason;
    this.status = -1;
    this.busy = false;
  }

  /** No login could be had (refused, or held after a refusal): the resource was not asked for. */
  BmcException(String where, String reason, LoginFailedException cause) {
    super(where + ": " + reason, cause);
    this.where = where;
    this.reason = reason;
    this.status = cause.status();
    this.busy = false;
  }

  String where() {
    return where;
  }

  String reason() {
    return reason;
  }

  /** The HTTP status, or -1 when there was none (no answer, a body that did not parse). */
  int status() {
    return status;
  }

  /** The BMC said it is busy: 429, 503, or a session limit named at another status. */
  boolean busy() {
    return busy || status == 429 || status == 503;
  }

  /** The BMC refused the credentials, now or within the hold after a refusal ({@code login_backoff}). */
  boolean loginRefused() {
    return getCause() instanceof LoginFailedException l && l.refused();
  }

  /** The resource is not there (404) or not served this way (405, 501): "not offered", not a failure. */
  boolean notOffered() {
    return status == 404 || status == 405 || status == 501;
  }
}
