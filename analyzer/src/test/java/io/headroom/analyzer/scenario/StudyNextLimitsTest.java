package io.headroom.analyzer.scenario;

import static io.headroom.analyzer.scenario.FromInputs.N60;
import static io.headroom.analyzer.scenario.FromInputs.assertNear;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.NextLimit;
import io.headroom.model.PhaseVerdict;
import org.junit.jupiter.api.Test;

/**
 * The next limit of every phase of the five studies (docs/scenarios/README.md). Each expected gain
 * is worked out from the generator's levels: a resource's level over its practical ceiling is its
 * pressure, and the gain is the primary's over the next one's, both from the window's means (the
 * utilisation law is a law of means: a p95 would add each reading's noise to the bound). The
 * tolerance is 3 standard errors of that ratio (each mean of n readings with relative noise sigma
 * has a relative standard error of sigma / sqrt(n)) plus half the 0.01 it is printed to.
 */
class StudyNextLimitsTest {
  private static final double PCIE = 0.87;

  /** The gain of a primary at pressure level a (noise sa) over a next limit at level b (noise sb). */
  private static void assertGain(double a, double sa, double b, double sb, int n, NextLimit next, String what) {
    double expected = a / b;
    double tolerance = 3 * Math.hypot(sa, sb) / Math.sqrt(n) * expected + 0.005;
    assertNear(expected, tolerance, next.gain(), what + " gain");
  }

  /**
   * The next limit is the tightest candidate of the phase's headroom table that is not lifted with
   * the primary: its row is there, on the path, and below the primary's.
   */
  private static void assertGainFromTable(PhaseVerdict p) {
    HeadroomEntry primary = row(p, p.entity());
    HeadroomEntry next = row(p, p.nextLimit().entity());
    assertTrue(next.onPath() && next.utilization() < primary.utilization(), p.name() + ": " + primary + " / " + next);
  }

  private static HeadroomEntry row(PhaseVerdict p, String entity) {
    return p.headroom().stream().filter(h -> h.entity().equals(entity)).findFirst().orElseThrow();
  }

  @Test
  void s1AfterTheX8LinkTheSameLinkAtX16ThenTheNodeCpuAndAfterTheFcFabricTheClientCpus() {
    StudyRecordings s1 = new StudyRecordings("s1-fc-san.jsonl");
    PhaseVerdict local = s1.phase("local-gpu-randwrite-8T/32Q");
    NextLimit n = local.nextLimit();
    // the GPU card's Gen4 x8 link, capable of x16: the same 13.6 GB/s host-to-device against
    // 2 x 15.75 = 31.5 GB/s binds at exactly twice the throughput: 2.0x
    assertEquals(Bottleneck.PCIE, n.bottleneck());
    assertEquals(S1FcSan.GPU_LINK, n.entity());
    assertEquals(2.0, n.gain(), 1e-9);
    // the workload's 975,000 x 4096 B = 3.99 GB/s (printed 4.01, its mean) at the link's mean 13.6 /
    // (15.75 x 0.87) = 99.25% of practical: full at 3.99-4.01 / 0.9925 = 4.02-4.04 GB/s, twice at x16
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("s1/r750/pcie/0000:ca:00.0 at Gen4 x16 would be full"
        + " at ([\\d.]+) GB/s where as trained now it is full at ([\\d.]+) GB/s").matcher(n.evidence().get(0));
    assertTrue(m.matches(), n.evidence().get(0));
    assertNear(4.03, 0.015, Double.parseDouble(m.group(2)), "S1 full as trained now, GB/s");
    assertEquals(2 * Double.parseDouble(m.group(2)), Double.parseDouble(m.group(1)), 0.011, "x16 is twice x8");
    // then the storage node's CPU (util 0.06): 1.0194 x 1.033 / (0.06 x 1.033) = 17x by load, but
    // above the block layer 975,000 x (263 - 250 us) = 12.7 of the 256 I/Os: about 256 / 12.7 =
    // 20x, and the seeded latencies (5% noise each) leave 16.2 there: 15.8x, the cap
    String after = n.evidence().get(n.evidence().size() - 1);
    assertTrue(after.startsWith("after it: ARRAY_CPU s1/r750/cpu at "), after);

    PhaseVerdict fc = s1.phase("fc-gpu-seqread-8T/32Q");
    NextLimit f = fc.nextLimit();
    // the 32 FC ports are lifted as one; the four clients' CPUs at 0.24 are next, as one resource:
    // port 3.2 / (3.2 x 0.98) = 1.0204 (readings clipped at line rate: no noise in the p95)
    assertEquals(Bottleneck.HOST_CPU, f.bottleneck());
    assertEquals(4, f.members().size());
    assertTrue(f.members().stream().allMatch(member -> member.matches("s1/c\\d/cpu")), f.members().toString());
    assertGain(1 / 0.98, 0, 0.24, 0.02, N60, f, "S1 fc");
    assertGainFromTable(fc);
    assertTrue(f.summary().startsWith("HOST_CPU s1/c*/cpu at "), f.summary());
  }

  @Test
  void s2ConcurrencyBoundFillsTheEsxCpusFirst() {
    StudyRecordings s2 = new StudyRecordings("s2-nvmeof-oltp.jsonl");
    NextLimit n = s2.phase("oltp-8vm-32threads").nextLimit();
    // NONE: the tightest on the path, esx1 at util 0.48 (esx2 0.46): room 1 / 0.48 = 2.08x, 115
    // readings of the 120 s phase
    assertEquals(Bottleneck.HOST_CPU, n.bottleneck());
    assertEquals("s2/esx1/cpu", n.entity());
    assertEquals(java.util.List.of("s2/esx1/cpu", "s2/esx2/cpu"), n.members());
    assertGain(1, 0, 0.48, 0.02, 115, n, "S2 room");
  }

  @Test
  void s3TheRaidVolumeIsNextAfterTheFabricAndTheServerCpuAfterTheVolume() {
    StudyRecordings s3 = new StudyRecordings("s3-ib-hdd.jsonl");
    PhaseVerdict seq = s3.phase("seq-read-iser-8j");
    NextLimit n = seq.nextLimit();
    // the 4 IB ports lifted; the co-limit next: wire 6.05 GB/s (1% noise) / (6.8 x 0.90) = 0.9886
    // over the volume's 5,722 x 1 MiB = 6.0 GB/s / 6.4 GB/s = 0.9375: about 1.04x
    assertEquals(Bottleneck.DISK, n.bottleneck());
    assertEquals(S3IbHdd.VOLUME, n.entity());
    assertGain(6.05 / 6.12, 0.01, 6.0 / 6.4, 0.02, N60, n, "S3 seq");
    assertGainFromTable(seq);
    for (String name : new String[] {"rand-read-iser-8j", "rand-read-nfsrdma-8j"}) {
      PhaseVerdict rand = s3.phase(name);
      // the volume's 9,300 of 9,600 IOPS = 0.96875 over the server CPU's util 0.09: about 10.8x
      assertEquals(Bottleneck.ARRAY_CPU, rand.nextLimit().bottleneck());
      assertEquals("s3/server/cpu", rand.nextLimit().entity());
      assertGain(9_300 / 9_600.0, 0.02, 0.09, 0.02, N60, rand.nextLimit(), "S3 " + name);
      assertGainFromTable(rand);
    }
  }

  @Test
  void s4TheDrivesAreNextBehindThePercLinkAndNumaHasNone() {
    StudyRecordings s4 = new StudyRecordings("s4-r760-nvme-perc.jsonl");
    PhaseVerdict numa = s4.phase("direct-randwrite-untuned");
    assertNull(numa.nextLimit());
    assertEquals("placement_limit", numa.nextLimitReason());
    double[][] seq = {{28.1e9}, {28.3e9}};
    String[] names = {"perc1-seqread", "perc1-seqwrite"};
    for (int i = 0; i < names.length; i++) {
      PhaseVerdict p = s4.phase(names[i]);
      NextLimit n = p.nextLimit();
      // the PERC's x16 link: bytes (0.8% noise) / (31.5 x 0.87 = 27.4 GB/s); the 8 drives behind it
      // as one volume: the same bytes (2% noise) / 56.8 GB/s (8 x 7.1 GB/s). Read: 1.0254 / 0.4947
      // = 2.07 before noise, 2.03 at the p95s
      assertEquals(Bottleneck.DISK, n.bottleneck());
      assertEquals(S4R760.VD0, n.entity());
      assertGain(seq[i][0] / (31.5e9 * PCIE), 0.008, seq[i][0] / 56.8e9, 0.02, N60, n, "S4 " + names[i]);
      assertGainFromTable(p);
    }
    PhaseVerdict oltp = s4.phase("perc2-oltp-10M");
    NextLimit n = oltp.nextLimit();
    // the host CPU (util 0.96, 1% noise) and its sockets lifted together; the two PERC volumes next,
    // each 3.57M + 1.53M = 5.1M of 8.8M IOPS (the sum's noise 0.02 x hypot(3.57, 1.53) / 5.1 = 1.5%):
    // 0.96 / 0.5795 = 1.66 before noise, 1.64 at the p95s. Little's law: 10.2M IOPS x the drives'
    // (0.7 x 110 + 0.3 x 130 = 116 us) = 1,183 of the I/Os below the block layer, 2,048 / 1,183 =
    // 1.73x at most: not the cap
    assertEquals(Bottleneck.DISK, n.bottleneck());
    assertEquals(2, n.members().size());
    assertGain(0.96, 0.01, 5.1 / 8.8, 0.0152, N60, n, "S4 oltp");
    assertGainFromTable(oltp);
    assertTrue(n.evidence().stream().anyMatch(l -> l.startsWith("Little's law: of 1,485 I/Os in flight (2,048"
        + " outstanding), 1,1")), n.evidence().toString());
  }

  @Test
  void s5TheHostCpusAreNextAfterTheArrayNodes() {
    StudyRecordings s5 = new StudyRecordings("s5-powerstore-upgrade.jsonl");
    NextLimit room = s5.phase("4k-rand-read100").nextLimit();
    // NONE: node-a at 0.78 (1.2% noise) fills first, with node-b as one resource: 1 / 0.78 = 1.28x
    assertEquals(Bottleneck.ARRAY_CPU, room.bottleneck());
    assertEquals(2, room.members().size());
    assertGain(1, 0, 0.78, 0.012, N60, room, "S5 room");
    double[][] levels = {{0.93, 0.57}, {0.945, 0.55}};
    String[] names = {"4k-rand-read50", "8k-rand-read25"};
    for (int i = 0; i < names.length; i++) {
      PhaseVerdict p = s5.phase(names[i]);
      // both nodes at their ceiling, lifted as one; the hosts next: node util (node-b 0.01 below
      // node-a) over the hosts' util, 0.93 / 0.57 = 1.63 and 0.945 / 0.55 = 1.72 before noise
      double node = p.entity().equals(S5PowerStore.NODE_A) ? levels[i][0] : levels[i][0] - 0.01;
      assertEquals(Bottleneck.HOST_CPU, p.nextLimit().bottleneck());
      assertGain(node, 0.012, levels[i][1], 0.02, N60, p.nextLimit(), "S5 " + names[i]);
      assertGainFromTable(p);
    }
  }
}
