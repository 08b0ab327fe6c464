package io.headroom.analyzer.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Window;
import io.headroom.model.Entity;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A phase is judged without its first seconds, 10% of its length and at most 5 s ({@link
 * RunAnalyzer#settled}). Phases start away from 0 so that {@code end - start} and {@code end +
 * start} differ.
 */
class PhaseSettlingTest {
  private static final double OPEN = Double.POSITIVE_INFINITY;

  @Test
  void aShortPhaseSettlesForATenthOfItsLength() {
    // 100..120: length 20, 0.1 x 20 = 2 s (under the 5 s cap), judged from 100 + 2 = 102
    assertEquals(new Window("qd8", 102.0, 120.0), RunAnalyzer.settled(new Phase("r1", "qd8", 100, 120.0), OPEN));
  }

  @Test
  void aLongPhaseSettlesForFiveSecondsAtMost() {
    // 100..200: 0.1 x 100 = 10 s, capped at 5: judged from 105
    assertEquals(new Window("qd8", 105.0, 200.0), RunAnalyzer.settled(new Phase("r1", "qd8", 100, 200.0), OPEN));
  }

  @Test
  void anOpenPhaseEndsWithItsRun() {
    // no end: the run's end 130 stands in; length 30, 0.1 x 30 = 3 s: judged from 103
    assertEquals(new Window("qd8", 103.0, 130.0), RunAnalyzer.settled(new Phase("r1", "qd8", 100, null), 130.0));
  }

  @Test
  void anOpenPhaseOfAnOpenRunSettlesForOneSecond() {
    // no end anywhere: the length is infinite, so a fixed 1 s: judged from 101
    assertEquals(new Window("qd8", 101.0, OPEN), RunAnalyzer.settled(new Phase("r1", "qd8", 100, null), OPEN));
  }

  /**
   * The readings of the settling seconds do not count. A disk of 1,000 IOPS in a phase 100..120
   * (settles 2 s, judged over [102, 120)); readings stamped each second:
   *
   * <pre>
   *   t 100, 101      1,000 IOPS  (still the previous setting: left out)
   *   t 102..104        800 IOPS  (3 readings)
   *   t 105..119        500 IOPS  (15 readings)
   * </pre>
   *
   * p95 of the 18 judged readings: rank 0.95 x 17 = 16.15 between sorted[16] = 800 and sorted[17]
   * = 800, so 800 of 1,000 = 0.8. Judged from 100 (no settling) it would be 1.0 (rank 18.05 of
   * 20 readings is a 1,000); from 105 (a 5 s settle), 0.5.
   */
  @Test
  void theSettlingSecondsAreLeftOutOfThePhasesHeadroom() {
    RunData d = new RunData();
    d.accept(new Run("r1", "lab", 100, 120.0, Map.of()));
    d.accept(new Entity("sda", "disk", "sda", Map.of(), Map.of("iops", 1000.0)));
    d.accept(new Phase("r1", "qd8", 100, 120.0));
    for (int t = 100; t < 120; t++) {
      d.addSample(t, "sda", "read_iops", t < 102 ? 1000 : t < 105 ? 800 : 500);
    }
    Verdict v = new RunAnalyzer().analyze(d, "r1");
    List<HeadroomEntry> phase = v.phases().get(0).headroom();
    assertEquals(1, phase.size(), phase.toString());
    assertEquals("sda", phase.get(0).entity());
    assertEquals(0.8, phase.get(0).utilization(), 1e-9);
    assertEquals(0.8, v.headroom().get(0).utilization(), 1e-9, "the run's row is its only phase's");
  }
}
