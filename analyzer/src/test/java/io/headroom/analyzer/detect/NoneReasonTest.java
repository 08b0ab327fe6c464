package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** NONE names why: the workload's concurrency, nothing full with concurrency unknown, or no ceiling known. */
class NoneReasonTest {
  private final Detector detector = new Detector(Thresholds.defaults());

  @Test
  void nothingWithACeilingIsNoKnownCeilingAtTheLowestConfidence() {
    // a disk without spec or busy time, and a workload: nothing to judge against
    Bed bed = new Bed().workload("w1", 1, 1, 100, 0.01).entity("h1/disk/sda", "disk")
        .rel("w1", "targets", "h1/disk/sda").constant("h1/disk/sda", "read_iops", 100);
    PhaseDecision d = detector.decide(bed.ctx());
    assertEquals(Bottleneck.NONE, d.bottleneck());
    assertEquals(NoneReason.NO_KNOWN_CEILING, d.reason());
    // docs/detection.md: NONE's confidence lies in 0.5..0.95; knowing nothing is its floor
    assertEquals(0.5, d.confidence());
    assertEquals("nothing on the data path has a known ceiling, so none can be judged full: NONE here says"
        + " only that no limit was seen", d.evidence().get(0));
  }

  /**
   * A configured cap from littleFull (0.80) of the configured I/O in flight: 1,024 IOPS x 1/128 s =
   * 8 of 1 x 10 is exactly 0.80; 1,011.2 x 1/128 = 7.9 of 10 (0.79) is the submitting side falling
   * short, the workload's concurrency.
   */
  @Test
  void queuesHeldFullAtTheConfiguredDepthAreACapAndShortOfItAreConcurrency() {
    Bed full = new Bed().workload("w1", 1, 10, 1024, 1.0 / 128)
        .entity("h1/net/eth0", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .rel("w1", "via", "h1/net/eth0").constant("h1/net/eth0", "rx_bytes_per_s", 1.0e9);
    PhaseDecision d = detector.decide(full.ctx());
    assertEquals(NoneReason.CONFIGURED_CAP, d.reason());
    assertEquals("a configured cap: 8 I/Os in flight of the 10 configured (numjobs 1 x iodepth 10, 80%) while"
        + " nothing on the path saturated: the configured depth is the limit; raising it (or adding jobs or hosts)"
        + " is the way to load the path further", d.evidence().get(1));
    Bed shortOf = new Bed().workload("w1", 1, 10, 1011.2, 1.0 / 128)
        .entity("h1/net/eth0", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .rel("w1", "via", "h1/net/eth0").constant("h1/net/eth0", "rx_bytes_per_s", 1.0e9);
    assertEquals(NoneReason.CONCURRENCY, detector.decide(shortOf.ctx()).reason());
  }

  @Test
  void concurrencyUnknownIsBelowCeilings() {
    // workload without numjobs/iodepth anywhere, a 25 GbE port at 1 GB/s: 1 / 3.125 / 0.95 = 34%
    Bed bed = new Bed().entity("w1", "workload").constant("w1", "read_iops", 1000)
        .constant("w1", "read_latency_s", 0.001)
        .entity("h1/net/eth0", "net_port", Map.of("fabric", "ethernet", "speed_bps", 2.5e10), Map.of())
        .rel("w1", "via", "h1/net/eth0").constant("h1/net/eth0", "rx_bytes_per_s", 1.0e9);
    PhaseDecision d = detector.decide(bed.ctx());
    assertEquals(NoneReason.BELOW_CEILINGS, d.reason());
    assertEquals(List.of(
        "nothing on the data path at its ceiling: tightest h1/net/eth0 rx p95 1 GB/s = 32% of 3.13 GB/s"
            + " (34% of practical, at its ceiling from 90%)",
        "the workload set the pace: its outstanding I/O is not recorded, so how far its concurrency held it"
            + " back cannot be said"), d.evidence().subList(0, 2));
    // 0.5 + 0.90 - 0.3368 = 1.06, capped at 0.95
    assertEquals(0.95, d.confidence());
  }

  @Test
  void aCeilingReachedOnlyNowAndThenIsNotCalledUnreached() {
    // a 32G FC port full (3.2 GB/s) in 29 of 60 readings, 1 GB/s in the rest: p95 3.2 GB/s = 100%
    // of line rate, / 0.98 = 102% of practical, but 29 / 60 = 48% is below sustainedShare 50%
    Bed bed = new Bed().workload("w1", 1, 4, 1000, 0.004)
        .entity("h1/fc/p1", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .rel("w1", "via", "h1/fc/p1");
    for (int t = 0; t < 60; t++) {
      bed.data.addSample(t, "h1/fc/p1", "rx_bytes_per_s", t < 29 ? 3.2e9 : 1.0e9);
    }
    PhaseDecision d = detector.decide(bed.ctx());
    assertEquals(Bottleneck.NONE, d.bottleneck());
    assertEquals(List.of(
        "nothing on the data path held at its ceiling: tightest h1/fc/p1 rx p95 3.2 GB/s = 100% of 3.2 GB/s"
            + " (102% of practical, at its ceiling from 90%, not sustained as a limit)",
        // 1000 IOPS x 4 ms = 4 of 1 x 4 in flight: the queues full, so the configured depth is the cap
        "a configured cap: 4 I/Os in flight of the 4 configured (numjobs 1 x iodepth 4, 100%) while nothing on the"
            + " path saturated: the configured depth is the limit; raising it (or adding jobs or hosts) is the way to"
            + " load the path further",
        "transient saturation, not the limit: h1/fc/p1 rx at its ceiling in 29 of 60 readings (48%); a limit"
            + " from 50% of the phase"), d.evidence().subList(0, 3));
  }

  @Test
  void theStorageNodesOwnMachineIsNotTheTightest() {
    // the lab's shape: the array's cgroup (array_cpu) sits on the machine's CPU (host_cpu), which
    // is full with other work; the client's CPU is at 20%, the array's cgroup at 50%
    Bed bed = new Bed().workload("w1", 1, 1, 1000, 0.001)
        .entity("c/cpu", "host_cpu").entity("vol", "disk").entity("a/cgroup/x", "array_cpu").entity("a/cpu", "host_cpu")
        .rel("w1", "runs_on", "c/cpu").rel("w1", "targets", "vol").rel("vol", "served_by", "a/cgroup/x")
        .rel("a/cgroup/x", "on", "a/cpu")
        .constant("c/cpu", "util", 0.2).constant("a/cgroup/x", "util", 0.5).constant("a/cpu", "util", 1.0);
    PhaseDecision d = detector.decide(bed.ctx());
    assertEquals(Bottleneck.NONE, d.bottleneck());
    // util 0.50 against cpuBusy 0.90 scaled to atCeiling 0.90: 50% of practical
    assertEquals("nothing on the data path at its ceiling: tightest a/cgroup/x util p95 0.50 (50% of practical,"
        + " at its ceiling from 90%)", d.evidence().get(0));
    // the table agrees: the machine's row is not on the path, so its 100% is not NONE's tightest
    HeadroomEntry machine = Loads.rows(bed.ctx()).stream().filter(r -> r.entity().equals("a/cpu")).findFirst().orElseThrow();
    assertEquals(1.0, machine.utilization());
    assertFalse(machine.onPath());
  }
}
