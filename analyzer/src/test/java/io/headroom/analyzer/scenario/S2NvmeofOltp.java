package io.headroom.analyzer.scenario;

import java.util.Map;

/**
 * Study S2: an NVMe-oF all-flash array over RoCE, 8 database VMs running sysbench OLTP with 32
 * threads each. About 1,600 TPS per VM; the array (rated 3.0M read IOPS, 12 GB/s) served about
 * 176K IOPS, the 40 GbE links ran below 20% and the hosts near half: nothing near a ceiling. The
 * limit was the topology (one NIC per VM, so 8 VMs) and each VM's 32 threads: NONE.
 */
final class S2NvmeofOltp {
  static final String ARRAY = "s2/array/node-a";
  static final String NAMESPACE = "s2/array/ns1";

  private S2NvmeofOltp() {}

  static Scenario build() {
    ScenarioBuilder b = new ScenarioBuilder("s2", "s2-nvmeof", 1796000000.0, 2002,
        Map.of("tool", "sysbench", "test", "oltp", "threads", 32, "numjobs", 32, "iodepth", 1));
    b.entity(ARRAY, "array_cpu", Map.of("platform", "PowerEdge R730"), Map.of());
    b.series(ARRAY, "util", 0.02);
    b.entity(NAMESPACE, "disk", Map.of("rated_read_iops", 3.0e6),
        Map.of("iops", 3.0e6, "bytes_per_s", 1.2e10));
    b.rel(NAMESPACE, "served_by", ARRAY);
    S1FcSan.diskSeries(b, NAMESPACE);
    for (int a = 1; a <= 4; a++) {
      String port = "s2/array/port" + a;
      b.entity(port, "net_port", Map.of("fabric", "ethernet", "speed_bps", 5.6e10),
          Map.of("bytes_per_s", 7.0e9));
      b.series(port, "tx_bytes_per_s", 1.0e6).series(port, "rx_bytes_per_s", 1.0e6);
    }
    for (int h = 1; h <= 2; h++) {
      b.entity("s2/esx" + h + "/cpu", "host_cpu", Map.of("model", "2 x Xeon E5-2690 v3"), Map.of());
      b.series("s2/esx" + h + "/cpu", "util", 0.05);
    }
    Distractors.add(b, "s2/sw1/port/20", "s2/array/pcie/0000:84:00.0", "s2/array/node-b");
    ScenarioBuilder.PhaseSpec p = b.phase("oltp-8vm-32threads", 120)
        .set(ARRAY, "util", 0.32)
        .set("s2/esx1/cpu", "util", 0.48)
        .set("s2/esx2/cpu", "util", 0.46);
    for (int vm = 1; vm <= 8; vm++) {
      vm(b, p, vm);
    }
    // 8 VMs x (16K reads + 6K writes) of 16 KiB pages
    S1FcSan.io(p, NAMESPACE, "read", 128_000, 16_384, 0.00055);
    S1FcSan.io(p, NAMESPACE, "write", 48_000, 16_384, 0.00022);
    for (int a = 1; a <= 4; a++) {
      p.set("s2/array/port" + a, "tx_bytes_per_s", 0.54e9).set("s2/array/port" + a,
          "rx_bytes_per_s", 0.2e9);
    }
    return new Scenario("s2-nvmeof-oltp.jsonl", "s2", b.build());
  }

  /** One VM: its sysbench, its passthrough ConnectX-3 port, the array port it reaches. */
  private static void vm(ScenarioBuilder b, ScenarioBuilder.PhaseSpec p, int vm) {
    String id = "s2/vm" + vm + "/sysbench";
    String host = "s2/esx" + ((vm - 1) / 4 + 1) + "/cpu";
    String nic = "s2/vm" + vm + "/cx3";
    S1FcSan.workload(b, id, host, NAMESPACE);
    b.entity(nic, "net_port", Map.of("fabric", "ethernet", "speed_bps", 4.0e10),
        Map.of("bytes_per_s", 5.0e9));
    b.series(nic, "rx_bytes_per_s", 1.0e5).series(nic, "tx_bytes_per_s", 1.0e5);
    b.rel(id, "via", nic).rel(id, "via", "s2/array/port" + ((vm - 1) / 2 + 1));
    // 16K reads at 0.6 ms and 6K writes at 0.25 ms: 11 of 32 threads waiting on I/O at a
    // time, the rest in the database (about 1,600 transactions/s)
    S1FcSan.io(p, id, "read", 16_000, 16_384, 0.0006);
    S1FcSan.io(p, id, "write", 6_000, 16_384, 0.00025);
    p.set(nic, "rx_bytes_per_s", 0.27e9).set(nic, "tx_bytes_per_s", 0.1e9);
  }
}
