package io.headroom.analyzer.scenario;

import java.util.Map;

/**
 * Study S4: PowerEdge R760, direct-attached NVMe vs PERC 12 RAID cards, all Solidigm P5520 Gen4
 * SSDs. Phase 1: direct drives, random write with fio pinned to socket 0 while half the drives
 * hang off socket 1, untuned: 3.4M IOPS, socket 0 busy, socket 1 idle, 46% of socket 0's memory
 * traffic remote: NUMA. Phases 2 and 3: sequential read (28.1 GB/s) and write (28.3 GB/s)
 * through one PERC's Gen4 x16 link (31.5 GB/s line rate): PCIe. Phase 4: 4K OLTP over two PERCs,
 * 10.2M IOPS with both sockets above 95%: the host CPU.
 */
final class S4R760 {
  static final String HOST = "s4/r760/cpu";
  static final String SOCKET0 = "s4/r760/cpu/socket0";
  static final String SOCKET1 = "s4/r760/cpu/socket1";
  static final String PERC0 = "s4/r760/pcie/0000:4a:00.0";
  static final String PERC1 = "s4/r760/pcie/0000:ca:00.0";
  static final String VD0 = "s4/perc0/vd0";
  static final String VD1 = "s4/perc1/vd0";

  private S4R760() {}

  static Scenario build() {
    ScenarioBuilder b = new ScenarioBuilder("s4", "s4-r760", 1796200000.0, 4004,
        Map.of("tool", "fio", "ioengine", "io_uring"));
    testbed(b);
    numaUntuned(b.phase("direct-randwrite-untuned", 60));
    seq(b.phase("perc1-seqread", 60), "read", 28.1e9);
    seq(b.phase("perc1-seqwrite", 60), "write", 28.3e9);
    oltp(b.phase("perc2-oltp-10M", 60));
    return new Scenario("s4-r760-nvme-perc.jsonl", "s4", b.build());
  }

  /**
   * The other side of study S4's comparison: the same server and drives, the same fio job
   * (16 jobs x iodepth 32, 128 KiB) reading sequentially from the 8 drives directly instead of
   * through the PERC: 5.2 GB/s a drive, 41.6 GB/s in all, each drive at 73% of its 7.1 GB/s and
   * each x4 link at 67% of 7.876 GB/s: nothing full (NONE). Against s4's perc1-seqread (28.1 GB/s
   * on the PERC's Gen4 x16 link) the limit moves to the link and the throughput falls to
   * 28.1 / 41.6 = 0.675 of this. Its untuned random-write phase is s4's, with other noise.
   */
  static Scenario direct() {
    ScenarioBuilder b = new ScenarioBuilder("s4-direct", "s4-r760", 1796190000.0, 4003,
        Map.of("tool", "fio", "ioengine", "io_uring"));
    testbed(b);
    numaUntuned(b.phase("direct-randwrite-untuned", 60));
    directSeqRead(b.phase("direct-seqread", 60), DIRECT_DRIVE_READ);
    return new Scenario("s4-r760-direct.jsonl", "s4-direct", b.build());
  }

  /** Each drive's sequential read in {@link #direct()}: 8 x 5.2 = 41.6 GB/s. */
  static final double DIRECT_DRIVE_READ = 5.2e9;

  private static void testbed(ScenarioBuilder b) {
    b.entity(HOST, "host_cpu", Map.of("model", "2 x Xeon Gold 6430"), Map.of());
    b.series(HOST, "util", 0.02);
    for (String s : new String[] {SOCKET0, SOCKET1}) {
      b.entity(s, "cpu_socket").rel(s, "on", HOST);
      b.series(s, "util", 0.02).series(s, "remote_access_ratio", 0.05);
    }
    for (int i = 0; i < 8; i++) {
      String disk = "s4/nvme" + i + "n1";
      String link = "s4/r760/pcie/nvme" + i;
      b.entity(disk, "disk", Map.of("model", "Solidigm D7-P5520 7.68TB"),
          Map.of("iops", 1.1e6, "bytes_per_s", 7.1e9));
      b.entity(link, "pcie_link", Map.of("gen", 4, "width", 4, "max_gen", 4, "max_width", 4),
          Map.of("bytes_per_s", 7.876e9));
      b.rel(disk, "behind", link).rel(link, "on", i < 4 ? SOCKET0 : SOCKET1);
      S1FcSan.diskSeries(b, disk);
      b.series(link, "write_bytes_per_s", 0).series(link, "read_bytes_per_s", 0);
    }
    perc(b, PERC0, VD0, SOCKET0);
    perc(b, PERC1, VD1, SOCKET1);
    S1FcSan.workload(b, "s4/fio/direct", SOCKET0, "s4/nvme0n1");
    for (int i = 1; i < 8; i++) {
      b.rel("s4/fio/direct", "targets", "s4/nvme" + i + "n1");
    }
    b.entity("s4/fio/direct", "workload", Map.of("numjobs", 16, "iodepth", 32), Map.of());
    S1FcSan.workload(b, "s4/fio/perc1", HOST, VD0);
    b.entity("s4/fio/perc1", "workload", Map.of("numjobs", 16, "iodepth", 32), Map.of());
    S1FcSan.workload(b, "s4/fio/perc2", HOST, VD0);
    b.rel("s4/fio/perc2", "targets", VD1);
    b.entity("s4/fio/perc2", "workload", Map.of("numjobs", 64, "iodepth", 32), Map.of());
    Distractors.add(b, "s4/r760/nic/p1", "s4/r760/pcie/0000:31:00.0", "s4/lab-array/node-b");
  }

  private static void directSeqRead(ScenarioBuilder.PhaseSpec p, double perDrive) {
    p.set(HOST, "util", 0.33).set(SOCKET0, "util", 0.42).set(SOCKET1, "util", 0.24);
    // 128 KiB blocks, 512 outstanding, as perc1-seqread
    double iops = 8 * perDrive / 131_072;
    S1FcSan.io(p, "s4/fio/direct", "read", iops, 131_072, 512 / iops);
    for (int i = 0; i < 8; i++) {
      S1FcSan.io(p, "s4/nvme" + i + "n1", "read", iops / 8, 131_072, 60 / iops);
      p.set("s4/r760/pcie/nvme" + i, "read_bytes_per_s", perDrive * 1.02, 0.008);
    }
  }

  private static void perc(ScenarioBuilder b, String link, String vd, String socket) {
    b.entity(link, "pcie_link",
        Map.of("gen", 4, "width", 16, "max_gen", 4, "max_width", 16, "device", "PERC 12 H965i"),
        Map.of("bytes_per_s", 3.15e10));
    b.entity(vd, "disk", Map.of("raid", "8 x P5520 JBOD"), Map.of("iops", 8.8e6, "bytes_per_s", 5.68e10));
    b.rel(vd, "behind", link).rel(link, "on", socket);
    S1FcSan.diskSeries(b, vd);
    b.series(link, "write_bytes_per_s", 0).series(link, "read_bytes_per_s", 0);
  }

  private static void numaUntuned(ScenarioBuilder.PhaseSpec p) {
    p.set(HOST, "util", 0.53).set(SOCKET0, "util", 0.84, 0.015).set(SOCKET1, "util", 0.22)
        .set(SOCKET0, "remote_access_ratio", 0.46).set(SOCKET1, "remote_access_ratio", 0.08);
    // 3.4M IOPS of 4 KiB, 512 outstanding: 151 us
    S1FcSan.io(p, "s4/fio/direct", "write", 3.4e6, 4096, 0.000151);
    for (int i = 0; i < 8; i++) {
      S1FcSan.io(p, "s4/nvme" + i + "n1", "write", 425_000, 4096, 0.00012);
      p.set("s4/r760/pcie/nvme" + i, "write_bytes_per_s", 425_000 * 4096 * 1.02);
    }
  }

  private static void seq(ScenarioBuilder.PhaseSpec p, String dir, double bytes) {
    p.set(HOST, "util", 0.31).set(SOCKET0, "util", 0.40).set(SOCKET1, "util", 0.22);
    // 128 KiB blocks, 512 outstanding
    double iops = bytes / 131_072;
    S1FcSan.io(p, "s4/fio/perc1", dir, iops, 131_072, 512 / iops);
    S1FcSan.io(p, VD0, dir, iops, 131_072, 500 / iops);
    p.set(PERC0, dir + "_bytes_per_s", bytes, 0.008);
  }

  private static void oltp(ScenarioBuilder.PhaseSpec p) {
    p.set(HOST, "util", 0.96, 0.01).set(SOCKET0, "util", 0.96, 0.01).set(SOCKET1, "util", 0.95, 0.01);
    // 70/30 of 10.2M IOPS; 2,048 outstanding but only ~1,490 in flight: the CPUs cannot submit more
    S1FcSan.io(p, "s4/fio/perc2", "read", 7.14e6, 4096, 0.00014);
    S1FcSan.io(p, "s4/fio/perc2", "write", 3.06e6, 4096, 0.00016);
    for (String[] card : new String[][] {{PERC0, VD0}, {PERC1, VD1}}) {
      S1FcSan.io(p, card[1], "read", 3.57e6, 4096, 0.00011);
      S1FcSan.io(p, card[1], "write", 1.53e6, 4096, 0.00013);
      p.set(card[0], "read_bytes_per_s", 3.57e6 * 4096).set(card[0], "write_bytes_per_s", 1.53e6 * 4096);
    }
  }
}
