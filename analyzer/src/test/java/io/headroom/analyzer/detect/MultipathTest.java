package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.headroom.model.Bottleneck;
import io.headroom.model.LimitGroup;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The paths of a dm-multipath device as one group, in the host source's shape: h1/disk/dm-0
 * (dm_name mpatha, dm_uuid "mpath-" + the LUN's WWID) behind each of its slaves sdb..sde, every
 * path an FC LUN path declared at 50,000 IOPS (`disks: {sd*: {iops: 50000}}` in the host
 * source's settings).
 */
class MultipathTest {
  private static final String HEAD = "h1/disk/dm-0";
  private static final List<String> PATHS = List.of("h1/disk/sdb", "h1/disk/sdc", "h1/disk/sdd", "h1/disk/sde");

  /** fio on the multipath device; the device itself busy all the time with a queue, as dm reports it. */
  private static Bed bed(String dmUuid, double... pathIops) {
    Bed bed = new Bed()
        .workload("w1", 8, 32, 195_000, 0.0013)
        .entity(HEAD, "disk", Map.of("dm_name", "mpatha", "dm_uuid", dmUuid), Map.of("util", 1.0))
        .rel("w1", "targets", HEAD)
        .constant(HEAD, "util", 1.0)
        .constant(HEAD, "queue_depth", 250);
    for (int i = 0; i < PATHS.size(); i++) {
      bed.entity(PATHS.get(i), "disk", Map.of(), Map.of("util", 1.0, "iops", 50_000.0))
          .rel(HEAD, "behind", PATHS.get(i))
          .constant(PATHS.get(i), "read_iops", pathIops[i]);
    }
    return bed;
  }

  private static final String MPATH = "mpath-3600a098038303053453f463045727a41";

  @Test
  void fourPathsAtTheirSpecAreTheMultipathDevicesLimit() {
    // 49,500 / 50,000 = 99%, 49,000 = 98%, 48,500 = 97%, 48,000 = 96%: all at or above atCeiling 0.90
    Finding f = new DiskRule().evaluate(bed(MPATH, 49_500, 49_000, 48_500, 48_000).ctx()).orElseThrow();
    assertEquals(Bottleneck.DISK, f.bottleneck());
    assertEquals("h1/disk/sdb", f.entity(), "the tightest path, not the dm device");
    assertEquals(new LimitGroup("paths of h1/disk/dm-0 (mpatha)", 4, PATHS), f.group());
    assertEquals(List.of(
        "h1/disk/sdb p95 49,500 IOPS = 99% of its 50,000 IOPS spec",
        "4 of 4 paths of h1/disk/dm-0 (mpatha) at their ceiling, the least loaded at 96% of its spec:"
            + " the multipath device is the limit, not one path"), f.evidence());
  }

  @Test
  void aPathCountsFromNinetyPercentOfItsSpec() {
    // atCeiling 0.90 x 50,000 = 45,000 IOPS: sde at 45,000 is at its ceiling, at 44,995 it is not
    Finding at = new DiskRule().evaluate(bed(MPATH, 49_500, 49_000, 48_500, 45_000).ctx()).orElseThrow();
    assertEquals(4, at.group().atCeiling());
    Finding below = new DiskRule().evaluate(bed(MPATH, 49_500, 49_000, 48_500, 44_995).ctx()).orElseThrow();
    assertEquals(3, below.group().atCeiling());
    assertEquals("3 of 4 paths of h1/disk/dm-0 (mpatha) at their ceiling", below.evidence().get(1));
  }

  @Test
  void oneActivePathOfFourIsNamedWithItsIdleGroup() {
    // failover policy: every I/O on sdb, the other three paths idle
    Finding f = new DiskRule().evaluate(bed(MPATH, 49_500, 0, 0, 0).ctx()).orElseThrow();
    assertEquals("h1/disk/sdb", f.entity());
    assertEquals(1, f.group().atCeiling());
    assertEquals("1 of 4 paths of h1/disk/dm-0 (mpatha) at their ceiling", f.evidence().get(1));
  }

  @Test
  void anLvmVolumeOverTheSameDisksHasNoPathsButMembers() {
    // an LVM map (uuid "LVM-...") is behind its physical volumes too, but they are not paths: they
    // are its members (Members), each at 96-99% of its 50,000 IOPS spec, so the members together
    // are the limit and the dm device's 100% busy is evidence, not the verdict (docs/detection.md,
    // Granularity)
    Finding f = new DiskRule().evaluate(bed("LVM-Qy3ZbWk8", 49_500, 49_000, 48_500, 48_000).ctx()).orElseThrow();
    assertEquals("h1/disk/sdb", f.entity());
    assertEquals(new LimitGroup("members of h1/disk/dm-0", 4, PATHS), f.group());
    assertEquals(List.of(
        "h1/disk/sdb p95 49,500 IOPS = 99% of its 50,000 IOPS spec",
        "4 of 4 members of h1/disk/dm-0 at their ceiling, the least loaded at 96% of its spec:"
            + " the aggregate is the limit, not one member"), f.evidence());
  }

  @Test
  void theVerdictCarriesThePathGroup() {
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(bed(MPATH, 49_500, 49_000, 48_500, 48_000).ctx());
    assertEquals(Bottleneck.DISK, d.bottleneck());
    assertEquals("h1/disk/sdb", d.entity());
    assertEquals(new LimitGroup("paths of h1/disk/dm-0 (mpatha)", 4, PATHS), d.group());
    assertNull(d.reason());
  }
}
