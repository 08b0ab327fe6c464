package io.headroom.analyzer.scenario;

import java.util.Map;

/**
 * An HCIBench-like sweep on study S5's array: 125 tests, 5 block sizes (4, 8, 16, 32, 64 KiB) x 5
 * read shares (100, 75, 50, 25, 0%) x 5 random shares (0, 25, 50, 75, 100%), 15 s each
 * (1,875 s; the judged window skips the first 1.5 s, so no ramp second is in it), each phase declaring its bs, rdpct and randompct. One ESXi host with one HCIBench
 * worker (8 VMs' vdbench, 8 threads x 8 outstanding: 64 in flight) reaches a volume that both
 * PowerStore nodes serve, over one 100 GbE port (12.5 GB/s per direction). Which resource
 * binds, by construction (w = write share, r = random share, k = log2(bs / 4 KiB)):
 * <ul>
 *   <li>64 KiB, any mix: the network. The host port's busier direction carries 95% of 12.5 GB/s
 *       = 11.875 GB/s, so the phase moves 11.875 GB/s / max(1 - w, w): 11.875 GB/s read-only,
 *       23.75 GB/s at half writes. Array nodes 80%.
 *   <li>up to 32 KiB with w &ge; 50%, or w = 25% and r &ge; 75%: the array CPU. Both nodes at
 *       95% (node B 94%); IOPS = 400,000 / ((1 + 3w) (1 + 0.5r) (1 + 0.25k)): 4 KiB at half
 *       writes, sequential: 400,000 / 2.5 = 160,000 IOPS = 655.4 MB/s.
 *   <li>otherwise nothing full: the 64 outstanding I/Os set the pace at
 *       160,000 / ((1 + 0.5r) (1 + 0.25k)) IOPS, array nodes 70%, port below 25%.
 * </ul>
 * So the limit changes to the array CPU at 50% writes (25% writes when random share is 75% or
 * more) at every block size up to 32 KiB, and to the network from 64 KiB at every mix. Host CPU
 * 45% throughout. Workload readings carry no noise: a cell's throughput is the formula's.
 */
final class S5Sweep {
  static final int[] BLOCK_SIZES = {4096, 8192, 16384, 32768, 65536};
  static final int[] READ_PCTS = {100, 75, 50, 25, 0};
  static final int[] RANDOM_PCTS = {0, 25, 50, 75, 100};
  static final String NODE_A = "s5/ps1200t/node-a";
  static final String NODE_B = "s5/ps1200t/node-b";
  static final String CPU = "s5/esx1/cpu";
  static final String PORT = "s5/esx1/vmnic2";
  static final String WORKLOAD = "s5/esx1/hcibench";
  static final String VOL = "s5/ps1200t/vol1";
  static final double PORT_BYTES_PER_S = 1.25e10;
  static final int SECONDS = 15;

  private S5Sweep() {}

  /** What binds a test, by the rules above. */
  enum Limit { NETWORK, ARRAY_CPU, NONE }

  static Limit limit(int bs, int rdpct, int randompct) {
    double w = (100 - rdpct) / 100.0;
    double r = randompct / 100.0;
    if (bs >= 65536) {
      return Limit.NETWORK;
    }
    return w >= 0.5 || (w >= 0.25 && r >= 0.75) ? Limit.ARRAY_CPU : Limit.NONE;
  }

  /** The test's throughput in bytes/s (read plus write), by the formulas above. */
  static double bytesPerS(int bs, int rdpct, int randompct) {
    double w = (100 - rdpct) / 100.0;
    double r = randompct / 100.0;
    double k = Math.log(bs / 4096.0) / Math.log(2);
    return switch (limit(bs, rdpct, randompct)) {
      case NETWORK -> 0.95 * PORT_BYTES_PER_S / Math.max(1 - w, w);
      case ARRAY_CPU -> 400_000 / ((1 + 3 * w) * (1 + 0.5 * r) * (1 + 0.25 * k)) * bs;
      case NONE -> 160_000 / ((1 + 0.5 * r) * (1 + 0.25 * k)) * bs;
    };
  }

  static String name(int bs, int rdpct, int randompct) {
    return (bs / 1024) + "k-rd" + rdpct + "-rand" + randompct;
  }

  static Scenario build() {
    ScenarioBuilder b = new ScenarioBuilder("s5-sweep", "s5-powerstore", 1796400000.0, 5125,
        Map.of("tool", "hcibench", "numjobs", 8, "iodepth", 8));
    for (String node : new String[] {NODE_A, NODE_B}) {
      b.entity(node, "array_cpu", Map.of("model", "PowerStore 1200T"), Map.of()).series(node, "util", 0.05);
    }
    b.entity(CPU, "host_cpu").series(CPU, "util", 0.05);
    b.entity(VOL, "disk").rel(VOL, "served_by", NODE_A).rel(VOL, "served_by", NODE_B);
    b.entity(PORT, "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11), Map.of("bytes_per_s", PORT_BYTES_PER_S));
    b.series(PORT, "tx_bytes_per_s", 1.0e6).series(PORT, "rx_bytes_per_s", 1.0e6);
    S1FcSan.workload(b, WORKLOAD, CPU, VOL);
    b.rel(WORKLOAD, "via", PORT);
    for (int bs : BLOCK_SIZES) {
      for (int rd : READ_PCTS) {
        for (int rand : RANDOM_PCTS) {
          test(b.phase(name(bs, rd, rand), SECONDS).param("bs", bs).param("rdpct", rd).param("randompct", rand), bs, rd, rand);
        }
      }
    }
    return new Scenario("s5-sweep-125.jsonl", "s5-sweep", b.build());
  }

  private static void test(ScenarioBuilder.PhaseSpec p, int bs, int rd, int rand) {
    Limit limit = limit(bs, rd, rand);
    double util = switch (limit) {
      case NETWORK -> 0.80;
      case ARRAY_CPU -> 0.95;
      case NONE -> 0.70;
    };
    p.set(NODE_A, "util", util, 0.01).set(NODE_B, "util", util - 0.01, 0.01).set(CPU, "util", 0.45);
    double bytes = bytesPerS(bs, rd, rand);
    double iops = bytes / bs;
    double reads = iops * rd / 100.0;
    // each share from the IOPS, not one as the rest of the other: iops - iops * 100 / 100 can be an ulp above 0
    double writes = iops * (100 - rd) / 100.0;
    // 64 outstanding, Little's law: each I/O takes 64 / IOPS
    double latency = 64 / iops;
    if (reads > 0) {
      p.set(WORKLOAD, "read_iops", reads, 0).set(WORKLOAD, "read_bytes_per_s", reads * bs, 0)
          .set(WORKLOAD, "read_latency_s", latency, 0);
    }
    if (writes > 0) {
      p.set(WORKLOAD, "write_iops", writes, 0).set(WORKLOAD, "write_bytes_per_s", writes * bs, 0)
          .set(WORKLOAD, "write_latency_s", latency, 0);
    }
    p.set(PORT, "rx_bytes_per_s", reads * bs).set(PORT, "tx_bytes_per_s", writes * bs);
  }
}
