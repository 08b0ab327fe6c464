package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The split of a read's time from three points (docs/detection.md, "Latency attribution"): the
 * workload's 2.0 ms, the host's LUN sdb (behind its HBA's link) 1.8 ms, the array's volume 1.5 ms:
 * 2.0 - 1.8 = 0.2 ms in the host's stack, 1.8 - 1.5 = 0.3 ms between the LUN and the array, 1.5 ms
 * in the array. Constant readings, so every mean is its level.
 */
class LatencyAttributionTest {
  private static Bed bed(double workload, double lun, double volume) {
    Bed b = new Bed().entity("h1/pcie/hba", "pcie_link").entity("h1/disk/sdb", "disk").entity("arr/vol1", "disk")
        .entity("arr/node-a", "array_cpu").rel("h1/disk/sdb", "behind", "h1/pcie/hba")
        .rel("h1/disk/sdb", "served_by", "arr/node-a").rel("arr/vol1", "served_by", "arr/node-a")
        .workload("h1/fio", 4, 32, 64_000, workload).rel("h1/fio", "targets", "h1/disk/sdb")
        .rel("h1/fio", "targets", "arr/vol1");
    b.constant("h1/disk/sdb", "read_iops", 64_000).constant("h1/disk/sdb", "read_latency_s", lun);
    b.constant("arr/vol1", "read_iops", 64_000).constant("arr/vol1", "read_latency_s", volume);
    return b;
  }

  @Test
  void threePointsSplitIntoHostStackLinkAndArray() {
    assertEquals(List.of("latency, reads: of 2.00 ms per read, 0.20 ms (10%) in the host's I/O stack, 0.30 ms (15%)"
        + " between the host's device and the array, the array served 1.50 ms (75%): the time is in the array;"
        + " it confirms the verdict (ARRAY_CPU)"),
        LatencyAttribution.notes(bed(0.002, 0.0018, 0.0015).ctx(), Bottleneck.ARRAY_CPU));
  }

  @Test
  void aHostCpuVerdictWithTheTimeInTheArrayIsQuestioned() {
    // the host stack's 0.2 ms of 2.0 is 10%: HOST_CPU is questioned
    assertEquals(List.of("latency, reads: of 2.00 ms per read, 0.20 ms (10%) in the host's I/O stack, 0.30 ms (15%)"
        + " between the host's device and the array, the array served 1.50 ms (75%): the time is in the array;"
        + " it questions the verdict (HOST_CPU): only 0.20 ms (10%) of each read is in the host's I/O stack"),
        LatencyAttribution.notes(bed(0.002, 0.0018, 0.0015).ctx(), Bottleneck.HOST_CPU));
  }

  @Test
  void aPartBelowZeroByAveragingIsZeroAndNoneIsNeitherConfirmedNorQuestioned() {
    // the LUN's mean 1.4 ms below the volume's 1.5 (an array's own averaging): 0 between them, and
    // the array's point, nested in the LUN's, taken as all of the LUN's 1.4 ms, so the parts add
    // up to the whole: 0.60 + 0.00 + 1.40 = 2.00 ms (no part above its whole, issue 44)
    assertEquals(List.of("latency, reads: of 2.00 ms per read, 0.60 ms (30%) in the host's I/O stack, 0.00 ms (0%)"
        + " between the host's device and the array, the array served 1.40 ms (70%): the time is in the array"),
        LatencyAttribution.notes(bed(0.002, 0.0014, 0.0015).ctx(), Bottleneck.NONE));
  }

  @Test
  void theWorkloadAloneSaysNothing() {
    Bed b = new Bed().workload("h1/fio", 4, 32, 64_000, 0.002);
    assertEquals(List.of(), LatencyAttribution.notes(b.ctx(), Bottleneck.HOST_CPU));
  }

  /**
   * A verdict its own split questions keeps at most QUESTIONED (0.8) of confidence: the host CPU
   * full (util 0.99: 0.6 + 0.35 x 0.9 = 0.915, more with a queue), while only 0.2 ms of each 2.0 ms
   * read is in the host's stack.
   */
  @Test
  void aVerdictItsSplitQuestionsIsHeldAtEightyPercent() {
    Bed b = bed(0.002, 0.0018, 0.0015).entity("h1/cpu", "host_cpu").rel("h1/fio", "runs_on", "h1/cpu")
        .constant("h1/cpu", "util", 0.99);
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(b.ctx());
    assertEquals(Bottleneck.HOST_CPU, d.bottleneck(), d.evidence().toString());
    assertEquals(LatencyAttribution.QUESTIONED, d.confidence());
  }
}
