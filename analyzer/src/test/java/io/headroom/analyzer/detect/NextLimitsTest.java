package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.NextLimit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The next limit from constant readings, so every p95 and mean is the value set and each gain is
 * the arithmetic in the comment beside it.
 */
class NextLimitsTest {
  /**
   * One host reading from one disk behind one PCIe link: 100,000 IOPS of 64 KB = 6.4 GB/s, 8 jobs
   * x 32 deep = 256 outstanding, 2.56 ms each (256 in flight).
   */
  private static Bed bed(double linkBytes, double linkCapacity, double diskSpec, double diskLatency, double hostUtil) {
    Bed b = new Bed();
    b.workload("w1", 8, 32, 100_000, 0.00256).constant("w1", "read_bytes_per_s", 6.4e9)
        .entity("h1", "host_cpu").constant("h1", "util", hostUtil)
        .entity("d1", "disk", Map.of(), Bed.bytes(diskSpec))
        .constant("d1", "read_iops", 100_000).constant("d1", "read_bytes_per_s", 6.4e9)
        .constant("d1", "read_latency_s", diskLatency)
        .entity("l1", "pcie_link", Map.of(), Bed.bytes(linkCapacity)).constant("l1", "read_bytes_per_s", linkBytes)
        .rel("w1", "runs_on", "h1").rel("w1", "targets", "d1").rel("d1", "behind", "l1");
    return b;
  }

  private static NextLimits.Result next(Bed b) {
    Context ctx = b.ctx();
    return NextLimits.of(ctx, new Detector(Thresholds.defaults()).decide(ctx), Loads.rows(ctx));
  }

  @Test
  void afterAFullLinkTheDiskBindsAtTheRatioOfTheirPressures() {
    NextLimit n = next(bed(6.4e9, 7.0e9, 12.8e9, 0.00246, 0.45)).limit();
    // link: 6.4 / (7.0 x 0.87 = 6.09) = 105.1% of practical, full at 6.4 / 1.0509 = 6.09 GB/s;
    // disk: 6.4 / 12.8 = 50%, full at 12.8 GB/s; gain 1.0509 / 0.5 = 2.10
    assertEquals(Bottleneck.DISK, n.bottleneck());
    assertEquals("d1", n.entity());
    assertNull(n.members());
    assertEquals(2.1, n.gain(), 1e-9);
    assertEquals("d1 would be full at 12.8 GB/s where l1 is full at 6.09 GB/s", n.evidence().get(0));
    assertEquals("DISK d1 at 2.1x (d1 would be full at 12.8 GB/s where l1 is full at 6.09 GB/s)", n.summary());
    // 100,000 IOPS x 2.46 ms = 246 of the 256 in flight are below the block layer, 10 above:
    // 256 / 10 = 25.6x, no cap on 2.1x
    assertTrue(n.evidence().contains("Little's law: of 256 I/Os in flight (256 outstanding), 10.0 are above the"
        + " block layer (the host's I/O stack); with the same outstanding I/O and the same time there, the"
        + " workload could drive at most 25.6x its throughput"), n.evidence().toString());
    // host util 0.45 against 0.90 scaled to the at-ceiling 0.90: 45% of practical, 1.0509 / 0.45 = 2.34
    assertEquals("after it: HOST_CPU h1 at 2.34x", n.evidence().get(n.evidence().size() - 1));
  }

  /**
   * A second target without a spec, busy 0.6 of the time: its busy time bounds it from below only
   * (it carries at least X / 0.6), so beside a next limit at 50% (d1, 6.4 of 12.8 GB/s) it may fill
   * first and is named; at busy 0.4 it cannot (X / 0.4 is past d1's X / 0.5) and is not.
   */
  @Test
  void aSpecLessDeviceBusierThanTheNextLimitIsSaidNotCounted() {
    for (double busy : new double[] {0.6, 0.4}) {
      Bed b = bed(6.4e9, 7.0e9, 12.8e9, 0.00246, 0.45).entity("d2", "disk").rel("w1", "targets", "d2")
          .constant("d2", "util", busy);
      NextLimit n = next(b).limit();
      assertEquals("d1", n.entity());
      String note = "not counted, ceiling unknown: d2 busy 60% (no spec, and busy time is occupancy: it says only"
          + " that a device can carry at least the workload's throughput over its busy share): it may fill before d1;"
          + " declare its capacity (iops, bytes_per_s) to count it";
      assertEquals(busy > 0.5, n.evidence().contains(note), busy + ": " + n.evidence());
      // and in the next limit itself, which its summary says: "DISK d1 at 2x unless d2 (ceiling not recorded) fills first"
      assertEquals(busy > 0.5 ? List.of("d2") : null, n.unknownCeilings());
    }
  }

  @Test
  void theWorkloadsConcurrencySaysHowMuchOfTheGainItReaches() {
    // disk spec 32 GB/s: 6.4 / 32 = 20%, by load 1.0509 / 0.2 = 5.25x, the ratio of the two bounds;
    // but 100,000 x 1.56 ms = 156 in flight below the block layer, 100 above: 256 / 100 = 2.56x at
    // most with the same outstanding I/O, which the evidence says beside the gain
    NextLimit n = next(bed(6.4e9, 7.0e9, 32e9, 0.00156, 0.10)).limit();
    assertEquals("d1", n.entity());
    assertEquals(5.25, n.gain(), 1e-9);
    assertTrue(n.evidence().stream().anyMatch(l -> l.startsWith("Little's law: ") && l.endsWith("could drive at most 2.56x"
        + " its throughput: at its present outstanding I/O the workload reaches 2.56x of it; the full 5.25x needs more"
        + " concurrency")), n.evidence().toString());
    // one phase, so one throughput: whether some of d1's load is fixed cannot be told, and 5.25x is a floor
    assertTrue(n.evidence().contains("a floor: every phase of this mix ran at about 6.4 GB/s, so how much of d1's load"
        + " would not grow with the workload (another tenant's, housekeeping) cannot be told; all of it is taken to grow,"
        + " and any that does not puts its ceiling further off (a phase at another throughput would tell)"),
        n.evidence().toString());
  }

  @Test
  void aLinkTrainedBelowItsCapabilityBindsAgainAtItsFullWidth() {
    Bed b = new Bed();
    // Gen4 x8 of x16, no declared capacity: 8 x 1969 MB/s = 15.75 GB/s, 13.6 GB/s host-to-device
    // = 13.6 / (15.75 x 0.87) = 99.2% of practical; at x16 31.5 GB/s, 49.6%: 2.0x. Host util 0.1.
    b.workload("w1", 8, 32, 100_000, 0.00256).constant("w1", "read_bytes_per_s", 6.4e9)
        .entity("h1", "host_cpu").constant("h1", "util", 0.10)
        .entity("d1", "disk")
        .entity("l1", "pcie_link", Map.of("gen", 4, "width", 8, "max_gen", 4, "max_width", 16), Map.of())
        .constant("l1", "write_bytes_per_s", 13.6e9)
        .rel("w1", "runs_on", "h1").rel("w1", "targets", "d1").rel("d1", "behind", "l1");
    NextLimit n = next(b).limit();
    assertEquals(Bottleneck.PCIE, n.bottleneck());
    assertEquals("l1", n.entity());
    assertEquals(2.0, n.gain(), 1e-9);
    // the workload's 6.4 GB/s: full at 6.4 / 0.4962 = 12.9 GB/s at x16, 6.4 / 0.9925 = 6.45 GB/s now
    assertEquals("l1 at Gen4 x16 would be full at 12.9 GB/s where as trained now it is full at 6.45 GB/s",
        n.evidence().get(0));
    // the disk has no latency: the time cannot be split at the block layer
    assertTrue(n.evidence().get(2).startsWith("no latency from the targets of w1"), n.evidence().get(2));
    // host: 0.9925 / 0.10 = 9.92x
    assertEquals("after it: HOST_CPU h1 at 9.92x", n.evidence().get(3));
  }

  @Test
  void aNonePhaseNamesWhatItWouldFillFirstAndItsRoomAndBusyTimeIsNoCeiling() {
    Bed b = bed(3.0e9, 7.0e9, 64e9, 0.00246, 0.30);
    // the link carries 3.0 GB/s (the workload's other 3.4 GB/s from a cache): 3.0 / 6.09 = 49.3%
    // of practical, room 1 / 0.4926 = 2.03x, full at 6.4 / 0.4926 = 12.99 GB/s of workload
    // throughput; a disk 95% busy without a spec is not a candidate, busy time is not capacity
    b.entity("d2", "disk").constant("d2", "util", 0.95).rel("w1", "targets", "d2");
    NextLimits.Result r = next(b);
    assertNull(r.reason());
    assertEquals(Bottleneck.PCIE, r.limit().bottleneck());
    assertEquals("l1", r.limit().entity());
    assertEquals(2.03, r.limit().gain(), 1e-9);
    assertEquals("l1 would be full at 12.99 GB/s where the workload moved 6.4 GB/s: room 2.03x",
        r.limit().evidence().get(0));
  }

  @Test
  void nothingElseWithACeilingLeavesNoNextLimitAndSaysWhy() {
    Bed b = new Bed();
    b.workload("w1", 8, 32, 100_000, 0.00256).constant("w1", "read_bytes_per_s", 6.4e9)
        .entity("d1", "disk").entity("l1", "pcie_link", Map.of(), Bed.bytes(7.0e9))
        .constant("l1", "read_bytes_per_s", 6.4e9).rel("w1", "targets", "d1").rel("d1", "behind", "l1");
    NextLimits.Result r = next(b);
    assertNull(r.limit());
    assertEquals(NextLimits.NO_OTHER_CEILING, r.reason());
  }

  @Test
  void aWorkloadWithoutReadingsGivesNoThroughputToSetLoadsAgainst() {
    Bed b = new Bed();
    // the link full at 6.4 of 6.09 GB/s practical, the host at 0.45: a PCIe limit, but the workload
    // reports nothing, so no load can be set per unit of its throughput
    b.entity("w1", "workload", Map.of("numjobs", 8, "iodepth", 32), Map.of())
        .entity("h1", "host_cpu").constant("h1", "util", 0.45)
        .entity("d1", "disk").entity("l1", "pcie_link", Map.of(), Bed.bytes(7.0e9))
        .constant("l1", "read_bytes_per_s", 6.4e9)
        .rel("w1", "runs_on", "h1").rel("w1", "targets", "d1").rel("d1", "behind", "l1");
    Context ctx = b.ctx();
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(ctx);
    assertEquals(Bottleneck.PCIE, d.bottleneck());
    NextLimits.Result r = NextLimits.of(ctx, d, Loads.rows(ctx));
    assertNull(r.limit());
    assertEquals(NextLimits.NO_THROUGHPUT, r.reason());
  }

  @Test
  void aGroupsCommonNameStarsWhatItsMembersDoNotShare() {
    NextLimit n = new NextLimit(Bottleneck.DISK, "s4/perc1/vd0", List.of("s4/perc1/vd0", "s4/perc0/vd0"), 1.62,
        List.of("x"));
    assertEquals("DISK s4/perc*/vd0 at 1.62x (x)", n.summary());
    assertEquals("s4/nvme*n1", new NextLimit(Bottleneck.DISK, "s4/nvme0n1",
        List.of("s4/nvme0n1", "s4/nvme1n1", "s4/nvme7n1"), 1.5, List.of()).named());
    // one name a prefix of another: the star takes nothing of the shorter name twice
    assertEquals("p1*", new NextLimit(Bottleneck.NETWORK, "p1", List.of("p1", "p11"), 1.5, List.of()).named());
  }
}
