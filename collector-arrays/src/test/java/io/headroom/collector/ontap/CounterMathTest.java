package io.headroom.collector.ontap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The counter manager's types, each from two polls a reader can redo by hand. */
class CounterMathTest {
  private static CounterSchema.Counter c(String type, String unit, String denominator) {
    return new CounterSchema.Counter("x", type, unit, denominator);
  }

  @Test
  void percentIsTheIncreaseOverItsBaseAndBecomesAFraction() {
    // cpu_busy +4.65e6 us over cpu_elapsed_time +5e6 us: 93 %, a fraction of 0.93
    assertEquals(0.93, CounterMath.figure(c("percent", "percent", "base"),
        Map.of("x", 1e9, "base", 2e9), Map.of("x", 1e9 + 4.65e6, "base", 2e9 + 5e6), 5), 1e-12);
  }

  @Test
  void averageIsPerUnitOfItsBaseInBaseUnits() {
    // latency +6e8 us over +1.2e6 ops: 500 us per op = 5e-4 s
    assertEquals(5e-4, CounterMath.figure(c("average", "microsec", "ops"),
        Map.of("x", 5e8, "ops", 1e6), Map.of("x", 1.1e9, "ops", 2.2e6), 10), 1e-15);
  }

  @Test
  void rateIsOverTheSecondsAndDeltaIsTheIncreaseAndRawIsAsIs() {
    assertEquals(60000, CounterMath.figure(c("rate", "per_sec", null), Map.of("x", 1e5), Map.of("x", 7e5), 10), 1e-9);
    assertEquals(5, CounterMath.figure(c("delta", "none", null), Map.of("x", 0.0), Map.of("x", 5.0), 10), 1e-12);
    assertEquals(42, CounterMath.figure(c("raw", "none", null), null, Map.of("x", 42.0), 0), 1e-12);
  }

  @Test
  void noFigureOnTheFirstPollAfterAResetOrOverAnIdleBase() {
    assertTrue(Double.isNaN(CounterMath.figure(c("rate", "per_sec", null), null, Map.of("x", 7.0), 10)));
    // went backwards: the node rebooted or took over; no rate this poll
    assertTrue(Double.isNaN(CounterMath.figure(c("rate", "per_sec", null), Map.of("x", 9.0), Map.of("x", 7.0), 10)));
    // no operations in the interval: no latency, neither 0 nor infinity
    assertTrue(Double.isNaN(CounterMath.figure(c("average", "microsec", "ops"),
        Map.of("x", 5.0, "ops", 3.0), Map.of("x", 5.0, "ops", 3.0), 10)));
  }

  @Test
  void atTheEdges() {
    // no seconds between the polls: no rate, rather than infinity
    assertTrue(Double.isNaN(CounterMath.figure(c("rate", "per_sec", null), Map.of("x", 1.0), Map.of("x", 7.0), 0)));
    // +4 us of latency over +0 ops: still no figure, not infinity
    assertTrue(Double.isNaN(CounterMath.figure(c("average", "microsec", "ops"),
        Map.of("x", 5.0, "ops", 3.0), Map.of("x", 9.0, "ops", 3.0), 10)));
    // unchanged is an increase of 0, not a reset
    assertEquals(0, CounterMath.figure(c("delta", "none", null), Map.of("x", 3.0), Map.of("x", 3.0), 10), 0);
    // the row lacks the counter now: nothing, even for raw
    assertTrue(Double.isNaN(CounterMath.figure(c("raw", "none", null), Map.of("x", 3.0), Map.of(), 10)));
    // an average without a denominator in the schema
    assertTrue(Double.isNaN(CounterMath.figure(c("average", "microsec", null), Map.of("x", 1.0), Map.of("x", 2.0), 1)));
  }

  @Test
  void unitsBecomeBaseUnits() {
    // raw 5 in each unit: millisec 5e-3 s, microsec 5e-6 s, percent 0.05, the rest as they are
    Map<String, Double> five = Map.of("x", 5.0);
    assertEquals(5e-3, CounterMath.figure(c("raw", "millisec", null), null, five, 0), 1e-18);
    assertEquals(5e-6, CounterMath.figure(c("raw", "microsec", null), null, five, 0), 1e-21);
    assertEquals(0.05, CounterMath.figure(c("raw", "percent", null), null, five, 0), 1e-15);
    for (String unit : new String[] {"sec", "b_per_sec", "per_sec", "none"}) {
      assertEquals(5, CounterMath.figure(c("raw", unit, null), null, five, 0), 0, unit);
    }
  }

  @Test
  void anUnknownUnitOrTypeGivesNoFigureRatherThanAWrongOne() {
    assertTrue(Double.isNaN(CounterMath.figure(c("rate", "kb_per_sec", null), Map.of("x", 0.0), Map.of("x", 10.0), 1)));
    assertTrue(Double.isNaN(CounterMath.figure(c("string", "none", null), Map.of("x", 0.0), Map.of("x", 10.0), 1)));
  }
}
