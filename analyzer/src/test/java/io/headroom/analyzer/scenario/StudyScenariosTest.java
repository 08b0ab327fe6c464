package io.headroom.analyzer.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.PhaseVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One test per reference study: the verdict of every phase the study speaks of. */
class StudyScenariosTest {

  @Test
  void s1GpuRaidWritesHitTheX8LinkAndFcReadsFillTheFcPorts() {
    StudyRecordings s1 = new StudyRecordings("s1-fc-san.jsonl");
    PhaseVerdict local = s1.phase("local-gpu-randwrite-8T/32Q");
    assertEquals(Bottleneck.PCIE, local.bottleneck());
    assertEquals(S1FcSan.GPU_LINK, local.entity());
    assertEquals("s1/r750/pcie/0000:ca:00.0 host-to-device p95 13.97 GB/s = 89% of 15.75 GB/s"
        + " (102% of the practical 87% of line rate)", s1.evidence(local.name()).get(0));
    assertEquals("s1/r750/pcie/0000:ca:00.0 trained Gen4 x8, capable of Gen4 x16",
        s1.evidence(local.name()).get(1));
    assertEquals("off the data path, not the verdict: s1/backup-sw/port/7 tx p95 12.34 GB/s = 99%"
        + " of 12.5 GB/s", s1.line(local.name(), "off the data path"));

    PhaseVerdict fc = s1.phase("fc-gpu-seqread-8T/32Q");
    assertEquals(Bottleneck.NETWORK, fc.bottleneck());
    assertEquals("fc", s1.data.entity(fc.entity()).attrs().get("fabric"));
    assertTrue(fc.entity().matches("s1/(c\\d/fc/p\\d|g620/port/\\d+|r750/fc/p\\d)"), fc.entity());
    // 4 clients x 2 ports, each crossing a client port, two switch ports and a storage-node port:
    // 32 FC ports, all at 3.2 GB/s = 100% of 32G line rate. The fabric is the limit, not one port.
    // The aggregate ceiling: 8 x 32GFC = 8 x 3,200 MB/s = 25,600 MB/s = 25.6 GB/s a tier (per host
    // side). The tiers from the traffic: 32 ports carrying about 3.2 GB/s each = 102.4 GB/s over
    // the 25.56 GB/s the workload moved = 4.0, so 4 tiers of 32 / 4 = 8 ports.
    assertEquals("32 of 32 fc ports on the path at their ceiling, the least loaded at 100% of line rate:"
        + " the fabric is the limit, not one port; the data crosses 4 tiers of 8 ports:"
        + " 8 x 3.2 GB/s = 25.6 GB/s a tier; the workload moved 25.56 GB/s", s1.evidence(fc.name()).get(1));
    assertEquals(32, fc.group().atCeiling());
    assertEquals(32, fc.group().entities().size());
    assertEquals(fc.entity(), fc.group().entities().get(0));
    assertTrue(s1.evidence(fc.name()).get(0).endsWith(
        "p95 3.2 GB/s = 100% of 3.2 GB/s (102% of the practical 98% of line rate, fc)"));
    assertEquals("workload 25.56 GB/s mean (24,432 IOPS), flat (cv 1%)",
        s1.line(fc.name(), "workload"));
  }

  @Test
  void s2NothingNearItsCeilingIsNone() {
    StudyRecordings s2 = new StudyRecordings("s2-nvmeof-oltp.jsonl");
    PhaseVerdict oltp = s2.phase("oltp-8vm-32threads");
    assertEquals(Bottleneck.NONE, oltp.bottleneck());
    assertNull(oltp.entity());
    assertEquals(Bottleneck.NONE, s2.verdict.bottleneck());
    assertEquals(List.of(
        "nothing on the data path at its ceiling: tightest s2/esx1/cpu util p95 0.49 (49% of"
            + " practical, at its ceiling from 90%)",
        // 8 VMs x 32 threads = 256 asked for; 176K IOPS x ~0.5 ms mean = 89 in flight
        "concurrency-bound: 89 I/Os in flight (of 256 asked for) loaded nothing on the path to its"
            + " ceiling; more outstanding I/O (threads, queue depth, hosts) is the way to load it further",
        "workload 2.88 GB/s mean (176,036 IOPS), flat (cv 1%)",
        "Little's law: IOPS x mean latency = 89 of 256 outstanding I/O (35%): the submitting side"
            + " could not keep its queues full"), s2.evidence(oltp.name()).subList(0, 4));
    assertEquals("workload_concurrency", oltp.reason());
    // The busy port elsewhere tops the headroom table but is not the verdict.
    assertEquals("s2/sw1/port/20", s2.verdict.headroom().get(0).entity());
    assertTrue(s2.line(oltp.name(), "off the data path").startsWith(
        "off the data path, not the verdict: s2/sw1/port/20 tx p95"));
  }

  @Test
  void s3SequentialIsNetworkWithDiskAsCoLimitAndRandomIsDisk() {
    StudyRecordings s3 = new StudyRecordings("s3-ib-hdd.jsonl");
    PhaseVerdict seq = s3.phase("seq-read-iser-8j");
    assertEquals(Bottleneck.NETWORK, seq.bottleneck());
    assertTrue(List.of(S3IbHdd.PORTS).contains(seq.entity()), seq.entity());
    // volume 6.0 GB/s of a 6.4 GB/s spec with 2% noise; wire 6.05 GB/s of FDR's 6.8 at 90% practical:
    // 6.05 / 6.8 / 0.9 = 0.989, within nearTie 0.05 of the volume's 6.0 / 6.4 = 0.94 (p95 a little higher)
    assertEquals("co-limit, also at its ceiling (a near tie): DISK s3/server/raid50: s3/server/raid50 p95"
        + " 6.15 GB/s = 96% of its 6.4 GB/s spec", s3.line(seq.name(), "co-limit"));
    assertEquals(1, seq.coLimits().size());
    assertEquals(Bottleneck.DISK, seq.coLimits().get(0).bottleneck());
    assertEquals(S3IbHdd.VOLUME, seq.coLimits().get(0).entity());
    // 6.15 / 6.4 = 0.961 of the spec, the figure of the evidence line
    assertEquals(0.961, seq.coLimits().get(0).utilization(), 0.001);
    for (String random : List.of("rand-read-iser-8j", "rand-read-nfsrdma-8j")) {
      PhaseVerdict p = s3.phase(random);
      assertEquals(Bottleneck.DISK, p.bottleneck(), random);
      assertEquals(S3IbHdd.VOLUME, p.entity(), random);
    }
    assertEquals(List.of("s3/server/raid50 p95 9,606 IOPS = 100% of its 9,600 IOPS spec",
        "s3/server/raid50 read latency mean 27.2 ms"), s3.evidence("rand-read-iser-8j").subList(0, 2));
    assertEquals(Bottleneck.DISK, s3.verdict.bottleneck());
    assertEquals("DISK limited 2 of 3 phases (67% of the run's phase time); other phases:"
        + " seq-read-iser-8j: NETWORK " + seq.entity(), s3.verdict.evidence().get(0));
  }

  @Test
  void s4NumaUntunedThenPercLinkThenHostCpu() {
    StudyRecordings s4 = new StudyRecordings("s4-r760-nvme-perc.jsonl");
    PhaseVerdict direct = s4.phase("direct-randwrite-untuned");
    assertEquals(Bottleneck.NUMA, direct.bottleneck());
    assertEquals(S4R760.SOCKET0, direct.entity());
    assertEquals(List.of(
        "s4/r760/cpu/socket0 remote_access_ratio mean 0.46 (costly from 0.30)",
        "workload pinned to s4/r760/cpu/socket0; 4 of 8 devices on the path on another socket"
            + " (s4/r760/pcie/nvme4, s4/r760/pcie/nvme5, s4/r760/pcie/nvme6, s4/r760/pcie/nvme7)"),
        s4.evidence(direct.name()).subList(0, 2));

    for (String seq : List.of("perc1-seqread", "perc1-seqwrite")) {
      PhaseVerdict p = s4.phase(seq);
      assertEquals(Bottleneck.PCIE, p.bottleneck(), seq);
      assertEquals(S4R760.PERC0, p.entity(), seq);
    }
    assertTrue(s4.evidence("perc1-seqread").get(0).startsWith(
        "s4/r760/pcie/0000:4a:00.0 device-to-host p95 28."));
    assertTrue(s4.evidence("perc1-seqwrite").get(0).startsWith(
        "s4/r760/pcie/0000:4a:00.0 host-to-device p95 28."));

    PhaseVerdict oltp = s4.phase("perc2-oltp-10M");
    assertEquals(Bottleneck.HOST_CPU, oltp.bottleneck());
    assertEquals(S4R760.HOST, oltp.entity());
    assertEquals("Little's law: IOPS x mean latency = 1,485 of 2,048 outstanding I/O (72%): the"
        + " submitting side could not keep its queues full", s4.line(oltp.name(), "Little"));
  }

  @Test
  void s5WriteHeavyPatternsAreTheArrayCpu() {
    StudyRecordings s5 = new StudyRecordings("s5-powerstore-upgrade.jsonl");
    for (String p : List.of("4k-rand-read50", "8k-rand-read25")) {
      PhaseVerdict v = s5.phase(p);
      assertEquals(Bottleneck.ARRAY_CPU, v.bottleneck(), p);
      assertTrue(List.of(S5PowerStore.NODE_A, S5PowerStore.NODE_B).contains(v.entity()), p);
    }
    assertEquals("s5/ps1200t/node-a util p95 0.95, s5/ps1200t/node-b util p95 0.94 (full from"
        + " 0.90); hosts util p95 0.59; tightest port s5/sw1/port/1-2 tx p95 0.13 GB/s = 1% of"
        + " 12.5 GB/s", s5.evidence("4k-rand-read50").get(0));
    // Read-only: the nodes near 79%, nothing full
    assertEquals(Bottleneck.NONE, s5.phase("4k-rand-read100").bottleneck());
    assertEquals(Bottleneck.ARRAY_CPU, s5.verdict.bottleneck());
  }
}
