package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every threshold of docs/detection.md section 6 at its boundary: just below (does not fire), at
 * (fires: every comparison is "at or above") and just above (fires). Inputs are chosen so that
 * the figure compared lands exactly on the threshold in double arithmetic: an integer over an
 * integer whose real quotient is the threshold rounds to the same double as the threshold's
 * literal (IEEE division is correctly rounded), and a mean of dyadic readings is exact. Where a
 * naive input would not be exact (the mean of 60 readings of 0.30 is 0.3000000000000004, above
 * the threshold, so it could not tell ">=" from ">"), the test says so and builds an exact one.
 */
class ThresholdBoundariesTest {
  /** One line rate for every link and port below: 10 GB/s, so practical x line rate is an integer. */
  private static final double LINE = 1.0e10;

  // ---- atCeiling (0.90) with each practical share: PCIe and every fabric --------------------

  /**
   * pciePractical 0.87: full from 0.90 x 0.87 x 10 GB/s = 7.83 GB/s host-to-device.
   * below 0.899 x 8.7 = 7.8213; at 0.90 x 8.7 = 7.83; above 0.901 x 8.7 = 7.8387 (GB/s).
   */
  @ParameterizedTest(name = "PCIe host-to-device {0} B/s: limit {1}")
  @CsvSource({"7.8213e9, false", "7.83e9, true", "7.8387e9, true"})
  void pcieLinkAtItsPracticalCeiling(double hostToDevice, boolean fires) {
    Bed bed = new Bed().workload("w1", 1, 32, 1_000, 0.001)
        .entity("h1/disk/d0", "disk")
        .entity("h1/pcie/l0", "pcie_link", Map.of(), Bed.bytes(LINE))
        .rel("w1", "targets", "h1/disk/d0").rel("h1/disk/d0", "behind", "h1/pcie/l0")
        .constant("h1/pcie/l0", "write_bytes_per_s", hostToDevice);
    assertFires(fires, new PcieRule().evaluate(bed.ctx()));
  }

  /**
   * A port's practical share by fabric, at atCeiling 0.90 (full from 0.90 x share x 10 GB/s):
   * <pre>
   * fabric      share  below 0.899 x share x 10   at 0.90 x share x 10   above 0.901 x share x 10
   * ethernet    0.95   8.5405                     8.55                   8.5595
   * roce        0.95   8.5405                     8.55                   8.5595
   * fc          0.98   8.8102                     8.82                   8.8298
   * infiniband  0.90   8.091                      8.1                    8.109
   * (none)      0.95   8.5405                     8.55                   8.5595   (other: as Ethernet)
   * </pre>
   */
  @ParameterizedTest(name = "{0} port rx {1} B/s: limit {2}")
  @CsvSource({
      "ethernet, 8.5405e9, false", "ethernet, 8.55e9, true", "ethernet, 8.5595e9, true",
      "roce, 8.5405e9, false", "roce, 8.55e9, true", "roce, 8.5595e9, true",
      "fc, 8.8102e9, false", "fc, 8.82e9, true", "fc, 8.8298e9, true",
      "infiniband, 8.091e9, false", "infiniband, 8.1e9, true", "infiniband, 8.109e9, true",
      "'', 8.5405e9, false", "'', 8.55e9, true", "'', 8.5595e9, true"})
  void portAtItsFabricsPracticalCeiling(String fabric, double rx, boolean fires) {
    Map<String, Object> attrs = fabric.isEmpty() ? Map.of() : Map.of("fabric", fabric);
    Bed bed = new Bed().workload("w1", 1, 32, 1_000, 0.001)
        .entity("sw1/port/1", "net_port", attrs, Bed.bytes(LINE))
        .rel("w1", "via", "sw1/port/1")
        .constant("sw1/port/1", "rx_bytes_per_s", rx);
    assertFires(fires, new NetworkRule().evaluate(bed.ctx()));
  }

  /**
   * A disk's spec (practical 1.0): full from 0.90 x 10,000 IOPS = 9,000 IOPS, reads plus
   * writes: below 8,990 (0.899), at 9,000 (9,000 / 10,000 = 0.90), above 9,010 (0.901); each
   * split 2/3 reads, 1/3 writes so the sum is what is judged.
   */
  @ParameterizedTest(name = "disk at {0} IOPS of a 10,000 spec: limit {1}")
  @CsvSource({"8990, false", "9000, true", "9010, true"})
  void diskAtItsIopsSpec(double iops, boolean fires) {
    Bed bed = disk(Map.of("iops", 10_000.0))
        .constant("s3/vol", "read_iops", iops * 2 / 3)
        .constant("s3/vol", "write_iops", iops / 3);
    assertFires(fires, new DiskRule().evaluate(bed.ctx()));
  }

  /** The same on bytes: full from 0.90 x 10 GB/s = 9 GB/s; below 8.99, above 9.01 (GB/s). */
  @ParameterizedTest(name = "disk at {0} B/s of a 10 GB/s spec: limit {1}")
  @CsvSource({"8.99e9, false", "9.0e9, true", "9.01e9, true"})
  void diskAtItsBytesSpec(double bytes, boolean fires) {
    Bed bed = disk(Map.of("bytes_per_s", LINE)).constant("s3/vol", "read_bytes_per_s", bytes);
    assertFires(fires, new DiskRule().evaluate(bed.ctx()));
  }

  // ---- cpuBusy (0.90) -------------------------------------------------------------------------

  /** Host util p95 of a constant is the constant: 0.899, 0.900, 0.901 against 0.90. */
  @ParameterizedTest(name = "host util {0}: limit {1}")
  @CsvSource({"0.899, false", "0.90, true", "0.901, true"})
  void hostCpuBusy(double util, boolean fires) {
    Bed bed = new Bed().workload("w1", 1, 32, 1_000, 0.001)
        .entity("h1/cpu", "host_cpu")
        .rel("w1", "runs_on", "h1/cpu")
        .constant("h1/cpu", "util", util);
    assertFires(fires, new HostCpuRule().evaluate(bed.ctx()));
  }

  @ParameterizedTest(name = "array node util {0}: limit {1}")
  @CsvSource({"0.899, false", "0.90, true", "0.901, true"})
  void arrayCpuBusy(double util, boolean fires) {
    Bed bed = new Bed().workload("w1", 1, 32, 1_000, 0.001)
        .entity("array/node-a", "array_cpu")
        .entity("array/vol1", "disk")
        .rel("w1", "targets", "array/vol1").rel("array/vol1", "served_by", "array/node-a")
        .constant("array/node-a", "util", util);
    assertFires(fires, new ArrayCpuRule().evaluate(bed.ctx()));
  }

  // ---- diskBusy (0.90), diskQueue (2), latencyClimb (2) --------------------------------------

  /** No spec; queue depth 3 (above diskQueue), so busy time alone decides: 0.899, 0.90, 0.901. */
  @ParameterizedTest(name = "busy {0} with a queue: limit {1}")
  @CsvSource({"0.899, false", "0.90, true", "0.901, true"})
  void diskBusy(double util, boolean fires) {
    Bed bed = disk(Map.of()).constant("s3/vol", "util", util).constant("s3/vol", "queue_depth", 3)
        .constant("s3/vol", "read_iops", 300).constant("s3/vol", "read_latency_s", 0.004);
    assertFires(fires, new DiskRule().evaluate(bed.ctx()));
  }

  /**
   * Busy (0.95), latency flat: the queue decides. Mean of 60 readings of 2.0 is 120 / 60 = 2.0
   * exactly; 1.99 and 2.01 are 0.5% either side.
   */
  @ParameterizedTest(name = "queue depth {0}: limit {1}")
  @CsvSource({"1.99, false", "2.0, true", "2.01, true"})
  void diskQueue(double depth, boolean fires) {
    Bed bed = disk(Map.of()).constant("s3/vol", "util", 0.95).constant("s3/vol", "queue_depth", depth)
        .constant("s3/vol", "read_iops", 300).constant("s3/vol", "read_latency_s", 0.004);
    assertFires(fires, new DiskRule().evaluate(bed.ctx()));
  }

  /**
   * Busy (0.95), queue 1 (below 2): the latency climb decides. First third (20 readings) at 1/128
   * s = 7.8125 ms, middle at 10 ms, last third at L: climb = L / 7.8125 ms.
   * below L = 15.6 ms: 1.9968; at L = 1/64 s = 15.625 ms: 2.0 exactly (dyadic, exact means);
   * above L = 15.7 ms: 2.0096.
   */
  @ParameterizedTest(name = "last-third latency {0} s: limit {1}")
  @CsvSource({"0.0156, false", "0.015625, true", "0.0157, true"})
  void diskLatencyClimb(double lastThird, boolean fires) {
    Bed bed = disk(Map.of()).constant("s3/vol", "util", 0.95).constant("s3/vol", "queue_depth", 1)
        .constant("s3/vol", "read_iops", 300);
    thirds(bed, "s3/vol", "read_latency_s", 1 / 128.0, 0.010, lastThird);
    assertFires(fires, new DiskRule().evaluate(bed.ctx()));
  }

  // ---- pausePerS (100/s), creditZeroShare (0.10) ---------------------------------------------

  /** A port at 20% of line rate pausing: p95 of a constant is the constant, 99, 100, 101 per s. */
  @ParameterizedTest(name = "pause frames {0}/s: limit {1}")
  @CsvSource({"99, false", "100, true", "101, true"})
  void pauseFrames(double perS, boolean fires) {
    Bed bed = quietFcPort().constant("s1/fc/p1", "pause_per_s", perS);
    assertFires(fires, new NetworkRule().evaluate(bed.ctx()));
  }

  @ParameterizedTest(name = "zero credit {0} of the time: limit {1}")
  @CsvSource({"0.099, false", "0.10, true", "0.101, true"})
  void creditStarvation(double share, boolean fires) {
    Bed bed = quietFcPort().constant("s1/fc/p1", "tx_credit_zero_fraction", share);
    assertFires(fires, new NetworkRule().evaluate(bed.ctx()));
  }

  // ---- remoteAccess (0.30), socketImbalance (0.30) -------------------------------------------

  /**
   * Pinned to socket 0, its device on socket 1 (misplaced), sockets evenly loaded: the remote
   * ratio decides. The mean of 60 readings of 0.30 sums to 18.000000000000025 (0.3000000000000004,
   * above the threshold), so "at" is 48 readings of 0.25 and 12 of 0.5: (12 + 6) / 60 = 0.30
   * exactly. below: 60 x 0.299 (mean 0.29899999999999977); above: 60 x 0.301.
   */
  @ParameterizedTest(name = "remote access {0}: limit {1}")
  @CsvSource({"0.299, false", "at, true", "0.301, true"})
  void remoteAccess(String ratio, boolean fires) {
    Bed bed = twoSockets("h1/cpu/socket0", 0.5, 0.5);
    if (ratio.equals("at")) {
      for (int t = 0; t < 60; t++) {
        bed.data.addSample(t, "h1/cpu/socket0", "remote_access_ratio", t < 48 ? 0.25 : 0.5);
      }
    } else {
      bed.constant("h1/cpu/socket0", "remote_access_ratio", Double.parseDouble(ratio));
    }
    assertFires(fires, new NumaRule().evaluate(bed.ctx()));
  }

  /**
   * Unpinned (on the host), its device local to socket 0 (nothing misplaced), remote ratio 0.5:
   * the socket gap decides. Socket 1 at 0.2: gap = busiest - idlest: 0.5 - 0.2 is the double
   * 0.3 exactly; below 0.499 - 0.2 = 0.299; above 0.501 - 0.2 = 0.301.
   */
  @ParameterizedTest(name = "socket 0 at {0}, socket 1 at 0.2: limit {1}")
  @CsvSource({"0.499, false", "0.5, true", "0.501, true"})
  void socketImbalance(double socket0, boolean fires) {
    Bed bed = twoSockets("h1/cpu", socket0, 0.2).constant("h1/cpu/socket0", "remote_access_ratio", 0.5);
    assertFires(fires, new NumaRule().evaluate(bed.ctx()));
  }

  // ---- littleFull (0.80), plateauCv (0.05) -------------------------------------------------

  /**
   * One job at iodepth 100; latency 1/16 s (exact). In flight = IOPS / 16:
   * below 1,279 IOPS: 79.9375 of 100 (0.799); at 1,280: 80 of 100 = 0.80; above 1,281: 0.8006.
   */
  @ParameterizedTest(name = "{0} IOPS at 62.5 ms, 100 outstanding: queues full {1}")
  @CsvSource({"1279, false", "1280, true", "1281, true"})
  void littleFull(double iops, boolean full) {
    Bed bed = new Bed().workload("w1", 1, 100, iops, 0.0625);
    String little = WorkloadSignals.notes(bed.ctx()).get(1);
    assertEquals(full, little.contains(": queues kept full"), little);
  }

  /**
   * Throughput alternating m - d and m + d (m = 1,000 IOPS) over the 54 readings after the first
   * 10% (6 of 60): mean 1,000, population stddev d, cv = d / 1,000 (all exact):
   * below d = 49: 0.049 (flat); at d = 50: 0.05 (flat); above d = 51: 0.051 (varying).
   * plateauCv is an upper bound ("cv <= 5%" is flat), so here "at" is on the flat side.
   */
  @ParameterizedTest(name = "cv from +/-{0} IOPS around 1,000: flat {1}")
  @CsvSource({"49, true", "50, true", "51, false"})
  void plateauCv(double d, boolean flat) {
    Bed bed = new Bed().entity("w1", "workload", Map.of("numjobs", 1, "iodepth", 1), Map.of());
    for (int t = 0; t < 60; t++) {
      bed.data.addSample(t, "w1", "read_iops", t % 2 == 0 ? 1_000 - d : 1_000 + d);
    }
    String line = WorkloadSignals.notes(bed.ctx()).get(0);
    assertEquals(flat, line.contains(", flat (cv "), line);
    assertEquals(!flat, line.contains(", varying (cv "), line);
  }

  // ---- sustainedShare (0.50) -----------------------------------------------------------------

  /**
   * An FC port at line rate in the first n of 60 readings, 1 GB/s after; queues full.
   * below 29 / 60 = 0.483; at 30 / 60 = 0.50; above 31 / 60 = 0.517.
   */
  @ParameterizedTest(name = "{0} of 60 readings at the ceiling: limit {1}")
  @CsvSource({"29, false", "30, true", "31, true"})
  void sustainedShare(int full, boolean limit) {
    Bed bed = new Bed().workload("w1", 8, 32, 25_000, 0.01)
        .entity("s1/fc/p1", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .rel("w1", "via", "s1/fc/p1");
    for (int t = 0; t < 60; t++) {
      bed.data.addSample(t, "s1/fc/p1", "tx_bytes_per_s", t < full ? 3.2e9 : 1.0e9);
    }
    assertEquals(limit ? Bottleneck.NETWORK : Bottleneck.NONE,
        new Detector(Thresholds.defaults()).decide(bed.ctx()).bottleneck());
  }

  // ---- nearTie (0.05) ------------------------------------------------------------------------

  /**
   * A disk at its spec (10,000 of 10,000 IOPS: pressure 1.0) and an array node at util u
   * (pressure u, since cpuBusy / atCeiling = 1): a co-limit 1.0 - u apart.
   * below u = 0.951: 0.049 apart, a near tie; above u = 0.949: 0.051, not one.
   * At: u = 0.95 is 0.05 apart in real numbers and 0.050000000000000044 in doubles, not a tie
   * ("within 0.05" is strictly less). The double 0.05 itself cannot be the difference of two
   * pressures near 1 (those differ by multiples of 2^-53; 0.05's double is not one), so "<" and
   * "<=" give the same verdict for every pair of real pressures there: the one boundary that no
   * input can pin down further.
   */
  @ParameterizedTest(name = "array node at {0} beside a disk at 1.0: near tie {1}")
  @CsvSource({"0.951, true", "0.95, false", "0.949, false"})
  void nearTie(double nodeUtil, boolean tie) {
    Bed bed = disk(Map.of("iops", 10_000.0)).constant("s3/vol", "read_iops", 10_000)
        .entity("array/node-a", "array_cpu")
        .rel("s3/vol", "served_by", "array/node-a")
        .constant("array/node-a", "util", nodeUtil);
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(bed.ctx());
    assertEquals(Bottleneck.DISK, d.bottleneck());
    assertEquals(1, d.coLimits().size());
    String coLimit = d.evidence().stream().filter(l -> l.startsWith("co-limit")).findFirst().orElseThrow();
    assertEquals(tie, coLimit.startsWith("co-limit, also at its ceiling (a near tie): "), coLimit);
  }

  // ---- helpers -------------------------------------------------------------------------------

  private static void assertFires(boolean expected, Optional<Finding> finding) {
    assertEquals(expected, finding.isPresent(), () -> finding.map(f -> "fired: " + f.evidence()).orElse("did not fire"));
  }

  /** A volume the workload targets, with the given spec (empty: none). */
  private static Bed disk(Map<String, Double> spec) {
    return new Bed().workload("w1", 8, 32, 9_000, 0.0284)
        .entity("s3/vol", "disk", Map.of(), spec)
        .rel("w1", "targets", "s3/vol");
  }

  /** An FC port on the path at 0.64 GB/s of 3.2 (20%): far from its line-rate ceiling. */
  private static Bed quietFcPort() {
    return new Bed().workload("w1", 8, 32, 25_000, 0.01)
        .entity("s1/fc/p1", "net_port", Map.of("fabric", "fc"), Bed.bytes(3.2e9))
        .rel("w1", "via", "s1/fc/p1")
        .constant("s1/fc/p1", "tx_bytes_per_s", 0.64e9);
  }

  /**
   * A host with two sockets, an NVMe link on socket 1 (a device of the path), the workload on
   * {@code runsOn} (the host: unpinned; a socket: pinned), and the sockets' util constant.
   */
  private static Bed twoSockets(String runsOn, double socket0, double socket1) {
    return new Bed().workload("w1", 16, 32, 1_000_000, 0.0001)
        .entity("h1/cpu", "host_cpu")
        .entity("h1/cpu/socket0", "cpu_socket").entity("h1/cpu/socket1", "cpu_socket")
        .entity("h1/pcie/nvme1", "pcie_link", Map.of(), Bed.bytes(7.88e9))
        .entity("h1/disk/nvme1n1", "disk")
        .rel("w1", "runs_on", runsOn)
        .rel("w1", "targets", "h1/disk/nvme1n1")
        .rel("h1/disk/nvme1n1", "behind", "h1/pcie/nvme1")
        .rel("h1/pcie/nvme1", "on", runsOn.equals("h1/cpu") ? "h1/cpu/socket0" : "h1/cpu/socket1")
        .rel("h1/cpu/socket0", "on", "h1/cpu").rel("h1/cpu/socket1", "on", "h1/cpu")
        .constant("h1/cpu/socket0", "util", socket0)
        .constant("h1/cpu/socket1", "util", socket1);
  }

  /** 20 readings at {@code first}, 20 at {@code middle}, 20 at {@code last}. */
  private static void thirds(Bed bed, String entity, String metric, double first, double middle, double last) {
    for (int t = 0; t < 60; t++) {
      bed.data.addSample(t, entity, metric, t < 20 ? first : t < 40 ? middle : last);
    }
  }

  @Test
  void theseAreTheDefaultsTheBoundariesAboveAssume() {
    Thresholds t = Thresholds.defaults();
    assertEquals(List.of(0.87, 0.95, 0.98, 0.90, 0.95, 0.90, 0.90, 0.90, 2.0, 2.0, 100.0, 0.30, 0.30, 0.80, 0.05,
            0.05, 0.50, 0.10),
        List.of(t.pciePractical(), t.ethernetPractical(), t.fcPractical(), t.infinibandPractical(),
            t.otherNetPractical(), t.atCeiling(), t.cpuBusy(), t.diskBusy(), t.diskQueue(), t.latencyClimb(),
            t.pausePerS(), t.remoteAccess(), t.socketImbalance(), t.littleFull(), t.plateauCv(), t.nearTie(),
            t.sustainedShare(), t.creditZeroShare()));
  }
}
