package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Occupancy is not saturation (Queueing): a queue-depth sweep, 1, 4, 16 and 64 outstanding reads
 * a phase, against one local drive without a spec that reads 100% busy in every phase. The drive's
 * response to the sweep decides, not its busy time.
 */
class QueueingSweepTest {
  static final int[] DEPTHS = {1, 4, 16, 64};
  static final int SECONDS = 30;

  /**
   * A drive serving up to 128 requests at once, each in 100 us: at depth d it moves d / 100 us =
   * d x 10,000 IOPS, each at 100 us, d in flight. Nothing waits, so no phase has a DISK limit, and
   * each phase's evidence says why the 100% busy is not one.
   */
  @Test
  void aParallelDriveBusyAtEveryDepthIsNoLimit() {
    Verdict v = analyze(d -> new double[] {d * 10_000.0, 100e-6});
    for (PhaseVerdict p : v.phases()) {
      assertEquals(Bottleneck.NONE, p.bottleneck(), p.name() + ": " + p.evidence());
      assertNull(p.entity());
    }
    // qd4: 4 in flight at 100 us = 1x its unloaded 100 us (qd1's); the contrast is the furthest
    // concurrency, qd64: 64 in flight, 64 x 10,000 = 640,000 IOPS, 100 us
    assertTrue(v.phases().get(1).evidence().contains("occupancy, not saturation: t/disk/nvme0n1 held 4 in flight at"
        + " 100 us, 1x its unloaded 100 us: it serves requests in parallel and none wait (64 in flight,"
        + " 640,000 IOPS, 100 us (phase qd64)); busy p95 1.00 is occupancy, not the limit"), v.phases().get(1).evidence().toString());
  }

  /**
   * A drive serving one request at a time in 5 ms: 200 IOPS at every depth, each read waiting
   * behind the others, d x 5 ms. Saturated at every depth, qd1 included (more concurrency bought
   * nothing), and the evidence says how.
   */
  @Test
  void aSerialDriveWhoseLatencyGrowsWithDepthIsTheLimit() {
    Verdict v = analyze(d -> new double[] {200.0, d * 5e-3});
    for (PhaseVerdict p : v.phases()) {
      assertEquals(Bottleneck.DISK, p.bottleneck(), p.name() + ": " + p.evidence());
      assertEquals("t/disk/nvme0n1", p.entity());
    }
    // qd1: the first window with at least 1.5 x 1 in flight is qd4, 4 in flight, still 200 IOPS
    assertTrue(v.phases().get(0).evidence().contains("more concurrency bought nothing at t/disk/nvme0n1: 4 in flight"
        + " in phase qd4 gave 200 IOPS where 1 here gave 200 IOPS"), v.phases().get(0).evidence().toString());
    // qd16: 16 x 5 ms = 80 ms, 80 / 5 = 16x its unloaded 5 ms (qd1's, 1 in flight)
    assertTrue(v.phases().get(2).evidence().contains("work waiting at t/disk/nvme0n1: latency 80 ms = 16x its"
        + " unloaded 5 ms with 16 in flight, where 1 in flight, 200 IOPS, 5 ms (phase qd1)"), v.phases().get(2).evidence().toString());
  }

  /**
   * The boundary of "at its service time": latency 1.5 x unloaded at the deepest phase is no
   * longer service alone (Queueing.AT_SERVICE), so the drive is then neither cleared nor convicted
   * by the sweep and the one-window rule (busy with a queue of 2 or more) decides.
   */
  @Test
  void latencyAtOneAndAHalfTimesServiceIsNotClearedAsOccupancy() {
    Verdict v = analyze(d -> new double[] {d * 10_000.0 / (d == 64 ? 1.5 : 1.0), d == 64 ? 150e-6 : 100e-6});
    PhaseVerdict deepest = v.phases().get(3);
    assertEquals(Bottleneck.DISK, deepest.bottleneck(), deepest.evidence().toString());
    PhaseVerdict below = analyze(d -> new double[] {d * 10_000.0 / (d == 64 ? 1.49 : 1.0), d == 64 ? 149e-6 : 100e-6})
        .phases().get(3);
    assertEquals(Bottleneck.NONE, below.bottleneck(), below.evidence().toString());
  }

  /**
   * A ceiling depends on conditions: a drive declared at 1,000 IOPS but held at 300 (a throttle, a
   * write cliff) reads 30% of its spec at every depth. Its behaviour says full: 300 IOPS at depth 1
   * and at 16, its latency 1 / 300 s = 3.3 ms at depth 1 and 16 / 300 s = 53.3 ms at 16.
   */
  @Test
  void aDriveHeldBelowItsSpecIsTheLimitByItsBehaviour() {
    Verdict v = analyze(d -> new double[] {300.0, d / 300.0}, Map.of("iops", 1000.0));
    for (PhaseVerdict p : v.phases()) {
      assertEquals(Bottleneck.DISK, p.bottleneck(), p.name() + ": " + p.evidence());
    }
    assertEquals("t/disk/nvme0n1 saturated below its spec: t/disk/nvme0n1 p95 300 IOPS = 30% of its 1,000 IOPS"
        + " spec, busy p95 1.00; its behaviour is the ceiling that applied, the spec did not hold under this phase's"
        + " conditions: 0% writes, 4 KiB per I/O", v.phases().get(2).evidence().get(0));
    // 53.3 ms / 3.3 ms = 16x, with 16 in flight where qd1 had 1
    assertEquals("work waiting at t/disk/nvme0n1: latency 53.3 ms = 16x its unloaded 3.3 ms with 16 in flight,"
        + " where 1 in flight, 300 IOPS, 3.3 ms (phase qd1)", v.phases().get(2).evidence().get(1));
  }

  /** The same drive answering in parallel below its spec is no limit: its spec is not what binds. */
  @Test
  void aDriveBelowItsSpecAtItsServiceTimeIsNoLimit() {
    Verdict v = analyze(d -> new double[] {d * 10_000.0, 100e-6}, Map.of("iops", 1.0e7));
    for (PhaseVerdict p : v.phases()) {
      assertEquals(Bottleneck.NONE, p.bottleneck(), p.name() + ": " + p.evidence());
    }
  }

  /**
   * A queue-depth cap in front of the drive: the benchmark offers 1, 4, 16 and 64 reads, but the
   * path admits 16 at most (a LUN's queue depth), so the drive holds min(d, 16) at 100 us each and
   * the rest wait above it: d x 10,000 IOPS up to 160,000, the workload's latency d / IOPS. At
   * qd64 the drive holds the 16 it held at qd16 at the same latency: capped above it, NONE.
   */
  @Test
  void aCapInFrontOfTheDriveIsNoneConfiguredCapNamingTheDrive() {
    Verdict v = analyze(d -> {
      double held = Math.min(d, 16);
      double iops = held * 10_000.0;
      return new double[] {iops, 100e-6, d / iops};
    });
    PhaseVerdict qd64 = v.phases().get(3);
    assertEquals(Bottleneck.NONE, qd64.bottleneck(), qd64.evidence().toString());
    assertEquals("configured_cap", qd64.reason());
    // qd16 offered 16 and held 16: 64 / 16 = 4x the offer for the same 16 in flight at 100 us
    assertTrue(qd64.evidence().contains("a configured cap: in-flight I/O held back in front of t/disk/nvme0n1: the"
        + " benchmark offered 16 I/Os in phase qd16 and 64 here, yet it held 16 and 16 in flight at 100 us and 100 us:"
        + " the rest waited before reaching it (at a limit upstream of it, or a queue-depth cap: its queue depth, an"
        + " HBA's, a QoS limit), not at it; nothing on the path saturated, so the"
        + " queue depth in front of the device is the limit, and raising it (the LUN's or HBA's queue depth, a QoS"
        + " limit) is the way to load the path further"), qd64.evidence().toString());
  }

  interface Drive {
    /** {IOPS, latency in seconds} at the depth. */
    double[] at(int depth);
  }

  static Verdict analyze(Drive drive) {
    return analyze(drive, Map.of());
  }

  static Verdict analyze(Drive drive, Map<String, Double> spec) {
    RunData data = new RunData();
    data.accept(new Run("r", "t", 0, (double) DEPTHS.length * SECONDS, Map.of("tool", "fio", "rw", "randread", "bs", 4096)));
    data.accept(Entity.of("t/h1/cpu", "host_cpu"));
    data.accept(new Entity("t/disk/nvme0n1", "disk", "nvme0n1", Map.of(), spec));
    data.accept(new Entity("t/fio", "workload", "fio", Map.of("numjobs", 1), Map.of()));
    data.accept(new Relation("t/fio", "targets", "t/disk/nvme0n1"));
    data.accept(new Relation("t/fio", "runs_on", "t/h1/cpu"));
    for (int i = 0; i < DEPTHS.length; i++) {
      int d = DEPTHS[i];
      double start = i * SECONDS;
      data.accept(new Phase("r", "qd" + d, start, start + SECONDS));
      double[] point = drive.at(d);
      for (int s = 1; s <= SECONDS; s++) {
        double ts = start + s;
        data.addSample(ts, "t/fio", "iodepth", d);
        data.addSample(ts, "t/fio", "read_iops", point[0]);
        data.addSample(ts, "t/fio", "read_bytes_per_s", point[0] * 4096);
        // the workload's own latency, where it waits above the device too
        data.addSample(ts, "t/fio", "read_latency_s", point.length > 2 ? point[2] : point[1]);
        data.addSample(ts, "t/disk/nvme0n1", "read_iops", point[0]);
        data.addSample(ts, "t/disk/nvme0n1", "read_bytes_per_s", point[0] * 4096);
        data.addSample(ts, "t/disk/nvme0n1", "read_latency_s", point[1]);
        data.addSample(ts, "t/disk/nvme0n1", "queue_depth", point[0] * point[1]);
        data.addSample(ts, "t/disk/nvme0n1", "util", 1.0);
        data.addSample(ts, "t/h1/cpu", "util", 0.2);
      }
    }
    return new RunAnalyzer().analyze(data, "r");
  }
}
