package io.headroom.analyzer.scenario;

import java.util.Map;

/**
 * Issue 27, "one CPU full while the host average is low": every interrupt of the client's 100 GbE
 * NIC pinned to CPU 7 (irqbalance off, a stale affinity script). CPU 7 is at 100% for the whole
 * phase, 83% of it softirq (network receive) and 7% hard interrupts, while the 16-CPU host
 * averages 19%: (1.00 + 15 x 0.136) / 16 = 3.04 / 16 = 0.19. The NIC moves 23% of its line rate:
 * 0.23 x 12.5 GB/s = 2.875 GB/s, 21,930 reads of 128 KiB (21,930 x 131,072 = 2.874 GB/s). The
 * 4 jobs x iodepth 32 = 128 reads in flight wait in the CPU's receive queue: 128 / 21,930 =
 * 5.84 ms each. Expected: HOST_CPU on c1/client/cpu/7, the host average and its irq role as
 * evidence.
 */
final class OneCpuIrq {
  static final String HOST = "c1/client/cpu";
  static final String IRQ_CPU = "c1/client/cpu/7";
  static final String NIC_LINK = "c1/client/pcie/0000:17:00.0";
  static final String NIC = "c1/client/net/ens1f0";
  static final String VOLUME = "c1/target/nvme1n1";
  static final String PHASE = "seq-read-128k-4j";
  static final int CPUS = 16;
  /** 100 GbE: 1e11 / 8 bytes/s. */
  static final double LINE_RATE = 1.25e10;
  static final double BYTES = 21_930 * 131_072.0;

  private OneCpuIrq() {}

  static Scenario build() {
    ScenarioBuilder b = new ScenarioBuilder("c1", "c1-nvme-tcp", 1798000000.0, 2701,
        Map.of("tool", "fio", "ioengine", "libaio", "iodepth", 32, "numjobs", 4, "direct", 1, "bs", "128k"));
    b.entity(HOST, "host_cpu", Map.of("cpu_count", CPUS), Map.of("util", 1.0)).series(HOST, "util", 0.02);
    for (int s = 0; s < 2; s++) {
      String socket = "c1/client/socket/" + s;
      b.entity(socket, "cpu_socket", Map.of("cpus", (8 * s) + "-" + (8 * s + 7)), Map.of("util", 1.0));
      b.rel(socket, "on", HOST).series(socket, "util", 0.02);
    }
    for (int n = 0; n < CPUS; n++) {
      String cpu = "c1/client/cpu/" + n;
      b.entity(cpu, "cpu", Map.of("numa_node", n / 8), Map.of("util", 1.0));
      b.rel(cpu, "on", "c1/client/socket/" + (n / 8));
      b.series(cpu, "util", 0.02).series(cpu, "util_softirq", 0.001).series(cpu, "util_irq", 0.001);
    }
    // Gen4 x16: 16 x 1969 MB/s = 31.5 GB/s per direction
    b.entity(NIC_LINK, "pcie_link", Map.of("gen", 4, "width", 16, "max_gen", 4, "max_width", 16,
        "numa_node", 0, "irq_count", 64, "irq_cpus", "7", "irq_numa_nodes", "0"), Map.of("bytes_per_s", 3.15e10));
    b.rel(NIC_LINK, "on", "c1/client/socket/0").series(NIC_LINK, "read_bytes_per_s", 1.0e5);
    b.entity(NIC, "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11), Map.of("bytes_per_s", LINE_RATE));
    b.rel(NIC, "behind", NIC_LINK);
    String[] wire = {NIC, "c1/sw/port/1", "c1/sw/port/2", "c1/target/net/ens2f0"};
    for (String port : wire) {
      if (!port.equals(NIC)) {
        b.entity(port, "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11), Map.of("bytes_per_s", LINE_RATE));
      }
      b.series(port, "rx_bytes_per_s", 1.0e5).series(port, "tx_bytes_per_s", 1.0e5);
    }
    b.entity("c1/target/cpu", "array_cpu").series("c1/target/cpu", "util", 0.02);
    b.entity(VOLUME, "disk", Map.of("transport", "tcp"), Map.of("iops", 1.5e6, "bytes_per_s", 6.8e9));
    b.rel(VOLUME, "served_by", "c1/target/cpu");
    S1FcSan.diskSeries(b, VOLUME);
    b.series(VOLUME, "util", 0.01).series(VOLUME, "queue_depth", 0);
    String fio = "c1/client/fio";
    S1FcSan.workload(b, fio, HOST, VOLUME);
    for (String port : wire) {
      b.rel(fio, "via", port);
    }
    Distractors.add(b, "c1/lab-sw/port/9", "c1/client/pcie/0000:b1:00.0", "c1/target-b/cpu");

    ScenarioBuilder.PhaseSpec p = b.phase(PHASE, 60)
        .set(HOST, "util", 0.19, 0.01).set("c1/client/socket/0", "util", (1.0 + 7 * 0.136) / 8, 0.01)
        .set("c1/client/socket/1", "util", 0.136, 0.01).set("c1/target/cpu", "util", 0.21);
    for (int n = 0; n < CPUS; n++) {
      String cpu = "c1/client/cpu/" + n;
      if (cpu.equals(IRQ_CPU)) {
        // always full: the generator clips util at 1.0, so most readings are 1.0
        p.set(cpu, "util", 1.0, 0.005).set(cpu, "util_softirq", 0.83, 0.01).set(cpu, "util_irq", 0.07, 0.01);
      } else {
        p.set(cpu, "util", 0.136, 0.05).set(cpu, "util_softirq", 0.004).set(cpu, "util_irq", 0.001);
      }
    }
    S1FcSan.io(p, fio, "read", 21_930, 131_072, 0.00584);
    S1FcSan.io(p, VOLUME, "read", 21_930, 131_072, 0.00061);
    p.set(VOLUME, "util", 0.34).set(VOLUME, "queue_depth", 13.4);
    // NVMe/TCP headers add about 1% on the wire; the data flows target to client
    double onWire = BYTES * 1.01;
    p.set("c1/target/net/ens2f0", "tx_bytes_per_s", onWire).set("c1/sw/port/2", "rx_bytes_per_s", onWire)
        .set("c1/sw/port/1", "tx_bytes_per_s", onWire).set(NIC, "rx_bytes_per_s", onWire)
        .set(NIC_LINK, "read_bytes_per_s", onWire);
    return new Scenario("one-cpu-irq.jsonl", "c1", b.build());
  }
}
