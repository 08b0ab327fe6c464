package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RunVerdicts#combine}: the limit that held the most phase time, its confidence the mean
 * of its phases' scaled by (0.5 + 0.5 x its share of the time), rounded to two decimals; ties go to
 * the first phase's limit and the first most confident phase.
 */
class RunVerdictTimeShareTest {
  private static PhaseDecision phase(String name, Bottleneck b, String entity, double confidence) {
    return new PhaseDecision(name, b, entity, confidence, null, List.of(name + " evidence"), List.of(), null);
  }

  @Test
  void theLimitWithMostPhaseTimeWinsWithItsMeanConfidenceScaledByItsShare() {
    PhaseDecision d = RunVerdicts.combine("r1", List.of(
        phase("p1", Bottleneck.DISK, "sda", 0.8),
        phase("p2", Bottleneck.NETWORK, "sw/p1", 0.9),
        phase("p3", Bottleneck.DISK, "sda", 0.6)), List.of(60.0, 30.0, 30.0));
    assertEquals(Bottleneck.DISK, d.bottleneck());
    assertEquals("r1", d.window());
    // DISK 90 of 120 s = 0.75; mean (0.8 + 0.6) / 2 = 0.7; 0.7 x (0.5 + 0.375) = 0.6125 -> 0.61
    assertEquals(0.61, d.confidence(), 1e-12);
    assertEquals(List.of("DISK limited 2 of 3 phases (75% of the run's phase time); other phases: p2: NETWORK sw/p1",
        "[p1] p1 evidence"), d.evidence());
  }

  @Test
  void equalTimeGoesToTheFirstPhasesLimitAndEqualConfidenceToTheFirstPhase() {
    PhaseDecision tie = RunVerdicts.combine("r1", List.of(
        phase("p1", Bottleneck.NETWORK, "sw/p1", 0.8),
        phase("p2", Bottleneck.DISK, "sda", 0.9),
        phase("p3", Bottleneck.NETWORK, "sw/p1", 0.8)), List.of(30.0, 60.0, 30.0));
    assertEquals(Bottleneck.NETWORK, tie.bottleneck(), "60 s each: the first phase's limit");
    assertEquals("[p1] p1 evidence", tie.evidence().get(1), "0.8 twice: the first phase's evidence");
    // NETWORK 60 of 120 s = 0.5; mean 0.8; 0.8 x 0.75 = 0.6
    assertEquals(0.6, tie.confidence(), 1e-12);
  }

  @Test
  void phasesOfNoTimeGiveNoShare() {
    PhaseDecision d = RunVerdicts.combine("r1", List.of(
        phase("p1", Bottleneck.DISK, "sda", 0.8),
        phase("p2", Bottleneck.DISK, "sda", 0.6)), List.of(0.0, 0.0));
    // no time: share 0, so (0.8 + 0.6) / 2 x 0.5 = 0.35
    assertEquals(0.35, d.confidence(), 1e-12);
    assertEquals("DISK limited 2 of 2 phases (0% of the run's phase time)", d.evidence().get(0));
  }

  /** A phase with too few readings, as Coverage gives it. */
  private static PhaseDecision unjudged(String name) {
    return new PhaseDecision(name, null, null, 0.0, Coverage.TOO_FEW_READINGS,
        List.of("not judged, too few readings: 1 of the workload and at most 1 of any entity in the phase's 0.018 s"
            + " after its ramp; a phase is judged from 5 readings"), List.of(), null);
  }

  @Test
  void unjudgedPhasesCountForNeitherTheirTimeNorAClass() {
    // judged: DISK 60 s, NETWORK 30 s; p3 and p4 unjudged with 1,000 s between them, which would
    // have been most of the run's time. DISK 60 of 90 s = 2/3; 0.8 x (0.5 + 1/3) = 0.667 -> 0.67
    PhaseDecision d = RunVerdicts.combine("r1", List.of(
        phase("p1", Bottleneck.DISK, "sda", 0.8),
        phase("p2", Bottleneck.NETWORK, "sw/p1", 0.9),
        unjudged("p3"), unjudged("p4")), List.of(60.0, 30.0, 500.0, 500.0));
    assertEquals(Bottleneck.DISK, d.bottleneck());
    assertEquals(0.67, d.confidence(), 1e-12);
    assertEquals("DISK limited 1 of 2 judged phases (67% of their phase time); other phases: p2: NETWORK sw/p1;"
        + " 2 phases not judged (too few readings)", d.evidence().get(0));
  }

  @Test
  void oneJudgedPhaseAmongUnjudgedOnesIsTheRunsVerdict() {
    // NONE alone among unjudged phases: NONE 30 of 30 s judged, 0.9 x 1.0 = 0.9
    PhaseDecision d = RunVerdicts.combine("r1", List.of(unjudged("p1"),
        phase("p2", Bottleneck.NONE, null, 0.9)), List.of(0.018, 30.0));
    assertEquals(Bottleneck.NONE, d.bottleneck());
    assertEquals(0.9, d.confidence(), 1e-12);
    assertEquals("NONE limited 1 of 1 judged phases (100% of their phase time); 1 phase not judged (too few readings)",
        d.evidence().get(0));
  }

  @Test
  void aRunWhosePhasesAreAllUnjudgedIsNotJudgedAndSaysSo() {
    PhaseDecision d = RunVerdicts.combine("r1", List.of(unjudged("p1"), unjudged("p2")), List.of(0.018, 0.018));
    assertEquals(null, d.bottleneck());
    assertEquals(null, d.entity());
    assertEquals(0.0, d.confidence());
    assertEquals(Coverage.TOO_FEW_READINGS, d.reason());
    assertEquals(List.of("not judged: none of the run's 2 phases had enough readings (first: p1: not judged, too few"
        + " readings: 1 of the workload and at most 1 of any entity in the phase's 0.018 s after its ramp; a phase is"
        + " judged from 5 readings)"), d.evidence());
  }

  @Test
  void aRunOfOneUnjudgedPhaseIsThatPhase() {
    PhaseDecision d = RunVerdicts.combine("r1", List.of(unjudged("p1")), List.of(0.018));
    assertEquals(null, d.bottleneck());
    assertEquals("r1", d.window());
    assertEquals(Coverage.TOO_FEW_READINGS, d.reason());
  }
}
