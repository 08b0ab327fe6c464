package io.headroom.model.kafka;

import java.security.SecureRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Makes batch ids: a random 64-bit prefix per process and a counter, so ids are unique without
 * coordination and cheap to make (no SecureRandom call per batch).
 */
public final class BatchIds {
  private final long prefix;
  private final AtomicLong next = new AtomicLong();

  public BatchIds() {
    this(new SecureRandom().nextLong());
  }

  public BatchIds(long prefix) {
    this.prefix = prefix;
  }

  public UUID next() {
    return new UUID(prefix, next.getAndIncrement());
  }
}
