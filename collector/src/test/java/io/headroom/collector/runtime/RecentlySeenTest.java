package io.headroom.collector.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RecentlySeenTest {
  private static final long MINUTE = Duration.ofMinutes(1).toNanos();

  @Test
  void aKeyNotSeenForLongerThanTheForgettingTimeIsDroppedAndOneSeenExactlyThatLongIsKept() {
    AtomicLong clock = new AtomicLong();
    RecentlySeen<String> seen = new RecentlySeen<>(Duration.ofMinutes(10), clock::get);
    seen.put("h1/net/veth1", "a"); // at 0
    seen.put("h1/net/veth2", "b"); // at 0
    clock.set(10 * MINUTE);
    // at 10 min: veth1 seen again; veth2 unseen for exactly 10 min, not more: kept
    assertEquals("a", seen.put("h1/net/veth1", "a2"));
    assertEquals(2, seen.size());
    clock.set(10 * MINUTE + 1);
    // 1 ns later no sweep is due yet (the last was at 10 min; sweeps are a tenth, 1 min, apart)
    seen.put("h1/cpu", "c");
    assertEquals(3, seen.size());
    clock.set(11 * MINUTE);
    // the next sweep, at 11 min: veth2 unseen for 11 min > 10: dropped; veth1 (1 min) and cpu stay
    seen.put("h1/cpu", "c");
    assertEquals(2, seen.size());
    assertNull(seen.put("h1/net/veth2", "b"), "forgotten: it comes back as new");
  }

  @Test
  void putReturnsThePreviousValue() {
    RecentlySeen<byte[]> seen = new RecentlySeen<>(Duration.ofMinutes(10), () -> 0L);
    assertNull(seen.put("k", new byte[] {1}));
    assertArrayEquals(new byte[] {1}, seen.put("k", new byte[] {2}));
  }
}
