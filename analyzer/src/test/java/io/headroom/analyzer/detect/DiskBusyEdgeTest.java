package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link DiskRule} at its edges: a disk without a spec busy at diskBusy (set to 0.75, exact in
 * binary) and just below it, its queue at diskQueue (2.0) and just below, its latency climbing at
 * latencyClimb (2.0) in the direction with more operations; and a disk with a spec at exactly the
 * at-ceiling share of it (900 of 1,000 IOPS = 0.90) and one IOPS below.
 */
class DiskBusyEdgeTest {
  /** Defaults, but diskBusy 0.75. */
  private static final Thresholds T = new Thresholds(0.87, 0.95, 0.98, 0.90, 0.95, 0.90, 0.90, 0.75, 2.0, 2.0, 100.0,
      0.30, 0.30, 0.80, 0.05, 0.05, 0.50, 0.10, 1.20, 1.05, 5);

  private static Bed disk(double util) {
    return new Bed()
        .workload("w1", 1, 1, 100, 0.001)
        .entity("h1/disk/sda", "disk")
        .rel("w1", "targets", "h1/disk/sda")
        .constant("h1/disk/sda", "util", util);
  }

  /** {@code first} for t 0..19 (the first third), the mean of both for 20..39, {@code last} for 40..59. */
  private static Bed thirds(Bed bed, String metric, double first, double last) {
    for (int t = 0; t < 60; t++) {
      bed.data.addSample(t, "h1/disk/sda", metric, t < 20 ? first : t < 40 ? (first + last) / 2 : last);
    }
    return bed;
  }

  private static Optional<Finding> rule(Bed bed) {
    return new DiskRule().evaluate(Context.of(bed.data, null, Bed.WINDOW, T));
  }

  @Test
  void busyAtTheThresholdWithItsQueueAtTheThresholdIsTheLimitAndJustBelowEitherIsNot() {
    Finding f = rule(disk(0.75).constant("h1/disk/sda", "queue_depth", 2.0)).orElseThrow();
    assertEquals("h1/disk/sda", f.entity());
    assertEquals("h1/disk/sda util p95 0.75 (busy from 0.75), queue depth mean 2", f.evidence().get(0));
    // pressure 0.75 / (0.75 / 0.90) = 0.90: confidence 0.6, less 0.05 for the queue without a latency climb
    assertEquals(0.55, f.confidence(), 1e-6);
    assertTrue(rule(disk(0.7490234375).constant("h1/disk/sda", "queue_depth", 2.0)).isEmpty(), "util just below");
    assertTrue(rule(disk(0.75).constant("h1/disk/sda", "queue_depth", 1.9921875)).isEmpty(), "queue just below");
  }

  @Test
  void latencyClimbingAtTheThresholdIsEnoughAndWithAFullQueueCostsNoConfidence() {
    Finding climbing = rule(thirds(disk(0.75), "read_latency_s", 0.125, 0.25)).orElseThrow();
    assertEquals("h1/disk/sda util p95 0.75 (busy from 0.75), latency x2 from the first third to the last",
        climbing.evidence().get(0));
    assertEquals(0.55, climbing.confidence(), 1e-6);
    Finding both = rule(thirds(disk(0.75), "read_latency_s", 0.125, 0.25).constant("h1/disk/sda", "queue_depth", 2.0))
        .orElseThrow();
    assertEquals(0.60, both.confidence(), 1e-6);
    // x1.9921875 (0.2490234375 / 0.125): no climb, and no queue reading: not the limit
    assertTrue(rule(thirds(disk(0.75), "read_latency_s", 0.125, 0.2490234375)).isEmpty());
  }

  @Test
  void theClimbIsReadInTheDirectionWithMoreOperations() {
    // writes 200/s over reads 100/s: the write latency's climb counts
    Bed writes = thirds(disk(0.75), "write_latency_s", 0.125, 0.25)
        .constant("h1/disk/sda", "write_iops", 200).constant("h1/disk/sda", "read_iops", 100)
        .constant("h1/disk/sda", "read_latency_s", 0.125);
    Finding f = rule(writes).orElseThrow();
    assertEquals(List.of("h1/disk/sda util p95 0.75 (busy from 0.75), latency x2 from the first third to the last",
        "h1/disk/sda read latency mean 125 ms, write latency mean 187.5 ms"), f.evidence());
    // as many writes as reads: the read latency, flat, is the one read
    Bed even = thirds(disk(0.75), "write_latency_s", 0.125, 0.25)
        .constant("h1/disk/sda", "write_iops", 100).constant("h1/disk/sda", "read_iops", 100)
        .constant("h1/disk/sda", "read_latency_s", 0.125);
    assertTrue(rule(even).isEmpty());
  }

  @Test
  void aDiskWithASpecIsAtItsCeilingFromNinetyPercentOfIt() {
    Bed at = new Bed()
        .workload("w1", 1, 1, 100, 0.001)
        .entity("h1/disk/nvme0n1", "disk", Map.of(), Map.of("iops", 1000.0))
        .rel("w1", "targets", "h1/disk/nvme0n1")
        .constant("h1/disk/nvme0n1", "read_iops", 900); // 900 / 1,000 = 0.90 = atCeiling
    assertTrue(new DiskRule().evaluate(at.ctx()).isPresent());
    Bed below = new Bed()
        .workload("w1", 1, 1, 100, 0.001)
        .entity("h1/disk/nvme0n1", "disk", Map.of(), Map.of("iops", 1000.0))
        .rel("w1", "targets", "h1/disk/nvme0n1")
        .constant("h1/disk/nvme0n1", "read_iops", 899);
    assertTrue(new DiskRule().evaluate(below.ctx()).isEmpty());
  }
}
