package io.headroom.analyzer.scenario;

import static io.headroom.analyzer.scenario.FromInputs.N60;
import static io.headroom.analyzer.scenario.FromInputs.assertMean;
import static io.headroom.analyzer.scenario.FromInputs.assertP95;
import static io.headroom.analyzer.scenario.FromInputs.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.PhaseVerdict;
import org.junit.jupiter.api.Test;

/**
 * Issue 27's two seen situations (docs/scenarios/README.md): the verdict names the finest
 * saturated entity on the data path, with the coarser one as evidence (docs/detection.md,
 * Granularity). Before, the first was NONE ("concurrency-bound") and the second named md0.
 */
class GranularityScenariosTest {

  @Test
  void oneCpuServingEveryNicInterruptIsTheLimitWhileTheHostAveragesNineteenPercent() {
    StudyRecordings c1 = new StudyRecordings("one-cpu-irq.jsonl");
    PhaseVerdict p = c1.phase(OneCpuIrq.PHASE);
    assertEquals(Bottleneck.HOST_CPU, p.bottleneck());
    assertEquals(OneCpuIrq.IRQ_CPU, p.entity());
    String role = p.evidence().get(0);
    // softirq level 0.83 and irq 0.07 with 1% noise: means within 3 x 0.0083 / sqrt(55) = 0.003;
    // the host's (1.00 + 15 x 0.136) / 16 = 0.19 with 1% noise; CPU 7's util is clipped at 1.0
    assertMean(0.83, 0.01, N60, number(role, "softirq mean ([\\d.]+)"), 0.01, "softirq");
    assertMean(0.19, 0.01, N60, number(role, "averages ([\\d.]+)"), 0.01, "host util");
    assertEquals("c1/client/cpu/7 util p95 1.00 (full from 0.90), softirq mean 0.83, irq mean 0.07,"
        + " while c1/client/cpu averages 0.19: it serves every interrupt of c1/client/net/ens1f0", role);
    // the NIC at 23% of line rate: 21,930 x 131,072 x 1.01 = 2.903 GB/s of 12.5 GB/s, mean; its
    // p95 with 2% noise 2.903 x 1.0329 = 2.999 GB/s = 24.0% of line rate
    HeadroomEntry nic = row(p, OneCpuIrq.NIC);
    assertTrue(nic.onPath());
    assertP95(OneCpuIrq.BYTES * 1.01 / OneCpuIrq.LINE_RATE, 0.02, N60, nic.lineRate(), 0.0001, "NIC share");
    HeadroomEntry cpu = row(p, OneCpuIrq.IRQ_CPU);
    assertTrue(cpu.onPath() && cpu.utilization() == 1.0, cpu.toString());
    assertEquals("sustained: c1/client/cpu/7 util at its ceiling in 55 of 55 readings (100%); the workload"
        + " shows it: throughput flat (cv 2%), queues kept full (100% of the outstanding I/O in flight)",
        c1.line(p.name(), "sustained"));
    // next, with CPU 7's interrupts spread: the target volume, its mean 2.874 GB/s of its 6.8 GB/s
    // spec = 42.3%, over CPU 7's mean util (1.0 with 1% noise clipped at 1.0: 1 - 0.01 x 0.399 =
    // 0.996): the gain is 0.996 / 0.423 = 2.36x (bounds from means: the utilisation law's)
    assertEquals(OneCpuIrq.VOLUME, p.nextLimit().entity());
    FromInputs.assertNear(0.996 * 6.8e9 / OneCpuIrq.BYTES, 0.05, p.nextLimit().gain(), "gain");
  }

  @Test
  void theFailingMemberOfTheStripeIsTheLimitAndTheArrayItsEvidence() {
    StudyRecordings c2 = new StudyRecordings("md-slow-member.jsonl");
    PhaseVerdict p = c2.phase(MdSlowMember.PHASE);
    assertEquals(Bottleneck.DISK, p.bottleneck());
    assertEquals(MdSlowMember.SLOW, p.entity());
    assertNull(p.group(), "one member of four full is no group");
    // 68 reads/s x 15 ms = 1.02 s a second: busy all the time; 16 - 3 x 68 x 6.5 ms = 14.7 queued
    String member = p.evidence().get(0);
    assertMean(14.7, 0.02, N60, number(member, "queue depth mean ([\\d.]+)"), 0.1, "sdc queue");
    assertEquals("c2/h1/disk/sdc util p95 1.00 (busy from 0.90), queue depth mean 14.7", member);
    // peers 68 x 6 ms = 0.41 busy with 2% noise: p95 0.41 x 1.0329 = 0.4235 +/- 0.004
    String array = c2.line(p.name(), "c2/h1/disk/md0");
    assertP95(0.41, 0.02, N60, number(array, "busy p95 ([\\d.]+) to"), 0.01, "least loaded peer");
    assertP95(0.41, 0.02, N60, number(array, "to ([\\d.]+);"), 0.01, "most loaded peer");
    assertEquals("c2/h1/disk/md0 (raid0) busy p95 1.00 of the time only through c2/h1/disk/sdc: the other"
        + " 3 members at busy p95 0.42 to 0.43; a stripe is as fast as its slowest member", array);
    // sdc's own latency: 14.7 in flight / 68 per second = 216 ms, with 5% noise on the level
    assertMean(0.216, 0.05, N60, number(p.evidence().get(1), "read latency mean ([\\d.]+) ms") / 1000, 0.0001,
        "sdc latency");
    // md0's 100% busy is sdc's, not a ceiling of its own: it is no next limit at 1.0x (busy time
    // does not grow with throughput in proportion, docs/detection.md section 8)
    assertNotEquals(MdSlowMember.MD, p.nextLimit().entity());
  }

  private static HeadroomEntry row(PhaseVerdict p, String entity) {
    return p.headroom().stream().filter(h -> h.entity().equals(entity)).findFirst().orElseThrow();
  }
}
