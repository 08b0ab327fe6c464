package io.headroom.collector.remote;

import java.io.IOException;

/**
 * A request to a remote target that did not give a usable answer. The message names the target
 * (credentials masked) and the path, never a credential.
 */
public class RemoteHttpException extends IOException {
  private final int status;

  public RemoteHttpException(String message, int status) {
    super(message);
    this.status = status;
  }

  public RemoteHttpException(String message, Throwable cause) {
    super(message, cause);
    this.status = -1;
  }

  /** The HTTP status, or -1 when there was no response. */
  public int status() {
    return status;
  }
}
