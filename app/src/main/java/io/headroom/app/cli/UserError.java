package io.headroom.app.cli;

/** A problem the user can fix, reported as one line without a stack trace. */
final class UserError extends Exception {
  UserError(String message) {
    super(message);
  }
}
