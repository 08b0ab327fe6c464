package io.headroom.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The verdict object of design.md: what limited the run, how sure, the numbers that prove it, every
 * entity's headroom (tightest first, the most any phase took of each) and one full verdict per
 * phase. docs/verdict-format.md is the contract.
 */
public record Verdict(
    String run,
    Bottleneck bottleneck,
    String entity,
    double confidence,
    List<String> evidence,
    List<HeadroomEntry> headroom,
    List<PhaseVerdict> phases) {
  public Verdict {
    evidence = List.copyOf(evidence);
    headroom = List.copyOf(headroom);
    phases = List.copyOf(phases);
  }

  /**
   * What limits the run as its headline names it (LimitName): the group when every member of it
   * is full, else the entity; null for NONE. Written, never read back (it follows from the rest).
   */
  @JsonProperty(value = "limit", access = JsonProperty.Access.READ_ONLY)
  public String limit() {
    return LimitName.of(this);
  }
}
