package io.headroom.collector.runtime;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A map for what a collector remembers per key while the key keeps coming back (the last
 * topology record sent per entity, the problems already logged): a key not put again for
 * {@code forgetAfter} is dropped. Why: on a host where containers or lab namespaces come and go,
 * every veth is a new key, and a map that never forgets grows for as long as the collector runs
 * (bench/soak). Forgetting costs at most one repeat (a record sent again, a problem logged again)
 * when the key does come back. Safe for concurrent use.
 */
final class RecentlySeen<V> {
  private record Entry<V>(V value, long seenAt) {}

  private final ConcurrentHashMap<String, Entry<V>> entries = new ConcurrentHashMap<>();
  private final long forgetAfterNanos;
  private final LongSupplier nanoTime;
  private final AtomicLong lastSweep;

  /** @param nanoTime a monotonic clock in nanoseconds ({@code System::nanoTime}) */
  RecentlySeen(Duration forgetAfter, LongSupplier nanoTime) {
    this.forgetAfterNanos = forgetAfter.toNanos();
    this.nanoTime = nanoTime;
    this.lastSweep = new AtomicLong(nanoTime.getAsLong());
  }

  /** Stores {@code value} under {@code key} as seen now; returns the value it held, null if none. */
  V put(String key, V value) {
    long now = nanoTime.getAsLong();
    Entry<V> previous = entries.put(key, new Entry<>(value, now));
    sweepIfDue(now);
    return previous == null ? null : previous.value();
  }

  int size() {
    return entries.size();
  }

  /** At most once per tenth of the forgetting time, one pass drops the keys not seen for all of it. */
  private void sweepIfDue(long now) {
    long last = lastSweep.get();
    if (now - last >= forgetAfterNanos / 10 && lastSweep.compareAndSet(last, now)) {
      entries.values().removeIf(e -> now - e.seenAt() > forgetAfterNanos);
    }
  }
}
