package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Series (Behind): a volume served by an array node holds the node's queue in its own latency. A
 * volume busy with 30 requests queued, served by a node at util 0.95, is the node's echo: the node
 * is the limit, and the volume is neither the verdict nor a co-limit.
 */
class BehindTest {
  private static Bed bed(double nodeUtil) {
    return new Bed()
        .workload("w1", 1, 32, 10_000, 0.0032)
        .entity("t/vol", "disk").entity("t/node-a", "array_cpu")
        .rel("w1", "targets", "t/vol").rel("t/vol", "served_by", "t/node-a")
        .constant("t/node-a", "util", nodeUtil)
        .constant("t/vol", "util", 1.0).constant("t/vol", "queue_depth", 30)
        .constant("t/vol", "read_iops", 10_000).constant("t/vol", "read_latency_s", 0.003);
  }

  @Test
  void aBusyVolumeServedByASaturatedNodeIsTheNodesEcho() {
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(bed(0.95).ctx());
    assertEquals(Bottleneck.ARRAY_CPU, d.bottleneck(), d.evidence().toString());
    assertEquals("t/node-a", d.entity());
    assertEquals(List.of(), d.coLimits());
  }

  /** With the node below cpuBusy (0.89) nothing behind the volume is saturated: its own queue is the limit. */
  @Test
  void withNothingSaturatedBehindItTheVolumeIsItsOwnLimit() {
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(bed(0.89).ctx());
    assertEquals(Bottleneck.DISK, d.bottleneck(), d.evidence().toString());
    assertEquals("t/vol", d.entity());
  }

  /**
   * A node that only touched its ceiling holds no one's work: util ramping 0.80 to 0.92 over the 60
   * s is at or above cpuBusy (0.90) from 0.80 + 0.12 t / 59 >= 0.90, t >= 49.2, so 10 of 60 readings
   * (17%, under the sustained half) while its p95 (0.914) reaches the ceiling: a transient, so the
   * volume's queue is its own.
   */
  @Test
  void aNodeThatOnlyTouchedItsCeilingLeavesTheVolumeItsOwnLimit() {
    Bed b = new Bed()
        .workload("w1", 1, 32, 10_000, 0.0032)
        .entity("t/vol", "disk").entity("t/node-a", "array_cpu")
        .rel("w1", "targets", "t/vol").rel("t/vol", "served_by", "t/node-a")
        .ramp("t/node-a", "util", 0.80, 0.92)
        .constant("t/vol", "util", 1.0).constant("t/vol", "queue_depth", 30)
        .constant("t/vol", "read_iops", 10_000).constant("t/vol", "read_latency_s", 0.003);
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(b.ctx());
    assertEquals(Bottleneck.DISK, d.bottleneck(), d.evidence().toString());
    assertEquals("t/vol", d.entity());
  }

  @Test
  void whatServesAVolumeIsFollowedThroughServedByAndBehind() {
    Bed b = new Bed().entity("v", "disk").entity("n", "array_cpu").entity("d", "disk").entity("l", "pcie_link")
        .rel("v", "served_by", "n").rel("v", "behind", "d").rel("d", "behind", "l");
    assertEquals(java.util.Set.of("n", "d", "l"), Behind.servedBy(b.ctx(), "v"));
  }
}
