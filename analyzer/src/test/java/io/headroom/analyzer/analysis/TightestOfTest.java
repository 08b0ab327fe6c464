package io.headroom.analyzer.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.HeadroomEntry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The run's headroom table ({@link HeadroomCalculator#tightestOf}): each entity's row from the
 * phase where it came closest to its ceiling, tightest first, ties by id.
 */
class TightestOfTest {
  private static HeadroomEntry row(String entity, double utilization, String reading) {
    return new HeadroomEntry(entity, "disk", utilization, utilization, reading, true);
  }

  /**
   * <pre>
   *   entity   phase 1   phase 2   tightest
   *   a        0.50      0.60      0.60 (phase 2)
   *   b        0.90      0.30      0.90 (phase 1)
   *   c        -         0.95      0.95 (phase 2)
   * </pre>
   * Tightest first: c 0.95, b 0.90, a 0.60 (the reverse of the order they were first seen in).
   */
  @Test
  void eachEntitysTightestPhaseTightestFirst() {
    List<HeadroomEntry> phase1 = List.of(row("a", 0.50, "p1"), row("b", 0.90, "p1"));
    List<HeadroomEntry> phase2 = List.of(row("a", 0.60, "p2"), row("b", 0.30, "p2"), row("c", 0.95, "p2"));
    assertEquals(List.of(row("c", 0.95, "p2"), row("b", 0.90, "p1"), row("a", 0.60, "p2")),
        HeadroomCalculator.tightestOf(List.of(phase1, phase2)));
  }

  /**
   * An entity as tight in a later phase as in an earlier one keeps the earlier row (the reading
   * "p1"); two entities equally tight are in id order, d before e, though e was seen first.
   */
  @Test
  void tiesKeepTheEarlierPhaseAndGoById() {
    List<HeadroomEntry> phase1 = List.of(row("e", 0.70, "p1"), row("d", 0.70, "p1"));
    List<HeadroomEntry> phase2 = List.of(row("e", 0.70, "p2"), row("d", 0.70, "p2"));
    assertEquals(List.of(row("d", 0.70, "p1"), row("e", 0.70, "p1")),
        HeadroomCalculator.tightestOf(List.of(phase1, phase2)));
  }

  private static HeadroomEntry implausible(String entity, double utilization, String reading) {
    return new HeadroomEntry(entity, "net_port", utilization, utilization, reading, true, true);
  }

  /**
   * An implausible row (its ceiling or counter wrong) is no headroom: the plausible row of the
   * same entity wins though lower (f: 0.40 in p2 over 2.74 in p1), and an entity implausible in
   * every phase comes after every plausible one (g at 3.0 after a at 0.10).
   */
  @Test
  void plausibleRowsWinAndImplausibleOnesComeLast() {
    List<HeadroomEntry> phase1 = List.of(implausible("f", 2.74, "p1"), implausible("g", 3.0, "p1"), row("a", 0.10, "p1"));
    List<HeadroomEntry> phase2 = List.of(row("f", 0.40, "p2"), implausible("g", 2.0, "p2"));
    assertEquals(List.of(row("f", 0.40, "p2"), row("a", 0.10, "p1"), implausible("g", 3.0, "p1")),
        HeadroomCalculator.tightestOf(List.of(phase1, phase2)));
  }
}
