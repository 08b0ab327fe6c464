package io.headroom.analyzer.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Phase;
import io.headroom.model.Sample;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Series} windows [from, to) at their edges, for readings in time order (found by
 * bisection) and out of order (found by scanning), which must agree; and {@link RunData}'s counts
 * and phases.
 */
class SeriesWindowTest {
  /** Readings at t = 0..39 with value 10 t, added in order: more than the initial 16 slots. */
  private static Series ordered() {
    Series s = new Series();
    for (int t = 0; t < 40; t++) {
      s.add(t, 10.0 * t);
    }
    return s;
  }

  /** The same 40 readings, even seconds first then odd: out of order. */
  private static Series shuffled() {
    Series s = new Series();
    for (int t = 0; t < 40; t += 2) {
      s.add(t, 10.0 * t);
    }
    for (int t = 1; t < 40; t += 2) {
      s.add(t, 10.0 * t);
    }
    return s;
  }

  @Test
  void aWindowHoldsItsStartAndNotItsEndInOrderOrNot() {
    for (Series s : List.of(ordered(), shuffled())) {
      assertEquals(40, s.size());
      // [5, 8): t = 5, 6, 7
      assertEquals(3, s.countBetween(5, 8));
      assertArrayEquals(new double[] {50, 60, 70}, sorted(s.valuesBetween(5, 8)));
      assertArrayEquals(new double[] {5, 6, 7}, sorted(s.timesBetween(5, 8)));
      // [5, 5) is empty; [4.5, 5.5) holds t = 5 only
      assertEquals(0, s.countBetween(5, 5));
      assertArrayEquals(new double[0], s.valuesBetween(5, 5));
      assertArrayEquals(new double[] {5}, s.timesBetween(4.5, 5.5));
      // to before from: nothing
      assertEquals(0, s.countBetween(8, 5));
      assertArrayEquals(new double[0], s.timesBetween(8, 5));
      // to infinite: t = 38, 39
      assertArrayEquals(new double[] {380, 390}, sorted(s.valuesBetween(38, Double.POSITIVE_INFINITY)));
      assertEquals(2, s.countBetween(38, Double.POSITIVE_INFINITY));
    }
  }

  @Test
  void readingsOutOfOrderAreFoundWhereTheyAreNotWhereBisectionWouldLook() {
    Series s = new Series();
    s.add(10, 1);
    s.add(0, 2); // earlier than the one before
    s.add(20, 3);
    assertEquals(1, s.countBetween(0, 5));
    assertArrayEquals(new double[] {2}, s.valuesBetween(0, 5));
    assertArrayEquals(new double[] {0}, s.timesBetween(0, 5));
    // readings keep their arrival order
    assertArrayEquals(new double[] {1, 2, 3}, s.values());
    assertEquals(20.0, s.ts(2));
    assertEquals(2.0, s.value(1));
  }

  @Test
  void readingsThatOnlyGoBackInTimeAreScannedToo() {
    Series s = new Series();
    s.add(20, 1);
    s.add(10, 2);
    s.add(0, 3);
    // [0, 15): t = 10 and 0; bisection over 20, 10, 0 would find all three
    assertEquals(2, s.countBetween(0, 15));
    assertArrayEquals(new double[] {2, 3}, s.valuesBetween(0, 15));
  }

  @Test
  void runDataCountsSamplesInAWindowAndKeepsTheNewest() {
    RunData d = new RunData();
    assertEquals(Double.NEGATIVE_INFINITY, d.latestSampleTs());
    d.accept(new Sample(5, "h1", "util", 0.1));
    d.accept(new Sample(3, "h1", "util", 0.2));
    d.accept(new Sample(4, "h2", "util", 0.3));
    d.accept(new Sample(9, "h2", "rx", 0.4));
    assertEquals(9.0, d.latestSampleTs());
    assertEquals(4, d.sampleCount());
    assertEquals(3, d.sampleCountBetween(3, 9)); // t = 5, 3, 4; not 9
    assertEquals(0, d.sampleCountBetween(10, 20));
  }

  @Test
  void aPhaseSentAgainReplacesItsEarlierRecordOfTheSameRunOnly() {
    RunData d = new RunData();
    d.accept(new Phase("r1", "p1", 0, null));
    d.accept(new Phase("r2", "p1", 0, 50.0));
    d.accept(new Phase("r1", "p2", 60, null));
    d.accept(new Phase("r1", "p1", 0, 60.0)); // r1's p1 ended
    assertEquals(List.of(new Phase("r2", "p1", 0, 50.0), new Phase("r1", "p2", 60, null), new Phase("r1", "p1", 0, 60.0)),
        d.phases());
    assertEquals(List.of(new Phase("r1", "p2", 60, null), new Phase("r1", "p1", 0, 60.0)), d.phasesOf("r1"));
    assertEquals(List.of(new Phase("r2", "p1", 0, 50.0)), d.phasesOf("r2"));
  }

  private static double[] sorted(double[] a) {
    double[] c = a.clone();
    Arrays.sort(c);
    return c;
  }
}
