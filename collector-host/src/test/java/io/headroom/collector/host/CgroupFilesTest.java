package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cgroup's CPU quota from its files, at each bound a kernel (or a hand-edited tree) can show. */
class CgroupFilesTest {
  @TempDir Path dir;

  private double v2(String cpuMax) throws Exception {
    Files.writeString(dir.resolve("cpu.max"), cpuMax);
    return new CgroupFiles("v2", dir, null, null, null).quotaCores();
  }

  private double v1(String quotaUs, String periodUs) throws Exception {
    Files.writeString(dir.resolve("cpu.cfs_quota_us"), quotaUs);
    Files.writeString(dir.resolve("cpu.cfs_period_us"), periodUs);
    return new CgroupFiles("v1", dir, dir, null, null).quotaCores();
  }

  @Test
  void v2QuotaIsQuotaOverPeriodAndAnythingElseIsUnlimited() throws Exception {
    assertEquals(1.5, v2("150000 100000\n"), 1e-12); // 150,000 / 100,000 us
    assertEquals(0.0, v2("max 100000\n"));
    assertEquals(0.0, v2("150000\n")); // no period: unreadable, not a division
    assertEquals(0.0, v2("150000 0\n")); // a period of 0 would divide by zero
    assertEquals(150000.0, v2("150000 1\n")); // the least period: 150,000 / 1
  }

  @Test
  void v1QuotaOfMinusOneOrZeroIsUnlimitedAndAZeroPeriodIsUnreadable() throws Exception {
    assertEquals(2.0, v1("200000", "100000"), 1e-12);
    assertEquals(0.0, v1("-1", "100000")); // the kernel's "no quota"
    assertEquals(0.0, v1("0", "100000"));
    assertEquals(1e-5, v1("1", "100000"), 1e-18); // the least quota counts
    assertEquals(0.0, v1("200000", "0"));
    assertEquals(200000.0, v1("200000", "1"));
  }

  @Test
  void kvReadsAKeyAnywhereOnTheLineIncludingItsStartAndEnd() {
    String line = "rbytes=4096 wbytes=8192 rios=1 wios=2";
    assertEquals(4096, CgroupFiles.kv(line, "rbytes="));
    assertEquals(2, CgroupFiles.kv(line, "wios=")); // the last field: no space after it
    assertEquals(8192, CgroupFiles.kv("8:0 " + line, "wbytes="));
    assertEquals(0, CgroupFiles.kv(line, "dbytes="));
  }

  @Test
  void aV1BlkioHierarchyWithoutThrottleFilesReadsNoIoAndTheCpuStill() throws Exception {
    Files.writeString(dir.resolve("cpuacct.usage"), "5000000000\n"); // 5 s of CPU in ns
    Files.writeString(dir.resolve("cpu.stat"), "nr_periods 10\nnr_throttled 2\nthrottled_time 300\n");
    Path blkio = Files.createDirectories(dir.resolve("blkio")); // mounted, its throttle files absent
    long[] now = new CgroupFiles("v1", dir, dir, blkio, null).read(new SysFiles(new io.headroom.collector.source.Scrape(0)));
    assertEquals(5_000_000_000L, now[CgroupFiles.USAGE_NS]);
    assertEquals(2, now[CgroupFiles.NR_THROTTLED]);
    assertEquals(0, now[CgroupFiles.RBYTES] + now[CgroupFiles.WBYTES] + now[CgroupFiles.RIOS] + now[CgroupFiles.WIOS]);
  }
}
