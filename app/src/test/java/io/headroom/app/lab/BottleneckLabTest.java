package io.headroom.app.lab;

import io.headroom.standin.MachineTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.analyzer.data.Series;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every lab case (lab/cases, docs/lab.md) on real parts: nbdkit in its namespace and cgroup, a
 * tc-shaped veth, a blkio-throttled loop device, fio in a CPU-limited cgroup; the collector, Kafka,
 * the analyzer and PostgreSQL as deployed. Each case asserts the verdict's class and entity, the
 * limited resource's measured load against its ceiling, every evidence sentence's figures against
 * the case's injected limits ({@link LabEvidence}), the verdict the analyzer stored, and how
 * soon the live verdict reached the webhook after the limit appeared (printed, and appended to
 * target/lab-latency.txt). Three cases read the limit through a remote source (lab/remote.sh): the
 * array node's CPU through its stand-in BMC over Redfish or its stand-in ONTAP cluster's counter
 * tables, the array's port through snmpd.
 */
@MachineTest("installs nbdkit and fio, creates network namespaces, tc qdiscs, cgroups and loop devices")
class BottleneckLabTest {
  /** Loosely: the aim is 5 s; a shared 2-core CI machine gets slack. */
  static final double LIVE_WITHIN_S = 12;
  static final Path REPORT = Path.of("target/lab-latency.txt");

  @TempDir static Path dir;
  static LabPipeline pipeline;

  @BeforeAll
  static void start() throws Exception {
    String why = LabTestbed.cannotRunHere();
    assumeTrue(why == null, why);
    LabTestbed.sweep();
    pipeline = new LabPipeline(dir);
  }

  @AfterAll
  static void stop() throws Exception {
    if (pipeline != null) {
      pipeline.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"network", "array-cpu", "client-cpu", "disk", "healthy", "sweep", "parallel-delay",
      "disk-below-spec", "fabric-loss", "iodepth-cap"})
  void theVerdictNamesTheInjectedLimit(String name) throws Exception {
    LabCase c = LabCase.load(name);
    try (LabTestbed bed = LabTestbed.up(c.setup())) {
      assertCase(c, bed, pipeline.run(c, bed));
    }
  }

  /**
   * The array-cpu case with the array node's CPU read only through its stand-in iDRAC over
   * Redfish (the volume is served_by the BMC's CPU entity): the BMC's reading, computed from the
   * array cgroup's CPU time, agrees with the host source's reading of the same cgroup.
   */
  @Test
  void arrayCpuThroughTheNodesBmc() throws Exception {
    // Both read the same cgroup's CPU time over 1 s windows. They differ by the BMC's whole
    // percent (at most 0.005), its cap at 100% where CFS's late accounting shows the cgroup a
    // little above its quota for a second, and the windows' offset (at most one window's share
    // at each end of the ~17 s window: 2/17 in theory, ~0 when the load is steady): 0.05.
    arrayCpuThroughARemoteSource("array-cpu-redfish", "arraybmc/cpu", "BMC", 0.05);
  }

  /**
   * The array-cpu case with the array node's CPU read only through a stand-in ONTAP cluster's
   * counter tables (the volume is served_by its node): system:node cpu_busy over cpu_elapsed_time,
   * advanced from the array cgroup's CPU time, agrees with the host source's reading of the same
   * cgroup.
   */
  @Test
  void arrayCpuThroughTheOntapNode() throws Exception {
    // Quota 0.2 CPU (cfs_quota_us 20,000 of cfs_period_us 100,000): in a 1 s window the cgroup may
    // use 200 ms of CPU. The host source's util is CPU time / (wall x 0.2); ONTAP's busy is
    // delta cpu_busy (CPU time / 0.2, us) / delta cpu_elapsed_time (wall, us): the same ratio, so
    // the quota fully used is 1.0 in both. They differ by the windows' offset (polls up to 1 s
    // apart and ONTAP's whole-second time stamps: at most one window's share at each end of the
    // ~17 s window, 2/17 in theory, ~0 at a steady load) and CPU time above the quota that ONTAP
    // carries to a later window instead of showing above 100% (CFS lag, a few hundredths of one
    // reading): 0.05.
    arrayCpuThroughARemoteSource("array-cpu-ontap", "arrayontap/node/lab-01", "ONTAP", 0.05);
  }

  /**
   * A remote reading of the array node's CPU: the case as every case is asserted, its array
   * entity the remote one, and the remote util's mean over the phase (without its first 3 s) within
   * {@code tolerance} of the host source's reading of the same cgroup.
   *
   * <p>Its premise is the array at its quota, which the host source's own reading of the cgroup
   * shows: on a machine so loaded that nbdkit does not get its 0.2 CPU (docs/lab.md, "Limits"), the
   * cgroup is at its ceiling in under half the seconds, no reading of it can say ARRAY_CPU, and
   * the test is skipped, saying so, rather than judged.
   */
  private void arrayCpuThroughARemoteSource(String caseName, String remote, String label, double tolerance)
      throws Exception {
    LabCase c = LabCase.load(caseName);
    try (LabTestbed bed = LabTestbed.up(c.setup())) {
      LabPipeline.Outcome out = pipeline.run(c, bed);
      String direct = "array/cgroup/" + bed.get("array_cgroup");
      double[] window = steadyWindow(out);
      double atQuota = shareAtLeast(out, direct, "util", 0.9, window);
      report(String.format("%-17s cgroup at its ceiling in %.0f%% of the seconds (load average %.0f)", c.name(),
          atQuota * 100, java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
      assumeTrue(atQuota >= 0.5, "the machine did not give nbdkit its quota: the cgroup itself was at its ceiling in "
          + Math.round(atQuota * 100) + "% of the seconds (ARRAY_CPU needs half)");
      assertCase(c, bed, out);
      assertEquals(remote, bed.entity("array"));
      double seen = mean(out, remote, "util", window);
      double cgroup = mean(out, direct, "util", window);
      report(String.format("%-17s %s util mean %.3f p95 %.3f, cgroup util mean %.3f p95 %.3f", c.name(), label, seen,
          lineRate(out, remote), cgroup, lineRate(out, direct)));
      assertEquals(cgroup, seen, tolerance, label + " " + seen + " vs cgroup " + cgroup);
    }
  }

  /**
   * The network case with the data path via the array's port as its snmpd reports it (IF-MIB in
   * the array's namespace): the port's ceiling is ifHighSpeed, set to the tbf rate, and the bytes
   * the agent counts leaving the array match those the client's veth end counts arriving.
   */
  @Test
  void networkThroughTheArraysSnmpAgent() throws Exception {
    LabCase c = LabCase.load("network-snmp");
    try (LabTestbed bed = LabTestbed.up(c.setup())) {
      LabPipeline.Outcome out = pipeline.run(c, bed);
      assertCase(c, bed, out);
      String port = bed.entity("port");
      assertEquals("arrayagent/port/" + bed.get("array_dev"), port);
      // ifHighSpeed 80 (Mbit/s, the tbf rate) x 1,000,000 / 8 bits = 10,000,000 bytes/s
      assertEquals(10_000_000.0, out.data().entity(port).capacity().get("bytes_per_s"));
      double[] window = steadyWindow(out);
      double sent = mean(out, port, "tx_bytes_per_s", window);
      double received = mean(out, "client/net/" + bed.get("client_dev"), "rx_bytes_per_s", window);
      report(String.format("%-17s SNMP tx mean %.0f B/s, client veth rx mean %.0f B/s", c.name(), sent, received));
      // One veth pair: every byte hrIDa sends, hrIDc receives; the two sources read them over
      // windows up to 1 s apart (2/17 at most at the edges, ~0 at a steady rate); SNMP's own
      // replies add a few kB/s to the array end: 5%.
      assertEquals(received, sent, 0.05 * received, "SNMP " + sent + " vs veth " + received);
    }
  }

  /** What every case asserts of its outcome. */
  private void assertCase(LabCase c, LabTestbed bed, LabPipeline.Outcome out) throws Exception {
    String name = c.name();
    Verdict v = out.verdict();
    if (settings(c).containsKey("loss_pct")) {
      assertLossShows(c, out);
    }
    String expected = c.expectRole() == null ? null : bed.entity(c.expectRole());
    assertEquals(c.expectClass(), v.bottleneck().name(), () -> "verdict " + v.evidence());
    assertEquals(expected, v.entity(), () -> "verdict " + v.evidence());
    assertPhases(c, bed, v);
    assertLoad(c, bed, expected, v);
    LabEvidence.check(c, bed, v);
    assertTrue(pipeline.storedVerdicts(out.testbed(), out.run()).contains(c.expectClass()),
        "the verdict table holds the live verdicts of the run");
    double latency = liveLatency(c, bed, out);
    report(String.format("%-17s %-9s live verdict %.2f s after the phase started", name, c.expectClass(), latency));
    assertTrue(latency < LIVE_WITHIN_S, name + ": live verdict " + latency + " s after the limit appeared");
  }

  /** TCP's minimum retransmission timeout (TCP_RTO_MIN, 200 ms): a read whose request or reply is lost waits at least this. */
  static final double RTO_MIN_S = 0.200;

  /**
   * The lossy fabric's premise, before the verdict is read: the loss shows where a host sees it,
   * as the client's TCP retransmits (the host source's {@code tcp_retransmits_per_s}, the root
   * namespace's, where fio runs) and as a timeout-shaped tail: fio's per-second p99 at TCP's
   * minimum retransmission timeout or beyond in at least a quarter of the phase's seconds. Without
   * them the lab did not inject what the case says, whatever the verdict. A quarter, not half: fio's
   * nbd job holds one TCP connection, so a timeout stalls all its 16 reads at once and timeouts
   * come in clusters; runs of this case read 7 of 17 seconds (7 December, CI clone, 117
   * retransmits a second, judged NETWORK) where others read more than half. What the premise
   * proves is that reads wait for the timeout, which a lossless fabric never shows in any second.
   */
  private static void assertLossShows(LabCase c, LabPipeline.Outcome out) throws Exception {
    double[] window = steadyWindow(out);
    double retransmits = mean(out, "array/cpu", "tcp_retransmits_per_s", window);
    String workload = out.data().entityIdsWithSamples().stream().filter(e -> e.startsWith("client/fio/")).findFirst()
        .orElseThrow(() -> new AssertionError("no fio workload in the recording"));
    double[] p99 = readings(out, workload, "latency_p99_s", window);
    long timeouts = java.util.Arrays.stream(p99).filter(x -> x >= RTO_MIN_S).count();
    report(String.format("%-17s client TCP retransmits %.1f/s mean, p99 >= %.0f ms in %d of %d seconds", c.name(),
        retransmits, RTO_MIN_S * 1000, timeouts, p99.length));
    assertTrue(retransmits > 0, c.name() + ": a lossy fabric, yet the client retransmitted nothing");
    assertTrue(4 * timeouts >= p99.length, c.name() + ": a lossy fabric, yet fio's p99 reached TCP's "
        + RTO_MIN_S + " s timeout in only " + timeouts + " of " + p99.length + " seconds");
  }

  /** The one phase without its first seconds, where fio ramps (the analyzer skips them too). */
  private static double[] steadyWindow(LabPipeline.Outcome out) {
    Phase p = out.phases().values().iterator().next();
    return new double[] {p.start() + 3, p.end()};
  }

  /** The entity's p95 against its ceiling, from the verdict's headroom table (NaN when absent). */
  private static double lineRate(LabPipeline.Outcome out, String entity) {
    return out.verdict().headroom().stream().filter(h -> h.entity().equals(entity)).mapToDouble(HeadroomEntry::lineRate)
        .findFirst().orElse(Double.NaN);
  }

  private static double mean(LabPipeline.Outcome out, String entity, String metric, double[] window) {
    return java.util.Arrays.stream(readings(out, entity, metric, window)).average().orElseThrow();
  }

  /** The share of the window's readings at or above {@code floor}. */
  private static double shareAtLeast(LabPipeline.Outcome out, String entity, String metric, double floor,
      double[] window) {
    double[] v = readings(out, entity, metric, window);
    return (double) java.util.Arrays.stream(v).filter(x -> x >= floor).count() / v.length;
  }

  private static double[] readings(LabPipeline.Outcome out, String entity, String metric, double[] window) {
    Series s = out.data().seriesOf(entity).get(metric);
    assertNotNull(s, entity + " has no " + metric + "; it has " + out.data().seriesOf(entity).keySet());
    double[] v = s.valuesBetween(window[0], window[1]);
    assertTrue(v.length >= 10, entity + " " + metric + ": only " + v.length + " readings in the phase");
    return v;
  }

  private static void assertPhases(LabCase c, LabTestbed bed, Verdict v) {
    // expect="NONE REASON": every NONE phase says why in those words (NoneReason's names)
    for (PhaseVerdict p : v.phases()) {
      if (c.expectReason() != null && p.bottleneck() == Bottleneck.NONE) {
        assertEquals(c.expectReason(), p.reason(), () -> "phase " + p.name() + "'s reason; evidence " + p.evidence());
      }
    }
    if (c.phases().isEmpty()) {
      assertEquals(1, v.phases().size(), v.phases().toString());
      assertEquals(v.bottleneck(), v.phases().get(0).bottleneck());
      return;
    }
    assertEquals(List.copyOf(c.phases().keySet()), v.phases().stream().map(PhaseVerdict::name).toList());
    for (PhaseVerdict p : v.phases()) {
      assertEquals(c.phases().get(p.name()), p.bottleneck().name(), "phase " + p.name());
      assertEquals(p.bottleneck() == Bottleneck.NONE ? null : bed.entity(c.expectRole()), p.entity(), "phase " + p.name());
    }
  }

  /**
   * The limit's own reading: the named resource's p95 at 85-115% of the share of its declared
   * ceiling (line rate, spec, util 1.0) its injected limit holds it at: all of it, or for a disk
   * throttled below its declared spec the throttle over the spec (300 / 1,000: 25.5-34.5%). A
   * lossy port is full at any share of its rate: its p95 is only bounded by the rate. For NONE,
   * the testbed's port, array, client and disk all below 90% of it.
   */
  private static void assertLoad(LabCase c, LabTestbed bed, String expected, Verdict v) {
    if (expected == null) {
      for (String role : List.of("port", "array", "client", "disk")) {
        String id = bed.entity(role);
        for (HeadroomEntry h : v.headroom()) {
          assertTrue(!h.entity().equals(id) || h.lineRate() < 0.9, "healthy, yet " + id + " at " + h.lineRate());
        }
      }
      return;
    }
    HeadroomEntry h = v.headroom().stream().filter(e -> e.entity().equals(expected)).findFirst().orElse(null);
    assertNotNull(h, expected + " not in the headroom table " + v.headroom());
    Map<String, String> set = settings(c);
    if (expected.equals(bed.entity("port")) && set.containsKey("loss_pct")) {
      assertTrue(h.lineRate() <= 1.15, expected + " at " + h.lineRate() + " of its ceiling");
      return;
    }
    double held = 1.0;
    if (expected.equals(bed.entity("disk")) && set.containsKey("disk_spec_iops") && set.containsKey("disk_riops")) {
      held = Double.parseDouble(set.get("disk_riops")) / Double.parseDouble(set.get("disk_spec_iops"));
    }
    assertTrue(h.lineRate() >= 0.85 * held && h.lineRate() <= 1.15 * held,
        expected + " at " + h.lineRate() + " of its ceiling, where its injected limit is " + held + " of it");
  }

  private static Map<String, String> settings(LabCase c) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (String kv : c.setup()) {
      String[] f = kv.split("=", 2);
      out.put(f[0], f[1]);
    }
    return out;
  }

  /**
   * Seconds from the start of the phase where the limit appears (the last phase; from fio's own
   * record of it) to the first webhook whose verdict names it for that phase.
   */
  private static double liveLatency(LabCase c, LabTestbed bed, LabPipeline.Outcome out) throws InterruptedException {
    Map<String, Phase> phases = out.phases();
    Phase limited = phases.values().stream().reduce((a, b) -> b).orElseThrow();
    String wantClass = c.phases().isEmpty() ? c.expectClass() : c.phases().get(limited.name());
    String wantEntity = "NONE".equals(wantClass) ? null : bed.entity(c.expectRole());
    for (int i = 0; i < 50; i++) {
      for (WebhookReceiver.Heard h : pipeline.hooks.of(out.testbed(), out.run())) {
        for (PhaseVerdict p : h.verdict().phases()) {
          // a phase not judged yet (too few readings so far) has no class
          if (p.name().equals(limited.name()) && p.bottleneck() != null && p.bottleneck().name().equals(wantClass)
              && java.util.Objects.equals(p.entity(), wantEntity)) {
            return h.at() - limited.start();
          }
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError("no live verdict " + wantClass + " for phase " + limited.name() + "; heard "
        + pipeline.hooks.of(out.testbed(), out.run()).stream().map(h -> h.verdict().bottleneck() + "@" + h.at()).toList());
  }

  private static void report(String line) throws Exception {
    System.out.println(line);
    Files.createDirectories(REPORT.getParent());
    Files.writeString(REPORT, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }
}
