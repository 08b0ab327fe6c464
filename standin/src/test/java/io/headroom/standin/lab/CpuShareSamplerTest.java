package io.headroom.standin.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.cgroup.CgroupCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sampler over a v1 cgroup's files (the reader itself: CgroupCpuTest in the cgroup module). */
class CpuShareSamplerTest {
  static final String CG = "hrlab-ab12cd/array";
  @TempDir Path root;

  /** A v1 cgroup with a quota of 20,000 us every 100,000 us: 0.2 CPU. */
  private void v1(long usageNs) throws IOException {
    FakeCgroupV1.fifthOfACpu(root, CG).usage(usageNs);
  }

  @Test
  void theSamplerGivesTheShareOfTheLastWindowAndNothingBeforeIt() throws IOException {
    v1(1_000_000_000L);
    try (CpuShareSampler s = new CpuShareSampler(CgroupCpu.at(root, CG, 2))) {
      s.sample(10_000_000_000L);
      assertNull(s.share(), "one reading is no window yet");
      v1(1_000_000_000L + 150_000_000L);
      s.sample(11_000_000_000L);
      assertEquals(0.75, s.share(), 1e-12); // 150 ms of 0.2 CPU x 1 s = 200 ms
      v1(1_150_000_000L + 100_000_000L);
      s.sample(13_000_000_000L);
      assertEquals(0.25, s.share(), 1e-12); // 100 ms over 2 s of 0.2 CPU = 400 ms
    }
  }

  @Test
  void aCgroupThatWentAwayGivesNoReadingNotAStaleOne() throws IOException {
    v1(0);
    try (CpuShareSampler s = new CpuShareSampler(CgroupCpu.at(root, CG, 2))) {
      s.sample(0);
      v1(100_000_000L);
      s.sample(1_000_000_000L);
      assertEquals(0.5, s.share(), 1e-12); // 100 of 200 ms
      Files.delete(root.resolve("cpuacct").resolve(CG).resolve("cpuacct.usage"));
      s.sample(2_000_000_000L);
      assertNull(s.share());
      assertTrue(s.failure().contains("cpuacct.usage"), s.failure());
    }
  }
}
