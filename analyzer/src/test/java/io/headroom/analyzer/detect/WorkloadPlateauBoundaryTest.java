package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link WorkloadSignals} at its two thresholds, on figures that are exact in binary so "at" is
 * really at: throughput flat at cv = plateauCv (0.05) and varying just above it; latency climbing
 * at latencyClimb (2.0) and not just below. The window is {@link Bed#WINDOW}, 60 readings.
 */
class WorkloadPlateauBoundaryTest {
  /**
   * IOPS alternating mean + d and mean - d every second. cv drops the first 10% (readings 0..5), so
   * 54 readings remain, 27 of each: mean 100, standard deviation d, cv = d / 100.
   */
  private static Bed alternatingIops(double d) {
    Bed bed = new Bed().entity("w1", "workload");
    for (int t = 0; t < 60; t++) {
      bed.data.addSample(t, "w1", "read_iops", t % 2 == 0 ? 100 + d : 100 - d);
    }
    return bed;
  }

  /** Read latency {@code first} for t 0..19 (the first third), 0.25 s in between, {@code last} for t 40..59. */
  private static Bed latency(Bed bed, String metric, double first, double last) {
    for (int t = 0; t < 60; t++) {
      bed.data.addSample(t, "w1", metric, t < 20 ? first : t < 40 ? 0.25 : last);
    }
    return bed;
  }

  @Test
  void throughputIsFlatAtPlateauCvAndVaryingJustAbove() {
    // d = 5: sd 5 / mean 100 = 0.05 exactly, the threshold
    assertEquals("workload 100 IOPS mean, flat (cv 5%)", WorkloadSignals.notes(alternatingIops(5).ctx()).get(0));
    assertEquals(List.of("throughput flat (cv 5%)"), WorkloadSignals.holdsAgainstCeiling(alternatingIops(5).ctx()));
    // d = 5.0625: cv 0.050625 (shown as 5%, but above the threshold)
    assertEquals("workload 100 IOPS mean, varying (cv 5%)", WorkloadSignals.notes(alternatingIops(5.0625).ctx()).get(0));
    assertEquals(List.of(), WorkloadSignals.holdsAgainstCeiling(alternatingIops(5.0625).ctx()));
  }

  @Test
  void latencyClimbsAtTwiceItsFirstThirdAndNotJustBelow() {
    // last third 0.25 s over first third 0.125 s = 2.0 exactly, the threshold
    Bed at = latency(alternatingIops(4), "read_latency_s", 0.125, 0.25);
    assertEquals(2.0, WorkloadSignals.latencyClimb(at.ctx()));
    assertEquals("workload 100 IOPS mean, flat (cv 4%); latency x2 from the first third to the last",
        WorkloadSignals.notes(at.ctx()).get(0));
    assertEquals(List.of("throughput flat (cv 4%)", "latency x2 from the first third to the last"),
        WorkloadSignals.holdsAgainstCeiling(at.ctx()));
    // 0.2490234375 / 0.125 = 1.9921875: just below
    Bed below = latency(alternatingIops(4), "read_latency_s", 0.125, 0.2490234375);
    assertEquals("workload 100 IOPS mean, flat (cv 4%)", WorkloadSignals.notes(below.ctx()).get(0));
    assertEquals(List.of("throughput flat (cv 4%)"), WorkloadSignals.holdsAgainstCeiling(below.ctx()));
  }

  @Test
  void theSteepestOfReadAndWriteLatencyIsTheClimb() {
    Bed bed = latency(alternatingIops(4), "read_latency_s", 0.125, 0.25);   // x2
    latency(bed, "write_latency_s", 0.0625, 0.25);                           // x4
    assertEquals(4.0, WorkloadSignals.latencyClimb(bed.ctx()));
    Bed reversed = latency(alternatingIops(4), "read_latency_s", 0.0625, 0.25); // x4
    latency(reversed, "write_latency_s", 0.125, 0.25);                          // x2
    assertEquals(4.0, WorkloadSignals.latencyClimb(reversed.ctx()));
  }

  @Test
  void bytesThatAreAllZeroLeaveTheThroughputToIops() {
    Bed bed = alternatingIops(5).constant("w1", "read_bytes_per_s", 0);
    assertEquals("workload 100 IOPS mean, flat (cv 5%)", WorkloadSignals.notes(bed.ctx()).get(0));
  }

  @Test
  void iopsThatAreAllZeroAreNotQuotedBesideBytes() {
    Bed bed = new Bed().entity("w1", "workload").constant("w1", "read_bytes_per_s", 2e9).constant("w1", "read_iops", 0);
    String note = WorkloadSignals.notes(bed.ctx()).get(0);
    assertEquals("workload 2 GB/s mean, flat (cv 0%)", note, "2e9 B/s, with no IOPS beside it");
  }

  @Test
  void aWorkloadWithNoThroughputInTheWindowHasNoThroughputNote() {
    Bed bed = new Bed().entity("w1", "workload");
    latency(bed, "read_latency_s", 0.125, 0.25);
    assertTrue(WorkloadSignals.notes(bed.ctx()).stream().noneMatch(n -> n.startsWith("workload")),
        WorkloadSignals.notes(bed.ctx()).toString());
    assertEquals(List.of(WorkloadSignals.NO_READINGS), WorkloadSignals.holdsAgainstCeiling(bed.ctx()));
  }
}
