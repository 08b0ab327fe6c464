package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A ceiling depends on conditions (SpecTime): a RAID volume specified at 9,600 IOPS (4 KiB random)
 * and 6 GB/s, read at random in 64 KiB blocks at 8,000 IOPS. Each I/O's fixed time from the two
 * figures is 1 / 9,600 - 4,096 / 6e9 = 104.1667 us - 0.6827 us = 103.484 us; 8,000 of them a
 * second are 0.82787 of the device, and 8,000 x 65,536 = 524.3 MB/s of transfer 0.08738: 0.91525,
 * 92% of the spec at this I/O size, while the IOPS figure reads 83% and the bytes figure 9%.
 */
class SpecTimeTest {
  private static Bed bed(String rw) {
    return new Bed()
        .workload("w1", 8, 32, 8_000, 0.032)
        .entity("w1", "workload", Map.of("numjobs", 8, "iodepth", 32, "rw", rw), Map.of())
        .entity("t/vol", "disk", Map.of(), Map.of("iops", 9_600.0, "bytes_per_s", 6.0e9))
        .rel("w1", "targets", "t/vol")
        .constant("t/vol", "read_iops", 8_000).constant("t/vol", "read_bytes_per_s", 8_000 * 65_536.0);
  }

  @Test
  void randomReadsLargerThan4KiBPayTheFixedTimeAndTheTransfer() {
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(bed("randread").ctx());
    assertEquals(Bottleneck.DISK, d.bottleneck(), d.evidence().toString());
    assertEquals("t/vol p95 92% of its spec at this I/O size (each I/O's fixed time from the 4 KiB IOPS spec plus its"
        + " transfer at the bytes/s spec)", d.evidence().get(0));
    assertEquals(0.91525, Load.diskSpec(bed("randread").ctx(), "t/vol").value(), 1e-5);
  }

  /** Sequential transfers skip the per-I/O fixed time: the two figures stay separate, 83% at most. */
  @Test
  void sequentialReadsAreJudgedOnEachFigureAlone() {
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(bed("read").ctx());
    assertEquals(Bottleneck.NONE, d.bottleneck(), d.evidence().toString());
    // 8,000 / 9,600 = 83%
    assertEquals(8_000 / 9_600.0, Load.diskSpec(bed("read").ctx(), "t/vol").share(), 1e-12);
  }
}
