package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.headroom.analyzer.data.Window;
import io.headroom.model.Bottleneck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A window judged only from minReadings (5) readings (issue 29: phases outside the run, of zero
 * length or of 18 ms got NONE at 0.50 or "sustained ... in 1 of 1 readings (100%)"). Readings are
 * stamped at whole seconds 0..59; a window [0, n) holds n of them.
 */
class TooFewReadingsTest {
  private final Detector detector = new Detector(Thresholds.defaults());

  /** An FC port at 3.2 GB/s of 3.2 GB/s every second, crossed by w1 (8 x 32 at 25,000 IOPS, 10 ms: queues full). */
  private static Bed fullPort() {
    return new Bed()
        .entity("s1/fc/p1", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .rel("w1", "via", "s1/fc/p1")
        .constant("s1/fc/p1", "tx_bytes_per_s", 3.2e9)
        .workload("w1", 8, 32, 25_000, 0.01);
  }

  private PhaseDecision decide(Bed bed, double from, double to) {
    return detector.decide(Context.of(bed.data, null, new Window("p1", from, to), Thresholds.defaults()));
  }

  @Test
  void fiveReadingsAreJudged() {
    // [0, 5): readings at 0, 1, 2, 3, 4 of the workload and of the port: the port is the limit
    PhaseDecision d = decide(fullPort(), 0, 5);
    assertEquals(Bottleneck.NETWORK, d.bottleneck());
    assertEquals("sustained: s1/fc/p1 tx at its ceiling in 5 of 5 readings (100%); the workload shows it:"
        + " throughput flat (cv 0%), queues kept full (98% of the outstanding I/O in flight)", d.evidence().get(1));
  }

  @Test
  void fourReadingsAreNotJudged() {
    // [0, 4): 4 readings, one short of 5: no class, no entity, no confidence, the reason named
    PhaseDecision d = decide(fullPort(), 0, 4);
    assertNull(d.bottleneck());
    assertNull(d.entity());
    assertEquals(0.0, d.confidence());
    assertEquals(Coverage.TOO_FEW_READINGS, d.reason());
    assertEquals(List.of("not judged, too few readings: 4 of the workload and at most 4 of any entity in the"
        + " phase's 4 s after its ramp; a phase is judged from 5 readings"), d.evidence());
  }

  @Test
  void aPhaseOfEighteenMillisecondsOrOfNoLengthOrOutsideTheDataIsNotJudged() {
    // [10, 10.018) holds the reading stamped at 10 only; [10, 10) none; [100, 160) none
    assertEquals("not judged, too few readings: 1 of the workload and at most 1 of any entity in the phase's"
        + " 0.018 s after its ramp; a phase is judged from 5 readings", decide(fullPort(), 10, 10.018).evidence().get(0));
    assertNull(decide(fullPort(), 10, 10).bottleneck());
    PhaseDecision outside = decide(fullPort(), 100, 160);
    assertNull(outside.bottleneck());
    assertEquals("not judged, too few readings: 0 of the workload and at most 0 of any entity in the phase's"
        + " 60 s after its ramp; a phase is judged from 5 readings", outside.evidence().get(0));
  }

  @Test
  void telemetryAloneJudgesAPhaseWhoseWorkloadReportsNothing() {
    // the workload declared but silent: the port's 5 readings in [0, 5) are enough to judge, and
    // with no workload readings nothing contradicts the port being the limit
    Bed bed = new Bed()
        .entity("w1", "workload")
        .entity("s1/fc/p1", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .rel("w1", "via", "s1/fc/p1")
        .constant("s1/fc/p1", "tx_bytes_per_s", 3.2e9);
    assertEquals(Bottleneck.NETWORK, decide(bed, 0, 5).bottleneck());
    assertNull(decide(bed, 0, 4).bottleneck());
  }

  /** The port read every {@code every} seconds, the workload every second. */
  private static Bed sparsePort(int every) {
    Bed bed = new Bed()
        .entity("s1/fc/p1", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .rel("w1", "via", "s1/fc/p1")
        .workload("w1", 8, 32, 25_000, 0.01);
    for (int t = 0; t < 60; t += every) {
      bed.data.addSample(t, "s1/fc/p1", "tx_bytes_per_s", 3.2e9);
    }
    return bed;
  }

  @Test
  void aResourceReadMoreCoarselyThanTheWorkloadIsJudgedOnTheReadingsItHas() {
    // the phase has 60 workload readings, so it is judged; the port, read every 15 s (0, 15, 30,
    // 45: 4 readings, as an array reports 20-second averages), is at its ceiling in all 4: the limit
    PhaseDecision d = decide(sparsePort(15), 0, 60);
    assertEquals(Bottleneck.NETWORK, d.bottleneck());
    assertEquals("sustained: s1/fc/p1 tx at its ceiling in 4 of 4 readings (100%); the workload shows it:"
        + " throughput flat (cv 0%), queues kept full (98% of the outstanding I/O in flight)", d.evidence().get(1));
  }
}
