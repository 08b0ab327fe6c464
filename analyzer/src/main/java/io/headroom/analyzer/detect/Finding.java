package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import io.headroom.model.LimitGroup;
import java.util.List;
import java.util.Set;

/**
 * What one rule found in one window.
 *
 * @param pressure how hard the limiting entity pressed on its practical ceiling (1.0 at it);
 *     the finding with the highest pressure becomes the primary limit
 * @param confidence 0..1, the rule's own certainty before rivals are weighed
 * @param explains classes this finding accounts for, which therefore are not separate limits
 *     (misplaced NUMA work fills a socket, so NUMA explains HOST_CPU)
 * @param load the reading that put the entity at its ceiling, whose readings the detector counts
 *     to tell a sustained limit from a transient one; null for a finding that is not a ceiling
 *     (NUMA placement)
 * @param group the parallel members the entity is one of, null when it stands alone
 */
public record Finding(
    Bottleneck bottleneck,
    String entity,
    double pressure,
    double confidence,
    List<String> evidence,
    Set<Bottleneck> explains,
    Load load,
    LimitGroup group) {
  public Finding {
    evidence = List.copyOf(evidence);
    explains = Set.copyOf(explains);
    confidence = Math.max(0, Math.min(1, confidence));
  }

  /** A ceiling finding: the entity's load is at its ceiling. */
  public Finding(Bottleneck bottleneck, Load load, double confidence, List<String> evidence) {
    this(bottleneck, load.entity(), load.pressure(), confidence, evidence, Set.of(), load, null);
  }

  Finding withGroup(LimitGroup g) {
    return new Finding(bottleneck, entity, pressure, confidence, evidence, explains, load, g);
  }

  /** Confidence from how far past the at-ceiling threshold the pressure is: 0.6 at it, 0.95 at +10%. */
  static double confidenceFor(double pressure, Thresholds t) {
    double over = (pressure - t.atCeiling()) / 0.10;
    return 0.6 + 0.35 * Math.max(0, Math.min(1, over));
  }
}
