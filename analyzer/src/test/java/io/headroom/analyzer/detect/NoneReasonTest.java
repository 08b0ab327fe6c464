package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
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
}
