package io.headroom.standin.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.cgroup.CgroupCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * system:node's cpu_busy and cpu_elapsed_time (microseconds) from a v1 cgroup's cpuacct.usage
 * (nanoseconds) under a 0.2 CPU quota (cpu.cfs_quota_us 20,000 of cpu.cfs_period_us 100,000), on a
 * clock the test moves.
 */
class NodeCpuCountersTest {
  static final String CG = "hrlab-ab12cd/array";
  @TempDir Path root;
  final AtomicLong nanos = new AtomicLong(50_000_000_000L);

  private void usage(long ns) throws IOException {
    FakeCgroupV1.fifthOfACpu(root, CG).usage(ns);
  }

  private NodeCpuCounters counters() throws IOException {
    return new NodeCpuCounters(CgroupCpu.at(root, CG, 2), nanos::get, () -> 1_795_995_440_700L);
  }

  /** ONTAP's figure between two readings: 100 x delta cpu_busy / delta cpu_elapsed_time, as a fraction. */
  private static double busy(Map<String, Long> before, Map<String, Long> after) {
    return (double) (after.get("cpu_busy") - before.get("cpu_busy"))
        / (after.get("cpu_elapsed_time") - before.get("cpu_elapsed_time"));
  }

  @Test
  void busyIsTheCgroupsCpuTimeOverItsQuotaInMicrosecondsOfWallTime() throws IOException {
    usage(7_000_000_000L);
    NodeCpuCounters node = counters();
    Map<String, Long> boot = node.read();
    assertEquals(Map.of("cpu_busy", 0L, "cpu_elapsed_time", 0L, "time", 1_795_995_440L), boot); // whole seconds
    nanos.addAndGet(1_000_000_000L);
    usage(7_000_000_000L + 150_000_000L);
    Map<String, Long> one = node.read();
    // 150 ms of CPU / 0.2 CPUs = 750,000 us busy in 1,000,000 us of wall time: 75%
    assertEquals(750_000L, one.get("cpu_busy"));
    assertEquals(1_000_000L, one.get("cpu_elapsed_time"));
    assertEquals(0.75, busy(boot, one), 1e-12);
    nanos.addAndGet(2_000_000_000L);
    usage(7_150_000_000L + 400_000_000L);
    // 400 ms / 0.2 = 2,000,000 us in 2,000,000 us: the quota fully used is 100%
    assertEquals(1.0, busy(one, node.read()), 1e-12);
  }

  @Test
  void cpuTimeAboveTheQuotaIsCarriedToTheNextWindowNotShownAbove100Percent() throws IOException {
    usage(0);
    NodeCpuCounters node = counters();
    Map<String, Long> t0 = node.read();
    nanos.addAndGet(1_000_000_000L);
    usage(210_000_000L); // CFS's late accounting: 210 ms in a second of a 200 ms quota
    Map<String, Long> t1 = node.read();
    assertEquals(1.0, busy(t0, t1), 1e-12); // 1,050,000 us used, 1,000,000 shown, 50,000 owed
    nanos.addAndGet(1_000_000_000L);
    usage(210_000_000L + 190_000_000L); // 950,000 us used + 50,000 owed = 1,000,000
    Map<String, Long> t2 = node.read();
    assertEquals(1.0, busy(t1, t2), 1e-12);
    // over both seconds: 400 ms / 0.2 = 2,000,000 us of 2,000,000: nothing lost, nothing above 100%
    assertEquals(2_000_000L, t2.get("cpu_busy"));
    assertEquals(1.0, busy(t0, t2), 1e-12);
  }

  @Test
  void anIdleNodeIsNotBusyAndAGoneCgroupIsAnError() throws IOException {
    usage(5);
    NodeCpuCounters node = counters();
    Map<String, Long> t0 = node.read();
    nanos.addAndGet(1_000_000_000L);
    assertEquals(0.0, busy(t0, node.read()), 1e-12);
    Files.delete(root.resolve("cpuacct").resolve(CG).resolve("cpuacct.usage"));
    IOException e = assertThrows(IOException.class, node::read);
    assertTrue(e.getMessage().contains("cpuacct.usage"), e.getMessage());
  }
}
