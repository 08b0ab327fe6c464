package io.headroom.analyzer.oracle;

import static io.headroom.analyzer.oracle.OracleTestbed.FIO;
import static io.headroom.analyzer.oracle.OracleTestbed.HOST;

import io.headroom.analyzer.oracle.OracleTestbed.Fabric;
import io.headroom.analyzer.oracle.OracleTestbed.Target;
import io.headroom.model.Bottleneck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A client host reaching an array's volume over a fabric: host CPU, NIC or HBA link, host links,
 * an ISL in some, array links, array nodes, the volume's drive pool, and the fixed latency.
 */
final class RemoteParts {
  private final OracleTestbed t;

  RemoteParts(OracleTestbed t) {
    this.t = t;
  }

  void build() {
    Target target = t.target;
    boolean tcp = t.protocol.equals("nvme-tcp") || t.protocol.equals("iscsi");
    String tier = target == Target.NETWORK ? t.pick(List.of("host", "isl", "array")) : "";

    // the host's CPU: the I/O stack's time per I/O (TCP copies and checksums each byte; RDMA and FC hand it to the adapter)
    int cores = target != Target.HOST_CPU ? t.pick(List.of(8, 16, 32, 64)) : tcp ? t.pick(List.of(2, 4)) : t.pick(List.of(1, 2));
    double perIo = tcp ? 10e-6 + 0.2e-6 * t.kib() : 3e-6 + 0.005e-6 * t.kib();
    t.cpu(HOST, "host_cpu", "host cpu", cores, perIo, 1, background(0.3, 0.3),
        OracleTestbed.resource(Bottleneck.HOST_CPU, "host cpu", List.of(HOST)));

    // the adapter's PCIe link, trained down when steered to PCIE
    String nic = "o/h1/pcie/0000:3b:00.0";
    boolean down = target == Target.PCIE;
    int[] gw = down ? new int[] {3, t.pick(List.of(2, 4))} : t.pick(List.of(new int[] {4, 16}, new int[] {3, 16}, new int[] {5, 16}));
    // a card trained at what it can do, or (steered to PCIE) a Gen4 x16 card trained down
    t.pcie(nic, gw[0], gw[1], down ? 4 : gw[0], 16, 1, OracleTestbed.resource(Bottleneck.PCIE, nic, List.of(nic)));

    // host links to the first switch, the paths sharing the I/O equally
    int paths = t.pick(List.of(1, 2));
    List<String> hostTier = new ArrayList<>();
    for (int i = 0; i < paths; i++) {
      hostTier.addAll(List.of("o/h1/net/port" + i, "o/sw1/port/" + (i + 1)));
    }
    Resource hostLinks = OracleTestbed.resource(Bottleneck.NETWORK, "host links", hostTier);
    Fabric hostFabric = fabric(tier.equals("host"));
    for (int i = 0; i < paths; i++) {
      t.cable("o/h1/net/port" + i, "o/sw1/port/" + (i + 1), hostFabric, 1.0 / paths, 0, hostLinks);
      t.rel("o/h1/net/port" + i, "behind", nic);
    }

    // an ISL between the switches, carrying another tenant's traffic in some
    boolean isl = tier.equals("isl") || t.random().nextInt(10) < 4;
    if (isl) {
      Resource islLink = OracleTestbed.resource(Bottleneck.NETWORK, "isl", List.of("o/sw1/port/49", "o/sw2/port/49"));
      t.cable("o/sw1/port/49", "o/sw2/port/49", fabric(tier.equals("isl")), 1, background(0.3, 0.4), islLink);
    }

    // the array: nodes with their ports, each node serving 1/k of the I/O
    int nodes = target == Target.ARRAY_CPU ? t.pick(List.of(1, 2)) : t.pick(List.of(1, 2, 4));
    int portsPerNode = t.pick(List.of(1, 2));
    String sw = isl ? "o/sw2" : "o/sw1";
    List<String> arrayTier = new ArrayList<>();
    for (int n = 0; n < nodes * portsPerNode; n++) {
      arrayTier.addAll(List.of(sw + "/port/" + (10 + n), "o/arr/node-" + n / portsPerNode + "/port-" + n % portsPerNode));
    }
    Resource arrayLinks = OracleTestbed.resource(Bottleneck.NETWORK, "array links", arrayTier);
    Fabric arrayFabric = fabric(tier.equals("array"));
    for (int n = 0; n < nodes * portsPerNode; n++) {
      t.cable(arrayTier.get(2 * n), arrayTier.get(2 * n + 1), arrayFabric, 1.0 / (nodes * portsPerNode), 0, arrayLinks);
    }
    List<String> nodeIds = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      nodeIds.add("o/arr/node-" + n);
    }
    Resource array = OracleTestbed.resource(Bottleneck.ARRAY_CPU, "array nodes", nodeIds);
    int nodeCores = target == Target.ARRAY_CPU ? t.pick(List.of(4, 8)) : t.pick(List.of(16, 32, 48));
    // a write costs the node more: mirrored to its peer's memory, deduplicated, compressed
    double nodePerIo = t.reads * (25e-6 + 0.05e-6 * t.kib()) + (1 - t.reads) * (60e-6 + 0.2e-6 * t.kib());
    int firstNode = t.parts.size();
    double nodeBackground = background(0.25, 0.3);
    for (String node : nodeIds) {
      t.cpu(node, "array_cpu", node, nodeCores, nodePerIo, 1.0 / nodes, nodeBackground, array);
    }
    pool(nodeIds, firstNode);
    t.delay(30e-6 + 50e-6 * t.random().nextDouble());
  }

  /** The volume's drives: SSDs serving many I/Os at once, or HDDs one each. */
  private void pool(List<String> nodeIds, int firstNode) {
    boolean hdd = t.target == Target.DISK && t.random().nextBoolean();
    int units;
    double read;
    double write;
    double bandwidth;
    if (hdd) {
      units = t.pick(List.of(6, 12, 24));
      read = 5e-3; // seek and half a turn at 10k rpm
      write = 5e-3;
      bandwidth = units * 200e6;
    } else {
      boolean small = t.target == Target.DISK;
      units = small ? t.pick(List.of(8, 16)) : t.pick(List.of(64, 128));
      read = 100e-6;
      write = 40e-6; // into the array's write cache
      bandwidth = small ? t.pick(List.of(2e9, 4e9)) : t.pick(List.of(16e9, 32e9));
    }
    String vol = "o/arr/vol1";
    double fixed = t.reads * read + (1 - t.reads) * write;
    int pool = t.part("drive pool", fixed + t.bs * units / bandwidth, units,
        OracleTestbed.resource(Bottleneck.DISK, "volume", List.of(vol)));
    Map<String, Double> spec = new LinkedHashMap<>();
    if (t.random().nextBoolean()) {
      // the spec sheet's: IOPS at 4 KiB in this mix, bytes/s of large transfers
      spec.put("iops", units / (fixed + 4096.0 * units / bandwidth));
      spec.put("bytes_per_s", bandwidth);
    }
    t.entity(vol, "disk", Map.of(), spec);
    nodeIds.forEach(n -> t.rel(vol, "served_by", n));
    t.rel(FIO, "targets", vol);
    int nodes = nodeIds.size();
    t.readings.add((p, s, k) -> {
      // the array's view of its volume: the time in the array, its nodes and its drives
      double latency = s.r()[pool];
      for (int i = firstNode; i < firstNode + nodes; i++) {
        latency += s.r()[i];
      }
      volume(k, vol, s.x(), latency);
      k.put(vol, "util", 1 - s.p0()[pool]);
    });
  }

  /** A disk's throughput, latency and queue (Little's law), for x I/Os a second. */
  static void volume(OracleTestbed.Sink k, String id, double x, double latency, double reads, int bs) {
    k.put(id, "read_iops", x * reads);
    k.put(id, "write_iops", x * (1 - reads));
    k.put(id, "read_bytes_per_s", x * reads * bs);
    k.put(id, "write_bytes_per_s", x * (1 - reads) * bs);
    if (reads > 0) {
      k.put(id, "read_latency_s", latency);
    }
    if (reads < 1) {
      k.put(id, "write_latency_s", latency);
    }
    k.put(id, "queue_depth", x * latency);
  }

  private void volume(OracleTestbed.Sink k, String id, double x, double latency) {
    volume(k, id, x, latency, t.reads, t.bs);
  }

  /** The protocol's fabric at a wide or a narrow speed. */
  private Fabric fabric(boolean narrow) {
    return switch (t.protocol) {
      case "fc" -> Fabric.fc(narrow ? 16 : t.pick(List.of(32, 64)));
      case "iser" -> Fabric.infiniband(narrow ? 54.54 : t.pick(List.of(100.0, 200.0)));
      case "nvme-rdma" -> roce(narrow ? t.pick(List.of(10.0, 25.0)) : t.pick(List.of(100.0, 200.0)));
      default -> Fabric.ethernet(narrow ? t.pick(List.of(10.0, 25.0)) : t.pick(List.of(100.0, 200.0)));
    };
  }

  private static Fabric roce(double gbps) {
    Fabric e = Fabric.ethernet(gbps);
    return new Fabric("roce", e.speedBps(), e.capacity(), e.counted(), e.counterAtLineRate());
  }

  /** A background share in [0.05, 0.05 + most) with the given chance, else 0. */
  private double background(double chance, double most) {
    return t.random().nextDouble() < chance ? 0.05 + most * t.random().nextDouble() : 0;
  }
}
