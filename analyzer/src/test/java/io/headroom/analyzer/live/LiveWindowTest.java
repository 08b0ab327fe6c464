package io.headroom.analyzer.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LiveWindowTest {
  private static final Run OPEN = new Run("r1", "lab", 1000, null, Map.of());
  private static final List<Phase> SWEEP = List.of(
      new Phase("r1", "qd1", 1000, 1060.0), new Phase("r1", "qd8", 1060, 1120.0), new Phase("r1", "qd32", 1120, null));

  @Test
  void anOpenRunIsReadFromItsCurrentPhase() {
    assertEquals(1119, LiveWindow.from(OPEN, SWEEP, 1150), 1e-9);
  }

  @Test
  void anOpenRunWithoutPhasesIsReadOverItsLastFiveMinutes() {
    assertEquals(4000 - 300, LiveWindow.from(OPEN, List.of(), 4000), 1e-9);
    assertEquals(999, LiveWindow.from(OPEN, List.of(), 1100), 1e-9, "never before the run");
  }

  @Test
  void anEndedRunIsReadWhole() {
    assertEquals(999, LiveWindow.from(OPEN.withEnd(1180), SWEEP, 1190), 1e-9);
  }

  @Test
  void phasesThatEndedBeforeTheWindowKeepTheirVerdicts() {
    Verdict previous = new Verdict("r1", Bottleneck.NONE, null, 0.8, List.of(), List.of(), List.of(
        new PhaseVerdict("qd1", Bottleneck.NONE, null, 0.8), new PhaseVerdict("qd8", Bottleneck.NONE, null, 0.7)));
    // read from 1119: qd8 (ended 1120) was still going, so the fresh judgement has it; qd1 not
    Verdict fresh = new Verdict("r1", Bottleneck.NETWORK, "h1/net/eth0", 0.9, List.of("eth0 at 99%"), List.of(),
        List.of(new PhaseVerdict("qd8", Bottleneck.NETWORK, "h1/net/eth0", 0.6),
            new PhaseVerdict("qd32", Bottleneck.NETWORK, "h1/net/eth0", 0.9)));
    Verdict merged = LiveVerdicts.keepEarlierPhases(fresh, previous, SWEEP, 1119);
    assertEquals(List.of(new PhaseVerdict("qd1", Bottleneck.NONE, null, 0.8),
        new PhaseVerdict("qd8", Bottleneck.NETWORK, "h1/net/eth0", 0.6),
        new PhaseVerdict("qd32", Bottleneck.NETWORK, "h1/net/eth0", 0.9)), merged.phases());
    assertEquals(Bottleneck.NETWORK, merged.bottleneck());
    assertEquals(List.of("eth0 at 99%"), merged.evidence());
  }
}
