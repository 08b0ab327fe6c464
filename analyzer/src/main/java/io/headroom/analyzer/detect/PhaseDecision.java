package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import java.util.List;

/** The verdict for one window with the evidence behind it. {@code entity} is null for NONE. */
public record PhaseDecision(
    String window, Bottleneck bottleneck, String entity, double confidence, List<String> evidence) {
  public PhaseDecision {
    evidence = List.copyOf(evidence);
  }
}
