package io.headroom.analyzer.scenario;

import java.util.Map;

/**
 * Study S1: software-defined SAN over 32G FC with a GPU RAID card (reference-studies.md).
 * Phase 1: local 4K random write at 8T/32Q on the storage node, 975K IOPS through the GPU RAID
 * card in a Gen4 x8 slot. A RAID5 read-modify-write moves new data, old data and old parity into
 * the card for each write, modelled as 3.4x the payload host-to-device: 13.6 GB/s on a 15.75 GB/s
 * link, the lane limit the vendor names. Phase 2: 1M sequential read from four clients over
 * 8 x 32G FC ports, 25.6 GB/s: every FC port at line rate.
 */
final class S1FcSan {
  static final String NODE = "s1/r750/cpu";
  static final String GPU_LINK = "s1/r750/pcie/0000:ca:00.0";
  static final String VOLUME = "s1/r750/raid5-gpu";
  static final int SECONDS = 60;

  private S1FcSan() {}

  static Scenario build() {
    ScenarioBuilder b = new ScenarioBuilder("s1", "s1-fc-san", 1795995443.0, 1001,
        Map.of("tool", "fio", "numjobs", 8, "iodepth", 32));
    b.entity(NODE, "array_cpu", Map.of("model", "2 x Xeon Platinum 8380"), Map.of());
    b.series(NODE, "util", 0.02);
    b.entity(GPU_LINK, "pcie_link",
        Map.of("gen", 4, "width", 8, "max_gen", 4, "max_width", 16, "device", "SupremeRAID SR-1010"),
        Map.of("bytes_per_s", 1.575e10));
    b.series(GPU_LINK, "write_bytes_per_s", 1.0e7).series(GPU_LINK, "read_bytes_per_s", 1.0e7);
    b.entity(VOLUME, "disk", Map.of("raid", "RAID5 over 8 x PBlaze6 6926"), Map.of());
    b.rel(VOLUME, "behind", GPU_LINK);
    workload(b, "s1/r750/fio-local", NODE, VOLUME);
    diskSeries(b, VOLUME);
    for (int c = 1; c <= 4; c++) {
      client(b, c);
    }
    Distractors.add(b, "s1/backup-sw/port/7", "s1/r750/pcie/0000:17:00.0", "s1/r750b/cpu");

    ScenarioBuilder.PhaseSpec local = b.phase("local-gpu-randwrite-8T/32Q", SECONDS)
        .set(NODE, "util", 0.06)
        .set(GPU_LINK, "write_bytes_per_s", 13.6e9)
        .set(GPU_LINK, "read_bytes_per_s", 4.0e9);
    // 975K IOPS of 4 KiB, 256 outstanding: 263 us mean by Little's law
    io(local, "s1/r750/fio-local", "write", 975_000, 4096, 0.000263);
    io(local, VOLUME, "write", 975_000, 4096, 0.000250);

    ScenarioBuilder.PhaseSpec fc = b.phase("fc-gpu-seqread-8T/32Q", SECONDS).set(NODE, "util", 0.08);
    for (int c = 1; c <= 4; c++) {
      // 6.4 GB/s per client of 1 MiB reads, 256 outstanding: 42 ms mean
      io(fc, "s1/c" + c + "/fio", "read", 6_100, 1_048_576, 0.042);
      io(fc, "s1/r750/lun" + c, "read", 6_100, 1_048_576, 0.041);
      fc.set("s1/c" + c + "/cpu", "util", 0.24);
      for (int p = 1; p <= 2; p++) {
        int n = (c - 1) * 2 + p;
        fc.set("s1/c" + c + "/fc/p" + p, "rx_bytes_per_s", 3.2e9, 0.01);
        fc.set("s1/g620/port/" + n, "tx_bytes_per_s", 3.2e9, 0.01);
        fc.set("s1/g620/port/" + (n + 8), "rx_bytes_per_s", 3.2e9, 0.01);
        fc.set("s1/r750/fc/p" + n, "tx_bytes_per_s", 3.2e9, 0.01);
      }
    }
    return new Scenario("s1-fc-san.jsonl", "s1", b.build());
  }

  /** A client with two FC ports, its switch ports and the storage node's ports it reaches. */
  private static void client(ScenarioBuilder b, int c) {
    String cpu = "s1/c" + c + "/cpu";
    String lun = "s1/r750/lun" + c;
    b.entity(cpu, "host_cpu", Map.of("model", "2 x Xeon Gold 6130"), Map.of());
    b.series(cpu, "util", 0.03);
    b.entity(lun, "disk");
    b.rel(lun, "served_by", NODE);
    diskSeries(b, lun);
    workload(b, "s1/c" + c + "/fio", cpu, lun);
    for (int p = 1; p <= 2; p++) {
      int n = (c - 1) * 2 + p;
      for (String port : new String[] {"s1/c" + c + "/fc/p" + p, "s1/g620/port/" + n,
          "s1/g620/port/" + (n + 8), "s1/r750/fc/p" + n}) {
        b.entity(port, "net_port", Map.of("fabric", "fc", "speed_bps", 3.2e10),
            Map.of("bytes_per_s", 3.2e9));
        b.series(port, "rx_bytes_per_s", 1.0e6).series(port, "tx_bytes_per_s", 1.0e6);
        b.rel("s1/c" + c + "/fio", "via", port);
      }
    }
  }

  static void workload(ScenarioBuilder b, String id, String cpu, String target) {
    b.entity(id, "workload", Map.of("tool", "fio"), Map.of());
    b.rel(id, "runs_on", cpu).rel(id, "targets", target);
    for (String dir : new String[] {"read", "write"}) {
      b.series(id, dir + "_iops", Double.NaN).series(id, dir + "_bytes_per_s", Double.NaN)
          .series(id, dir + "_latency_s", Double.NaN);
    }
  }

  static void diskSeries(ScenarioBuilder b, String id) {
    for (String dir : new String[] {"read", "write"}) {
      b.series(id, dir + "_iops", 0).series(id, dir + "_bytes_per_s", 0)
          .series(id, dir + "_latency_s", 0);
    }
  }

  /** One direction of I/O of a workload or disk: IOPS, bytes/s from the block size, latency. */
  static void io(ScenarioBuilder.PhaseSpec p, String id, String dir, double iops, double bs,
      double latency) {
    p.set(id, dir + "_iops", iops).set(id, dir + "_bytes_per_s", iops * bs)
        .set(id, dir + "_latency_s", latency, 0.05);
  }
}
