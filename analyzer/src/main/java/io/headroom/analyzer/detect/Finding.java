package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
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
 */
public record Finding(
    Bottleneck bottleneck,
    String entity,
    double pressure,
    double confidence,
    List<String> evidence,
    Set<Bottleneck> explains) {
  public Finding {
    evidence = List.copyOf(evidence);
    explains = Set.copyOf(explains);
    confidence = Math.max(0, Math.min(1, confidence));
  }

  public Finding(Bottleneck bottleneck, String entity, double pressure, double confidence,
      List<String> evidence) {
    this(bottleneck, entity, pressure, confidence, evidence, Set.of());
  }

  /** Confidence from how far past the at-ceiling threshold the pressure is: 0.6 at it, 0.95 at +10%. */
  static double confidenceFor(double pressure, Thresholds t) {
    double over = (pressure - t.atCeiling()) / 0.10;
    return 0.6 + 0.35 * Math.max(0, Math.min(1, over));
  }
}
