package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sustained, not transient: how many of a window's readings a limit spends at its ceiling. */
class SustainedTest {
  private final Detector detector = new Detector(Thresholds.defaults());

  /**
   * One FC port (3.2 GB/s, practical 98%: full from 0.90 x 0.98 x 3.2 = 2.8224 GB/s) carrying
   * 3.2 GB/s in the first {@code full} seconds of the 60-second window and 1.0 GB/s after, and a
   * workload of 8 x 32 at 25,000 IOPS and 10 ms (250 of 256 in flight: queues kept full).
   */
  private static Bed burst(int full) {
    return port(full).workload("w1", 8, 32, 25_000, 0.01);
  }

  /** The port alone, crossed by w1. */
  private static Bed port(int full) {
    Bed bed = new Bed()
        .entity("s1/fc/p1", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .rel("w1", "via", "s1/fc/p1");
    for (int t = 0; t < 60; t++) {
      bed.data.addSample(t, "s1/fc/p1", "tx_bytes_per_s", t < full ? 3.2e9 : 1.0e9);
    }
    return bed;
  }

  @Test
  void atTheCeilingForHalfThePhaseIsTheLimit() {
    // 30 of 60 readings = 50% = sustainedShare: a limit
    PhaseDecision d = detector.decide(burst(30).ctx());
    assertEquals(Bottleneck.NETWORK, d.bottleneck());
    assertEquals("sustained: s1/fc/p1 tx at its ceiling in 30 of 60 readings (50%); the workload shows it:"
        + " throughput flat (cv 0%), queues kept full (98% of the outstanding I/O in flight)", d.evidence().get(1));
  }

  @Test
  void oneReadingLessIsTransientAndTheVerdictIsNone() {
    // 29 of 60 = 48% < 50%; p95 is still 3.2 GB/s, which alone used to make it the limit
    PhaseDecision d = detector.decide(burst(29).ctx());
    assertEquals(Bottleneck.NONE, d.bottleneck());
    assertEquals("transient saturation, not the limit: s1/fc/p1 tx at its ceiling in 29 of 60 readings"
        + " (48%); a limit from 50% of the phase", d.evidence().get(2));
  }

  @Test
  void briefExcursionsBelowAnAtCeilingP95AreReportedToo() {
    // 2 of 60 readings at 3.2 GB/s: p95 (rank 56.05 of 0..59) is 1.0 GB/s, the rule does not fire,
    // but a reader still learns the port touched its ceiling
    PhaseDecision d = detector.decide(burst(2).ctx());
    assertEquals(Bottleneck.NONE, d.bottleneck());
    assertEquals("transient saturation, not the limit: s1/fc/p1 tx at its ceiling in 2 of 60 readings"
        + " (3%); a limit from 50% of the phase", d.evidence().get(2));
  }

  @Test
  void fullWhileTheWorkloadShowsNothingIsNotTheLimit() {
    // The port is full all the time, but the workload alternates 10,000 and 40,000 IOPS (cv 60%)
    // at 1 ms: 25,000 x 0.001 = 25 of 256 in flight, latency flat: no plateau, climb or queueing.
    Bed bed = port(60).entity("w1", "workload", Map.of("numjobs", 8, "iodepth", 32), Map.of());
    for (int t = 0; t < 60; t++) {
      bed.data.addSample(t, "w1", "read_iops", t % 2 == 0 ? 10_000 : 40_000);
      bed.data.addSample(t, "w1", "read_latency_s", 0.001);
    }
    PhaseDecision d = detector.decide(bed.ctx());
    assertEquals(Bottleneck.NONE, d.bottleneck());
    assertEquals("at its ceiling but not holding the workload back: s1/fc/p1 tx at its ceiling in 60 of 60"
        + " readings (100%), while the workload's throughput varied, its latency did not climb and its queues"
        + " were not full", d.evidence().get(2));
  }

  @Test
  void theShareIsConfigurable() {
    Thresholds t = Thresholds.defaults();
    Thresholds strict = new Thresholds(t.pciePractical(), t.ethernetPractical(), t.fcPractical(),
        t.infinibandPractical(), t.otherNetPractical(), t.atCeiling(), t.cpuBusy(), t.diskBusy(), t.diskQueue(),
        t.latencyClimb(), t.pausePerS(), t.remoteAccess(), t.socketImbalance(), t.littleFull(), t.plateauCv(),
        t.nearTie(), 0.8, t.creditZeroShare(), t.implausibleRate(), t.implausibleUtil(), t.minReadings());
    // 30 of 60 is a limit at 50%, not at 80%
    Bed bed = burst(30);
    assertEquals(Bottleneck.NONE,
        new Detector(strict).decide(new Context(bed.data, null, Bed.WINDOW, DataPath.of(bed.data, Bed.WINDOW),
            strict)).bottleneck());
  }
}
