package io.headroom.app.api;

/** A request the API refuses, with the HTTP status and the message the client reads. */
final class ApiException extends RuntimeException {
  private final int status;

  ApiException(int status, String message) {
    super(message);
    this.status = status;
  }

  int status() {
    return status;
  }

  static ApiException notFound(String message) {
    return new ApiException(404, message);
  }

  static ApiException badRequest(String message) {
    return new ApiException(400, message);
  }

  static ApiException conflict(String message) {
    return new ApiException(409, message);
  }
}
