package io.headroom.analyzer.scenario;

import java.util.Map;

/**
 * Issue 27, latency attribution: one host reading a PowerStore volume over 25 GbE, the array
 * reporting each volume's mean read latency (performance_metrics_by_volume avg_read_latency),
 * the workload its own. Three phases, 8 jobs x iodepth 24 = 192 reads in flight throughout:
 *
 * <ul>
 *   <li>{@code 8k-read-array}: both nodes at 96%; 192 / 1.9 ms = 101,052 reads/s of 8 KiB
 *       (828 MB/s, 26% of the 3.125 GB/s port); the volume serves each in 1.70 ms, so 1.90 - 1.70
 *       = 0.20 ms is outside the array: the time is in the array, ARRAY_CPU confirmed.
 *   <li>{@code 8k-read-hostcpu}: the host at 97%, the nodes at 45%; 150,000 reads/s x 0.90 ms =
 *       135 in flight (70% of 192: the submitting side cannot keep them full); the array serves
 *       each in 0.25 ms, so 0.65 ms is outside it: HOST_CPU confirmed.
 *   <li>{@code 128k-read-port}: the 25 GbE host port at 97% of its 3.125 GB/s line rate:
 *       0.97 x 3.125e9 / 131,072 = 23,127 reads/s; each takes 4.00 ms, of which the volume
 *       reports 3.40 ms (a slow back end the array's CPU, at 60%, does not show). NETWORK is
 *       the verdict (the port is full and the throughput flat), and the split questions it: only
 *       0.60 ms (15%) of each read is outside the array.
 * </ul>
 */
final class ArrayLatency {
  static final String HOST = "l1/esx1/cpu";
  static final String PORT = "l1/esx1/vmnic2";
  static final String VOLUME = "l1/ps1200t/vol1";
  static final String NODE_A = "l1/ps1200t/node-a";
  static final String NODE_B = "l1/ps1200t/node-b";
  static final String FIO = "l1/esx1/fio";
  static final String ARRAY = "8k-read-array";
  static final String HOST_CPU = "8k-read-hostcpu";
  static final String PORT_FULL = "128k-read-port";
  /** 25 GbE: 25e9 / 8 bytes/s per direction. */
  static final double HOST_LINE = 3.125e9;
  static final double FAST_LINE = 1.25e10;
  static final double IN_FLIGHT = 192;

  private ArrayLatency() {}

  static Scenario build() {
    ScenarioBuilder b = new ScenarioBuilder("l1", "l1-powerstore", 1798100000.0, 2707,
        Map.of("tool", "fio", "ioengine", "libaio", "iodepth", 24, "numjobs", 8, "direct", 1));
    b.entity(HOST, "host_cpu", Map.of("cpu_count", 32), Map.of("util", 1.0)).series(HOST, "util", 0.02);
    b.entity(PORT, "net_port", Map.of("fabric", "ethernet", "speed_bps", 2.5e10), Map.of("bytes_per_s", HOST_LINE));
    String[] fast = {"l1/sw1/port/1-1", "l1/sw1/port/1-30", "l1/ps1200t/node-a/eth0", "l1/ps1200t/node-b/eth0"};
    for (String port : fast) {
      b.entity(port, "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11), Map.of("bytes_per_s", FAST_LINE));
    }
    for (String node : new String[] {NODE_A, NODE_B}) {
      b.entity(node, "array_cpu", Map.of("model", "PowerStore 1200T"), Map.of()).series(node, "util", 0.02);
      b.rel(VOLUME, "served_by", node);
    }
    b.entity(VOLUME, "disk");
    S1FcSan.diskSeries(b, VOLUME);
    b.entity(FIO, "workload", Map.of("tool", "fio", "numjobs", 8, "iodepth", 24), Map.of());
    b.rel(FIO, "runs_on", HOST).rel(FIO, "targets", VOLUME);
    b.series(FIO, "read_iops", Double.NaN).series(FIO, "read_bytes_per_s", Double.NaN)
        .series(FIO, "read_latency_s", Double.NaN);
    b.rel(FIO, "via", PORT);
    for (String port : fast) {
      b.rel(FIO, "via", port);
    }
    for (String port : concat(PORT, fast)) {
      b.series(port, "rx_bytes_per_s", 1.0e5).series(port, "tx_bytes_per_s", 1.0e5);
    }
    Distractors.add(b, "l1/lab-sw/port/9", "l1/esx1/pcie/0000:b1:00.0", "l1/ps500t/node-a");

    // the array: both nodes 96%; 192 / 0.0019 = 101,052 reads/s
    ScenarioBuilder.PhaseSpec a = b.phase(ARRAY, 60).set(HOST, "util", 0.41, 0.01)
        .set(NODE_A, "util", 0.955, 0.005).set(NODE_B, "util", 0.955, 0.005);
    reads(a, IN_FLIGHT / 0.0019, 8192, 0.0019, 0.0017);
    // the host's CPU: 150,000 x 0.0009 = 135 in flight
    ScenarioBuilder.PhaseSpec h = b.phase(HOST_CPU, 60).set(HOST, "util", 0.975, 0.005)
        .set(NODE_A, "util", 0.45, 0.01).set(NODE_B, "util", 0.45, 0.01);
    reads(h, 150_000, 8192, 0.0009, 0.00025);
    // the port: 0.97 x 3.125e9 / 131,072 = 23,127 reads/s, each 4.00 ms, 3.40 in the array
    ScenarioBuilder.PhaseSpec p = b.phase(PORT_FULL, 60).set(HOST, "util", 0.30, 0.01)
        .set(NODE_A, "util", 0.60, 0.01).set(NODE_B, "util", 0.60, 0.01);
    reads(p, 0.97 * HOST_LINE / 131_072, 131_072, 0.0040, 0.0034);
    return new Scenario("array-latency.jsonl", "l1", b.build());
  }

  /**
   * Reads of the workload and its volume at one rate, with 1% noise on the latencies (so each
   * phase's mean is within 3 x 1% / sqrt(54) = 0.4% of its level); the data crosses every port
   * toward the host, half of it through each array node.
   */
  private static void reads(ScenarioBuilder.PhaseSpec p, double iops, double bs, double latency, double arrayLatency) {
    p.set(FIO, "read_iops", iops, 0.01).set(FIO, "read_bytes_per_s", iops * bs, 0.01).set(FIO, "read_latency_s", latency, 0.01);
    p.set(VOLUME, "read_iops", iops, 0.01).set(VOLUME, "read_bytes_per_s", iops * bs, 0.01)
        .set(VOLUME, "read_latency_s", arrayLatency, 0.01);
    double bytes = iops * bs;
    p.set(PORT, "rx_bytes_per_s", bytes, 0.01).set("l1/sw1/port/1-1", "tx_bytes_per_s", bytes, 0.01)
        .set("l1/sw1/port/1-30", "rx_bytes_per_s", bytes, 0.01)
        .set("l1/ps1200t/node-a/eth0", "tx_bytes_per_s", bytes / 2, 0.01)
        .set("l1/ps1200t/node-b/eth0", "tx_bytes_per_s", bytes / 2, 0.01);
  }

  private static String[] concat(String first, String[] rest) {
    String[] all = new String[rest.length + 1];
    all[0] = first;
    System.arraycopy(rest, 0, all, 1, rest.length);
    return all;
  }
}
