package io.headroom.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cgroup files as the kernel writes them (v1: cpuacct.usage, cpu.cfs_quota_us and
 * cpu.cfs_period_us; v2: cpu.stat and cpu.max), in a directory laid out like /sys/fs/cgroup.
 */
class CgroupCpuTest {
  static final String CG = "hrlab-ab12cd/array";
  @TempDir Path root;

  private void v1(long usageNs, long quotaUs, long periodUs) throws IOException {
    Files.createDirectories(root.resolve("cpuacct").resolve(CG));
    Files.createDirectories(root.resolve("cpu").resolve(CG));
    Files.writeString(root.resolve("cpuacct").resolve(CG).resolve("cpuacct.usage"), usageNs + "\n");
    Files.writeString(root.resolve("cpu").resolve(CG).resolve("cpu.cfs_quota_us"), quotaUs + "\n");
    Files.writeString(root.resolve("cpu").resolve(CG).resolve("cpu.cfs_period_us"), periodUs + "\n");
  }

  private void v2(long usageUs, String max) throws IOException {
    Files.createDirectories(root.resolve(CG));
    Files.writeString(root.resolve(CG).resolve("cpu.stat"),
        "usage_usec " + usageUs + "\nuser_usec 1\nsystem_usec 2\nnr_periods 0\nnr_throttled 0\nthrottled_usec 0\n");
    Files.writeString(root.resolve(CG).resolve("cpu.max"), max + "\n");
  }

  @Test
  void v1UsageIsNanosecondsAndTheQuotaIsQuotaOverPeriod() throws IOException {
    v1(1_234_567_890L, 20_000, 100_000);
    CgroupCpu cpu = CgroupCpu.at(root, CG, 2);
    assertEquals(1_234_567_890L, cpu.usageNanos());
    assertEquals(0.2, cpu.cpus(), 1e-12); // 20,000 us of every 100,000 us
  }

  @Test
  void v1WithoutQuotaMayUseEveryCpu() throws IOException {
    v1(5, -1, 100_000);
    assertEquals(2.0, CgroupCpu.at(root, CG, 2).cpus());
  }

  @Test
  void v2UsageIsMicrosecondsAndMaxIsQuotaAndPeriod() throws IOException {
    v2(987_654, "25000 100000");
    CgroupCpu cpu = CgroupCpu.at(root, CG, 2);
    assertEquals(987_654_000L, cpu.usageNanos()); // 987,654 us * 1,000
    assertEquals(0.25, cpu.cpus(), 1e-12);
  }

  @Test
  void v2MaxWithoutQuotaMayUseEveryCpu() throws IOException {
    v2(1, "max 100000");
    assertEquals(2.0, CgroupCpu.at(root, CG, 2).cpus());
  }

  @Test
  void aQuotaAboveTheMachineIsTheMachine() throws IOException {
    v1(1, 400_000, 100_000); // 4 CPUs of quota on a 2-CPU machine
    assertEquals(2.0, CgroupCpu.at(root, CG, 2).cpus());
  }

  @Test
  void aMissingCgroupNamesBothPlacesLookedAt() {
    IOException e = assertThrows(IOException.class, () -> CgroupCpu.at(root, CG, 2));
    assertTrue(e.getMessage().contains("cpuacct/" + CG + "/cpuacct.usage"), e.getMessage());
    assertTrue(e.getMessage().contains(CG + "/cpu.stat"), e.getMessage());
  }

  @Test
  void shareIsCpuTimeOverWallTimeTimesCpusAtMostOne() {
    // 0.2 CPU for 1 s allows 200 ms of CPU time
    assertEquals(0.9, CgroupCpu.share(180_000_000L, 1_000_000_000L, 0.2), 1e-12); // 180/200
    assertEquals(1.0, CgroupCpu.share(200_000_000L, 1_000_000_000L, 0.2), 1e-12); // at the quota
    assertEquals(1.0, CgroupCpu.share(201_000_000L, 1_000_000_000L, 0.2), 1e-12); // CFS lag above: capped
    assertEquals(0.995, CgroupCpu.share(199_000_000L, 1_000_000_000L, 0.2), 1e-12); // just below
    assertThrows(IllegalArgumentException.class, () -> CgroupCpu.share(1, 0, 0.2));
  }

  @Test
  void aFileThatHoldsNoNumberIsAnIoErrorNamingIt() throws IOException {
    v1(1, 20_000, 100_000);
    Files.writeString(root.resolve("cpu").resolve(CG).resolve("cpu.cfs_quota_us"), "lots\n");
    IOException e = assertThrows(IOException.class, () -> CgroupCpu.at(root, CG, 2).cpus());
    assertEquals(root.resolve("cpu").resolve(CG).resolve("cpu.cfs_quota_us") + ": not a number: \"lots\"", e.getMessage());
  }

  @Test
  void aV2MaxWithoutAPeriodIsAnIoErrorNamingIt() throws IOException {
    v2(1, "25000");
    IOException e = assertThrows(IOException.class, () -> CgroupCpu.at(root, CG, 2).cpus());
    assertEquals(root.resolve(CG).resolve("cpu.max") + ": expected \"QUOTA PERIOD\", not \"25000\"", e.getMessage());
  }

  @Test
  void aCgroupThatWentAwayIsNoLongerThere() throws IOException {
    v2(1, "max 100000");
    CgroupCpu cpu = CgroupCpu.at(root, CG, 2);
    assertTrue(cpu.exists());
    Files.delete(root.resolve(CG).resolve("cpu.stat"));
    assertFalse(cpu.exists());
    assertThrows(IOException.class, cpu::usageNanos);
  }
}
