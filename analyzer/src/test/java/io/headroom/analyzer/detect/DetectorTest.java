package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.headroom.model.Bottleneck;
import io.headroom.model.CoLimit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DetectorTest {
  private final Detector detector = new Detector(Thresholds.defaults());

  /** Study S3 sequential: an FDR port and a RAID50 volume both near 6 GB/s. */
  private static Bed s3(double portBytes, double diskBytes) {
    return new Bed()
        .workload("w1", 8, 32, 5_860, 0.0437)
        .entity("s3/ib/server", "net_port", Map.of("fabric", "infiniband"), Bed.bytes(6.8e9))
        .entity("s3/vol", "disk", Map.of(), Bed.bytes(6.4e9))
        .rel("w1", "via", "s3/ib/server")
        .rel("w1", "targets", "s3/vol")
        .constant("s3/ib/server", "tx_bytes_per_s", portBytes)
        .constant("s3/vol", "read_bytes_per_s", diskBytes);
  }

  @Test
  void twoLimitsAtOnceNameOnePrimaryAndTheOtherInEvidence() {
    PhaseDecision d = detector.decide(s3(6.0e9, 5.8e9).ctx());
    // port: 6.0 / 6.8 / 0.90 = 0.980; disk: 5.8 / 6.4 = 0.906
    assertEquals(Bottleneck.NETWORK, d.bottleneck());
    assertEquals("s3/ib/server", d.entity());
    assertEquals(List.of(
        "s3/ib/server tx p95 6 GB/s = 88% of 6.8 GB/s (98% of the practical 90% of line rate, infiniband)",
        // every one of the window's 60 constant readings is at the ceiling; 5,860 IOPS x 43.7 ms = 256 in flight
        "sustained: s3/ib/server tx at its ceiling in 60 of 60 readings (100%); the workload shows it:"
            + " throughput flat (cv 0%), queues kept full (100% of the outstanding I/O in flight)",
        "co-limit, also at its ceiling: DISK s3/vol: s3/vol p95 5.8 GB/s = 91% of its 6.4 GB/s spec",
        "workload 5,860 IOPS mean, flat (cv 0%)",
        "Little's law: IOPS x mean latency = 256 of 256 outstanding I/O (100%): queues kept full,"
            + " so each I/O's time went to serving it (the device, the path, or the CPU work of the I/O stack),"
            + " not to waiting for submission"), d.evidence());
    // the disk is a co-limit: 5.8 / 6.4 = 0.9063 of its spec
    assertEquals(List.of(new CoLimit(Bottleneck.DISK, "s3/vol", 0.9063,
        "s3/vol p95 5.8 GB/s = 91% of its 6.4 GB/s spec")), d.coLimits());
    assertEquals(0.88, d.confidence(), 1e-9);
  }

  @Test
  void nearTieLowersConfidence() {
    // port 0.980, disk 6.0 / 6.4 = 0.9375: within 0.05
    PhaseDecision d = detector.decide(s3(6.0e9, 6.0e9).ctx());
    assertEquals(Bottleneck.NETWORK, d.bottleneck());
    assertEquals("co-limit, also at its ceiling (a near tie): DISK s3/vol: s3/vol p95 6 GB/s = 94% of its"
        + " 6.4 GB/s spec", d.evidence().get(2));
    // 0.8814 for the port alone, times 0.8 for the tie
    assertEquals(0.71, d.confidence(), 1e-9);
  }

  @Test
  void nothingAtItsCeilingIsNoneWithTheTightestNamed() {
    Bed bed = s3(2.0e9, 2.0e9)
        .entity("lab/sw9/port/7", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .constant("lab/sw9/port/7", "tx_bytes_per_s", 1.2e10)
        .entity("lab/pcie/spare", "pcie_link",
            Map.of("gen", 3, "width", 4, "max_gen", 4, "max_width", 16), Bed.bytes(3.94e9))
        .constant("lab/pcie/spare", "read_bytes_per_s", 0);
    PhaseDecision d = detector.decide(bed.ctx());
    assertEquals(Bottleneck.NONE, d.bottleneck());
    assertNull(d.entity());
    assertEquals(List.of(
        "nothing on the data path at its ceiling: tightest s3/ib/server tx p95 2 GB/s = 29% of"
            + " 6.8 GB/s (33% of practical, at its ceiling from 90%)",
        // 256 of 256 in flight (Little's law, at littleFull 80% or more): the configured depth is the cap
        "a configured cap: 256 I/Os in flight of the 256 configured (numjobs 8 x iodepth 32, 100%) while nothing"
            + " on the path saturated: the configured depth is the limit; raising it (or adding jobs or hosts) is the"
            + " way to load the path further",
        "workload 5,860 IOPS mean, flat (cv 0%)",
        "Little's law: IOPS x mean latency = 256 of 256 outstanding I/O (100%): queues kept full,"
            + " so each I/O's time went to serving it (the device, the path, or the CPU work of the I/O stack),"
            + " not to waiting for submission",
        "degraded link off the data path: lab/pcie/spare trained Gen3 x4, capable of Gen4 x16,"
            + " carrying p95 0 kB/s",
        "off the data path, not the verdict: lab/sw9/port/7 tx p95 12 GB/s = 96% of 12.5 GB/s"),
        d.evidence());
    assertEquals(0.95, d.confidence(), 1e-9);
  }

  @Test
  void confidenceOfNoneFallsAsTheTightestNearsItsCeiling() {
    // port 5.0 / 6.8 / 0.9 = 0.817: 0.5 + 0.9 - 0.817 = 0.58
    PhaseDecision d = detector.decide(s3(5.0e9, 2.0e9).ctx());
    assertEquals(Bottleneck.NONE, d.bottleneck());
    assertEquals(0.58, d.confidence(), 1e-9);
  }
}
