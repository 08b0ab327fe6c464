package io.headroom.collector.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link Counters}: what a scrape gets from two readings of one group of counters. Every expected
 * figure is the difference of the two readings over the seconds between them, worked out beside
 * it.
 */
class CounterDeltaArithmeticTest {
  private static final String DISK = "sda";

  @Test
  void twoReadingsGiveTheIncreaseOverTheTimeBetweenThem() {
    Counters c = new Counters();
    c.begin();
    assertNull(c.delta(DISK, 10.0, new long[] {100, 50}), "a first reading has nothing to compare with");
    c.begin();
    Counters.Delta d = c.delta(DISK, 12.0, new long[] {300, 150});
    assertNotNull(d);
    assertEquals(2.0, d.seconds(), 0);                   // 12 - 10
    assertArrayEquals(new long[] {200, 100}, d.d());     // 300 - 100, 150 - 50
    assertEquals(100.0, d.rate(0), 0);                   // 200 / 2
    assertEquals(50.0, d.rate(1), 0);                    // 100 / 2
    assertEquals(2.0, d.ratio(0, 1), 0);                 // 200 / 100
    assertEquals(0.5, d.ratio(1, 0), 0);                 // 100 / 200
  }

  @Test
  void aCounterThatDidNotMoveIsARateOfZeroAndARatioOverItIsNaN() {
    Counters c = new Counters();
    c.begin();
    c.delta(DISK, 1.0, new long[] {7, 9});
    c.begin();
    Counters.Delta d = c.delta(DISK, 2.0, new long[] {7, 12}); // d = {0, 3}: unchanged is not a reset
    assertNotNull(d);
    assertEquals(0.0, d.rate(0), 0);                     // 0 / 1
    assertEquals(0.0, d.ratio(0, 1), 0);                 // 0 / 3
    assertTrue(Double.isNaN(d.ratio(1, 0)), "no I/O, no latency: 3 / 0 is not reported");
  }

  @Test
  void aCounterGoingBackBy1IsAResetWithNoRateAndTheNextReadingRatesFromIt() {
    Counters c = new Counters();
    c.begin();
    c.delta(DISK, 1.0, new long[] {1000, 5});
    c.begin();
    assertNull(c.delta(DISK, 2.0, new long[] {999, 6}), "999 < 1000: reset, although the other counter rose");
    c.begin();
    Counters.Delta d = c.delta(DISK, 4.0, new long[] {1009, 8});
    assertArrayEquals(new long[] {10, 2}, d.d());        // from the reset's reading: 1009 - 999, 8 - 6
    assertEquals(5.0, d.rate(0), 0);                     // 10 / (4 - 2)
  }

  @Test
  void noTimePassedOrTimeGoingBackGivesNoRate() {
    Counters c = new Counters();
    c.begin();
    c.delta(DISK, 5.0, new long[] {1});
    c.begin();
    assertNull(c.delta(DISK, 5.0, new long[] {2}), "0 s between the readings");
    c.begin();
    assertNull(c.delta(DISK, 4.5, new long[] {3}), "-0.5 s");
    c.begin();
    Counters.Delta d = c.delta(DISK, 4.75, new long[] {4}); // just after the last reading (4.5)
    assertEquals(0.25, d.seconds(), 1e-12);
    assertEquals(4.0, d.rate(0), 1e-9);                  // (4 - 3) / 0.25
  }

  @Test
  void aGroupThatChangedItsNumberOfCountersStartsAgain() {
    Counters c = new Counters();
    c.begin();
    c.delta(DISK, 1.0, new long[] {1, 2});
    c.begin();
    assertNull(c.delta(DISK, 2.0, new long[] {3, 4, 5}));
    c.begin();
    assertArrayEquals(new long[] {1, 1, 1}, c.delta(DISK, 3.0, new long[] {4, 5, 6}).d());
  }

  @Test
  void aGroupMissingFromAScrapeIsForgottenAndOthersAreKept() {
    Counters c = new Counters();
    c.begin();
    c.delta("sda", 1.0, new long[] {10});
    c.delta("sdb", 1.0, new long[] {10});
    c.begin();
    c.delta("sdb", 2.0, new long[] {20}); // sda not read in this scrape
    c.begin();
    assertNull(c.delta("sda", 3.0, new long[] {30}), "sda came back: new, not rated across its absence");
    assertEquals(10.0, c.delta("sdb", 3.0, new long[] {30}).rate(0), 0); // (30 - 20) / (3 - 2)
  }
}
