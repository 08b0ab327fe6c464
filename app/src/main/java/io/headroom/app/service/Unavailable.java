package io.headroom.app.service;

/**
 * A service the command needs (Kafka, the database) did not answer within the start-up wait. Its
 * message is the one line a person needs: what, where, for how long, and the last reason.
 */
public final class Unavailable extends Exception {
  public Unavailable(String message) {
    super(message);
  }
}
