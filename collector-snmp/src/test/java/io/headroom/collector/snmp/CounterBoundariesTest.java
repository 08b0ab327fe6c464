package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The counter and uptime arithmetic at its edges: no increase, the same instant, 0, the tolerance share. */
class CounterBoundariesTest {
  private static final long S = 1_000_000_000L;
  private static final long WRAP = 4_294_967_296L; // 2^32

  private static OptionalDouble second(Count first, Count second) {
    CounterStore store = new CounterStore();
    store.begin(false);
    store.rate("k", first.nanos(), first, false);
    store.begin(false);
    return store.rate("k", second.nanos(), second, false);
  }

  @Test
  void aCounterThatDidNotMoveIsARateOfZeroNotAWrapOrAReset() {
    assertEquals(OptionalDouble.of(0), second(Count.c32(704, 0), Count.c32(704, S)));
    assertEquals(OptionalDouble.of(0), second(Count.c64(5, 0), Count.c64(5, S)));
    // from 0 (and to 2^64 - 1: -1 as a Java long) a Counter64 is unsigned: 4096 and 2^64 - 1 over 1 s
    assertEquals(OptionalDouble.of(4096), second(Count.c64(0, 0), Count.c64(4096, S)));
    assertEquals(OptionalDouble.of(18446744073709551615.0), second(Count.c64(0, 0), Count.c64(-1, S)));
  }

  @Test
  void aCounter32IsReadAsItsLow32Bits() {
    // 2^32 + 5 is 5 to a 32-bit counter: 5 -> 2^32 + 5 is no increase, and 2^32 - 1 -> 2^32 + 5 is 6
    assertEquals(OptionalDouble.of(0), second(Count.c32(5, 0), Count.c32(WRAP + 5, S)));
    assertEquals(OptionalDouble.of(6), second(Count.c32(WRAP - 1, 0), Count.c32(WRAP + 5, S)));
    assertEquals(OptionalDouble.of(6), second(Count.c32(WRAP + WRAP - 1, 0), Count.c32(5, S)));
  }

  @Test
  void noRateWithoutTimePassingOrForACounterNotReadLastScrape() {
    assertEquals(OptionalDouble.empty(), second(Count.c64(0, S), Count.c64(10, S)));
    assertEquals(OptionalDouble.empty(), second(Count.c64(0, 2 * S), Count.c64(10, S)));
    CounterStore store = new CounterStore();
    store.begin(false);
    store.rate("k", 0, Count.c64(0, 0), false);
    store.begin(false); // k not read this scrape: forgotten
    store.begin(false);
    assertEquals(OptionalDouble.empty(), store.rate("k", 2 * S, Count.c64(10, 2 * S), false));
    // a discontinuity gives no rate but keeps the reading for the next
    store.begin(false);
    assertEquals(OptionalDouble.empty(), store.rate("k", 3 * S, Count.c64(20, 3 * S), true));
    store.begin(false);
    assertEquals(OptionalDouble.of(5), store.rate("k", 5 * S, Count.c64(30, 5 * S), false)); // (30 - 20) / 2 s
  }

  @Test
  void equalUptimeIsNoRestartAndTheToleranceIsATenthOfLongIntervals() {
    assertFalse(UptimeCheck.restartedBetween(500, 0, 500, 10 * S));
    long oneSecondBeforeWrap = WRAP - 100;
    // 100 s by our clock: tolerance max(2 s, 10 s) = 10 s. 10,900 ticks after the wrap: 110 s by the agent's
    assertFalse(UptimeCheck.restartedBetween(oneSecondBeforeWrap, 0, 10_900, 100 * S));
    assertTrue(UptimeCheck.restartedBetween(oneSecondBeforeWrap, 0, 10_901, 100 * S)); // 110.01 s
    // and below by as much: 90 s by the agent is a wrap, 89.99 s a restart
    assertFalse(UptimeCheck.restartedBetween(oneSecondBeforeWrap, 0, 8_900, 100 * S));
    assertTrue(UptimeCheck.restartedBetween(oneSecondBeforeWrap, 0, 8_899, 100 * S));
    // our clock is a difference of two readings: 50 s then 51 s is 1 s; the agent's 2 s is within 2 s of it
    assertFalse(UptimeCheck.restartedBetween(oneSecondBeforeWrap, 50 * S, 100, 51 * S));
  }

  @Test
  void theFirstUptimeIsNoRestartAndEachReadingIsTheNextOnesReference() {
    UptimeCheck u = new UptimeCheck();
    assertFalse(u.restarted(86_400_000L, 0)); // 10 days up, nothing to compare with
    assertFalse(u.restarted(86_400_500L, 5 * S));
    assertTrue(u.restarted(300, 10 * S)); // 3 s of uptime: restarted
    assertFalse(u.restarted(800, 15 * S)); // compared with 300, not with 10 days
  }
}
