package io.headroom.analyzer.scenario;

import java.util.List;
import java.util.Map;

/**
 * Study S5: a two-node PowerStore 1200T over 100 GbE (iSCSI), HCIBench patterns after the
 * firmware upgrade. Read-only 4K random: 150K IOPS, array nodes near 78%, nothing full. Once
 * writes reach half the mix the array nodes sit above 90% while the hosts run at 50-60% CPU and
 * the 100 GbE ports carry a few percent of line rate: the array CPU.
 */
final class S5PowerStore {
  static final String NODE_A = "s5/ps1200t/node-a";
  static final String NODE_B = "s5/ps1200t/node-b";

  private S5PowerStore() {}

  /** One HCIBench pattern: its IOPS, read share and block size, and the CPU it costs. */
  record Pattern(String name, double iops, double readShare, double bs, double arrayUtil, double hostUtil) {}

  /** After the upgrade, as the study measured it. */
  static final List<Pattern> UPGRADED = List.of(
      new Pattern("4k-rand-read100", 150_000, 1.0, 4096, 0.78, 0.52),
      new Pattern("4k-rand-read50", 118_000, 0.5, 4096, 0.93, 0.57),
      new Pattern("8k-rand-read25", 96_000, 0.25, 8192, 0.945, 0.55));

  /**
   * Before the upgrade (the other side of study S5's comparison): the old firmware spends more
   * array CPU per read, so the read-heavy patterns top out 15% lower with the nodes above 90%
   * (150,000 / 1.15 = 130,435 and 118,000 / 1.15 = 102,609 IOPS, written rounded); the
   * write-heavy pattern is unchanged: writes cost what they did.
   */
  static final List<Pattern> BEFORE = List.of(
      new Pattern("4k-rand-read100", 130_435, 1.0, 4096, 0.93, 0.47),
      new Pattern("4k-rand-read50", 102_609, 0.5, 4096, 0.935, 0.52),
      UPGRADED.get(2));

  static Scenario build() {
    return build("s5-powerstore-upgrade.jsonl", "s5", 1796300000.0, 5005, UPGRADED);
  }

  static Scenario before() {
    return build("s5-powerstore-before.jsonl", "s5-before", 1796290000.0, 5004, BEFORE);
  }

  /** The upgraded array run again: the same levels, other noise (a no-op pair with {@link #build()}). */
  static Scenario rerun(long seed) {
    return build("s5-rerun-" + seed + ".jsonl", "s5-rerun", 1796310000.0, seed, UPGRADED);
  }

  private static Scenario build(String file, String run, double start, long seed, List<Pattern> patterns) {
    ScenarioBuilder b = new ScenarioBuilder(run, "s5-powerstore", start, seed,
        Map.of("tool", "hcibench", "numjobs", 8, "iodepth", 8));
    for (String node : new String[] {NODE_A, NODE_B}) {
      b.entity(node, "array_cpu", Map.of("model", "PowerStore 1200T"), Map.of());
      b.series(node, "util", 0.05);
      String port = node + "/eth0";
      b.entity(port, "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11),
          Map.of("bytes_per_s", 1.25e10));
      b.series(port, "tx_bytes_per_s", 1.0e6).series(port, "rx_bytes_per_s", 1.0e6);
    }
    for (int h = 1; h <= 2; h++) {
      host(b, h);
    }
    Distractors.add(b, "s5/sw1/port/1-30", "s5/esx1/pcie/0000:b1:00.0", "s5/ps500t/node-a");
    for (Pattern p : patterns) {
      pattern(b.phase(p.name(), 60), p.iops(), p.readShare(), p.bs(), p.arrayUtil(), p.hostUtil());
    }
    return new Scenario(file, run, b.build());
  }

  /** A host with one HCIBench worker, its 100 GbE port, a volume on each array node. */
  private static void host(ScenarioBuilder b, int h) {
    String cpu = "s5/esx" + h + "/cpu";
    String vol = "s5/ps1200t/vol" + h;
    String workload = "s5/esx" + h + "/hcibench";
    b.entity(cpu, "host_cpu").series(cpu, "util", 0.05);
    b.entity(vol, "disk");
    S1FcSan.diskSeries(b, vol);
    // ALUA: both nodes serve each volume
    b.rel(vol, "served_by", NODE_A).rel(vol, "served_by", NODE_B);
    S1FcSan.workload(b, workload, cpu, vol);
    String hostPort = "s5/esx" + h + "/vmnic2";
    String switchPort = "s5/sw1/port/1-" + h;
    for (String port : new String[] {hostPort, switchPort}) {
      b.entity(port, "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11),
          Map.of("bytes_per_s", 1.25e10));
      b.series(port, "tx_bytes_per_s", 1.0e6).series(port, "rx_bytes_per_s", 1.0e6);
      b.rel(workload, "via", port);
    }
    b.rel(workload, "via", NODE_A + "/eth0").rel(workload, "via", NODE_B + "/eth0");
  }

  private static void pattern(ScenarioBuilder.PhaseSpec p, double iops, double readShare,
      double bs, double arrayUtil, double hostUtil) {
    p.set(NODE_A, "util", arrayUtil, 0.012).set(NODE_B, "util", arrayUtil - 0.01, 0.012);
    double perHost = iops / 2;
    double reads = perHost * readShare;
    double writes = perHost - reads;
    for (int h = 1; h <= 2; h++) {
      p.set("s5/esx" + h + "/cpu", "util", hostUtil);
      String workload = "s5/esx" + h + "/hcibench";
      String vol = "s5/ps1200t/vol" + h;
      // 64 outstanding per worker (8 x 8), 97% in flight; writes take 1.5x as long as reads
      double latency = 0.97 * 64 / perHost / (readShare * 0.8 + (1 - readShare) * 1.2);
      if (reads > 0) {
        S1FcSan.io(p, workload, "read", reads, bs, latency * 0.8);
        S1FcSan.io(p, vol, "read", reads, bs, latency * 0.7);
      }
      if (writes > 0) {
        S1FcSan.io(p, workload, "write", writes, bs, latency * 1.2);
        S1FcSan.io(p, vol, "write", writes, bs, latency * 1.1);
      }
      double toHost = reads * bs * 1.03;
      double fromHost = writes * bs * 1.03;
      p.set("s5/esx" + h + "/vmnic2", "rx_bytes_per_s", toHost)
          .set("s5/esx" + h + "/vmnic2", "tx_bytes_per_s", fromHost)
          .set("s5/sw1/port/1-" + h, "tx_bytes_per_s", toHost)
          .set("s5/sw1/port/1-" + h, "rx_bytes_per_s", fromHost);
    }
    for (String node : new String[] {NODE_A, NODE_B}) {
      p.set(node + "/eth0", "tx_bytes_per_s", iops * readShare * bs * 0.515)
          .set(node + "/eth0", "rx_bytes_per_s", iops * (1 - readShare) * bs * 0.515);
    }
  }
}
