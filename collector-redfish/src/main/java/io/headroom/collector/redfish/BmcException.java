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

  BmcException(String where, String reason, int status) {
    super(where + ": " + reason);
    this.where = where;
    this.reason = reason;
    this.status = status;
  }

  BmcException(String where, String reason, Throwable cause) {
    super(where + ": " + reason, cause);
    this.where = where;
    this.reason = reason;
    this.status = -1;
  }

  /** No login could be had (refused, or held after a refusal): the resource was not asked for. */
  BmcException(String where, String reason, LoginFailedException cause) {
    super(where + ": " + reason, cause);
    this.where = where;
    this.reason = reason;
    this.status = cause.status();
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

  /** The BMC refused the credentials, now or within the hold after a refusal ({@code login_backoff}). */
  boolean loginRefused() {
    return getCause() instanceof LoginFailedException l && l.refused();
  }

  /** The resource is not there (404) or not served this way (405, 501): "not offered", not a failure. */
  boolean notOffered() {
    return status == 404 || status == 405 || status == 501;
  }
}
