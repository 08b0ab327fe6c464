package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.LimitGroup;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DiskRuleTest {
  private static Bed volume(Map<String, Double> spec) {
    return new Bed()
        .workload("w1", 8, 32, 9_200, 0.0278)
        .entity("s3/vol", "disk", Map.of(), spec)
        .rel("w1", "targets", "s3/vol");
  }

  @Test
  void deviceAtItsIopsSpecIsTheLimit() {
    Bed bed = volume(Map.of("iops", 9_600.0))
        .constant("s3/vol", "read_iops", 9_200)
        .constant("s3/vol", "read_latency_s", 0.0278);
    Finding f = new DiskRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals(Bottleneck.DISK, f.bottleneck());
    assertEquals("s3/vol", f.entity());
    assertEquals(9_200 / 9_600.0, f.pressure(), 1e-9);
    assertEquals(List.of(
        "s3/vol p95 9,200 IOPS = 96% of its 9,600 IOPS spec",
        "s3/vol read latency mean 27.8 ms"), f.evidence());
  }

  @Test
  void readsAndWritesAddUpAgainstTheSpec() {
    Bed bed = volume(Map.of("bytes_per_s", 6.4e9))
        .constant("s3/vol", "read_bytes_per_s", 4.0e9)
        .constant("s3/vol", "write_bytes_per_s", 2.0e9);
    Finding f = new DiskRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals("s3/vol p95 6 GB/s = 94% of its 6.4 GB/s spec", f.evidence().get(0));
  }

  @Test
  void busyDeviceWithAQueueIsTheLimitWhenItHasNoSpec() {
    Bed bed = volume(Map.of())
        .constant("s3/vol", "util", 0.99)
        .constant("s3/vol", "queue_depth", 7.5)
        .constant("s3/vol", "read_iops", 300)
        .constant("s3/vol", "read_latency_s", 0.025);
    Finding f = new DiskRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals(0.99, f.pressure(), 1e-9);
    assertEquals(List.of(
        "s3/vol util p95 0.99 (busy from 0.90), queue depth mean 7.5",
        "s3/vol read latency mean 25 ms"), f.evidence());
  }

  @Test
  void busyDeviceWithLatencyClimbingIsTheLimit() {
    Bed bed = volume(Map.of())
        .constant("s3/vol", "util", 0.97)
        .constant("s3/vol", "queue_depth", 1.0)
        .constant("s3/vol", "read_iops", 300)
        .ramp("s3/vol", "read_latency_s", 0.005, 0.020);
    Finding f = new DiskRule().evaluate(bed.ctx()).orElseThrow();
    // first third mean 7.415 ms, last third 17.585 ms: x2.37
    assertEquals("s3/vol util p95 0.97 (busy from 0.90), queue depth mean 1, latency x2.4 from"
        + " the first third to the last", f.evidence().get(0));
  }

  @Test
  void busyDeviceWithoutQueueOrClimbIsNotALimit() {
    Bed bed = volume(Map.of())
        .constant("s3/vol", "util", 0.97)
        .constant("s3/vol", "queue_depth", 1.0)
        .constant("s3/vol", "read_iops", 300)
        .constant("s3/vol", "read_latency_s", 0.004);
    assertTrue(new DiskRule().evaluate(bed.ctx()).isEmpty());
  }

  @Test
  void busyTimeIsIgnoredForADeviceWithASpec() {
    // An NVMe SSD shows 100% busy at 40% of its IOPS spec: it serves many requests at once.
    Bed bed = volume(Map.of("iops", 1.1e6))
        .constant("s3/vol", "util", 1.0)
        .constant("s3/vol", "queue_depth", 64)
        .constant("s3/vol", "read_iops", 440_000);
    assertTrue(new DiskRule().evaluate(bed.ctx()).isEmpty());
  }

  @Test
  void everyDriveAtItsSpecIsTheDrivesLimit() {
    // two NVMe drives rated 1,000,000 IOPS: one at 950,000 (95%), the other at 920,000 (92%),
    // both at their ceiling from 90%; the tighter one is the entity, the two the group
    Bed bed = new Bed().workload("w1", 8, 32, 1_870_000, 0.000137)
        .entity("h1/nvme0n1", "disk", Map.of(), Map.of("iops", 1.0e6))
        .entity("h1/nvme1n1", "disk", Map.of(), Map.of("iops", 1.0e6))
        .rel("w1", "targets", "h1/nvme0n1").rel("w1", "targets", "h1/nvme1n1")
        .constant("h1/nvme0n1", "write_iops", 920_000)
        .constant("h1/nvme1n1", "write_iops", 950_000);
    Finding f = new DiskRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals("h1/nvme1n1", f.entity());
    assertEquals(List.of(
        "h1/nvme1n1 p95 950,000 IOPS = 95% of its 1,000,000 IOPS spec",
        "2 of 2 disks with a spec on the path at their ceiling, the least loaded at 92% of its spec: every disk"
            + " is full, not one"), f.evidence());
    assertEquals(new LimitGroup("disks with a spec on the path", 2, List.of("h1/nvme1n1", "h1/nvme0n1")), f.group());
  }

  @Test
  void oneDriveBelowItsCeilingLeavesAPartialGroup() {
    // 890,000 of 1,000,000 = 89%: below the 90% at which a disk is at its ceiling
    Bed bed = new Bed().workload("w1", 8, 32, 1_840_000, 0.000139)
        .entity("h1/nvme0n1", "disk", Map.of(), Map.of("iops", 1.0e6))
        .entity("h1/nvme1n1", "disk", Map.of(), Map.of("iops", 1.0e6))
        .rel("w1", "targets", "h1/nvme0n1").rel("w1", "targets", "h1/nvme1n1")
        .constant("h1/nvme0n1", "write_iops", 890_000)
        .constant("h1/nvme1n1", "write_iops", 950_000);
    Finding f = new DiskRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals("1 of 2 disks with a spec on the path at their ceiling", f.evidence().get(1));
    assertEquals(1, f.group().atCeiling());
  }
}
