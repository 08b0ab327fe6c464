package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A configured I/O limit is a ceiling (ConfiguredLimitRule): an SDS node's cgroup with a blkio
 * throttle of 300 read IOPS on device 7:0 serves the run's volume, which sits on a drive declared
 * at 1,000 IOPS; the drive answers in 0.2 ms and the benchmark's 16 reads wait in the throttle.
 */
class ConfiguredLimitRuleTest {
  private static Bed bed(double cgroupIops, List<String> limits) {
    return new Bed()
        // 16 in flight at 300 IOPS: 16 / 300 s = 53.3 ms each
        .workload("w1", 1, 16, cgroupIops, 16 / cgroupIops)
        .entity("t/vol", "disk")
        .entity("t/cg", "array_cpu", Map.of("io_limits", limits), Map.of())
        .entity("t/d0", "disk", Map.of(), Map.of("iops", 1000.0))
        .rel("w1", "targets", "t/vol").rel("t/vol", "served_by", "t/cg").rel("t/vol", "behind", "t/d0")
        .constant("t/cg", "util", 0.01).constant("t/cg", "read_iops", cgroupIops)
        .constant("t/d0", "read_iops", cgroupIops).constant("t/d0", "read_latency_s", 0.0002);
  }

  @Test
  void aThrottleReadAtItsLimitNamesTheDriveItHoldsAndTheKnob() {
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(bed(300, List.of("7:0 300 read_iops_device")).ctx());
    assertEquals(Bottleneck.DISK, d.bottleneck(), d.evidence().toString());
    assertEquals("t/d0", d.entity());
    assertEquals(List.of(
        "t/d0 held at a configured limit: t/cg read_iops p95 300 = 100% of its limit 300 on device 7:0"
            + " (blkio.throttle.read_iops_device); the requests wait in the limit, not at the device",
        // 300 / 1,000 = 30% of the spec
        "t/d0 p95 300 IOPS = 30% of its 1,000 IOPS spec: the configured limit is the ceiling that applied, not the spec",
        "t/d0 read latency mean 200 us",
        "the knob: blkio.throttle.read_iops_device of t/cg (7:0 300)"), d.evidence().subList(0, 4));
  }

  /** At atCeiling (0.90) of the limit it holds: 270 of 300; 269 is below and nothing limits. */
  @Test
  void heldFromNinetyPercentOfTheLimit() {
    List<String> limit = List.of("7:0 300 read_iops_device");
    assertEquals(Bottleneck.DISK, new Detector(Thresholds.defaults()).decide(bed(270, limit).ctx()).bottleneck());
    assertEquals(Bottleneck.NONE, new Detector(Thresholds.defaults()).decide(bed(269, limit).ctx()).bottleneck());
  }

  @Test
  void cgroupV2IoMaxLinesGiveOneLimitPerKeyThatIsNotMax() {
    List<IoLimit> out = new ArrayList<>();
    IoLimit.parse("8:16 rbps=max wbps=1048576 riops=max wiops=500", out);
    assertEquals(List.of(new IoLimit("8:16", "write_bytes_per_s", 1048576, "io.max wbps"),
        new IoLimit("8:16", "write_iops", 500, "io.max wiops")), out);
    PhaseDecision d = new Detector(Thresholds.defaults())
        .decide(bed(300, List.of("7:0 rbps=max wbps=max riops=300 wiops=max")).ctx());
    assertTrue(d.evidence().get(0).endsWith("of its limit 300 on device 7:0 (io.max riops); the requests wait in the"
        + " limit, not at the device"), d.evidence().get(0));
  }
}
