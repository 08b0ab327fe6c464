package io.headroom.analyzer.scenario;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * A random but realistic testbed from a seed (issue 27): one client host with 1-4 sockets of 2-4
 * CPUs each, a NIC behind a PCIe link serving its interrupts on every CPU, one port or a bond of
 * two, a switch (with an ISL to a second switch in half of them), an array of 1-4 nodes with a
 * port each, a volume served by every node, and back-end drives. One element is saturated for a
 * sustained share (65-100%) of the 60 s phase: the array's nodes, the host's CPU, the narrowest
 * port (a 25 GbE host port, or the ISL), the NIC's link trained down to Gen3 x4, or the volume's
 * IOPS spec. Distractors: a port off the path sent at 95% of line rate, a degraded idle link with
 * errors, an idle array node, and a spike: another on-path resource at its ceiling in 5-20% of
 * the readings. Every reading carries 2% Gaussian noise. The benchmark is closed-loop (jobs x
 * iodepth in flight, latency = in flight / IOPS), so its queues are full whatever limits it.
 */
final class GeneratedTestbed {
  enum Kind { ARRAY, HOST, PORT, ISL, PCIE, VOLUME }

  static final int SECONDS = 60;
  static final double START = 1_798_200_000.0;
  static final double FAST = 1.25e10;
  static final double SLOW = 3.125e9;
  static final double NOISE = 0.02;

  final long seed;
  final Kind kind;
  final Bottleneck expected;
  /** The entities a right verdict may name: the saturated element, or the members of its group. */
  final Set<String> right = new TreeSet<>();
  /** Entities that must never be the verdict. */
  final Set<String> distractors = new TreeSet<>();
  final RunData data = new RunData();
  private final Random random;
  private final Map<String, double[]> series = new LinkedHashMap<>();
  private final Map<String, Entity> entities = new LinkedHashMap<>();
  private final List<Relation> relations = new ArrayList<>();

  GeneratedTestbed(long seed) {
    this.seed = seed;
    this.random = new Random(seed);
    this.kind = Kind.values()[random.nextInt(Kind.values().length)];
    this.expected = switch (kind) {
      case ARRAY -> Bottleneck.ARRAY_CPU;
      case HOST -> Bottleneck.HOST_CPU;
      case PORT, ISL -> Bottleneck.NETWORK;
      case PCIE -> Bottleneck.PCIE;
      case VOLUME -> Bottleneck.DISK;
    };
    build();
  }

  String describe() {
    return "seed " + seed + ": " + kind + " saturated, expected " + expected + " on one of " + right;
  }

  private void build() {
    int sockets = 1 + random.nextInt(4);
    int cpusPerSocket = 2 + random.nextInt(3);
    int nodes = 1 + random.nextInt(4);
    boolean bond = random.nextBoolean();
    boolean isl = kind == Kind.ISL || random.nextBoolean();
    int bs = new int[] {4096, 8192, 65536, 131072}[random.nextInt(4)];
    int jobs = 1 << (1 + random.nextInt(4));
    int depth = 1 << (2 + random.nextInt(4));
    // when the element saturates: from this second to the end; the rest of the phase it is at 70% of that
    int from = (int) Math.round(SECONDS * (1 - (0.65 + 0.35 * random.nextDouble())));
    double satShare = 0.93 + 0.05 * random.nextDouble();

    String host = "g/h1/cpu";
    int cpus = sockets * cpusPerSocket;
    entity(host, "host_cpu", Map.of("cpu_count", cpus), Map.of("util", 1.0));
    List<String> cpuIds = new ArrayList<>();
    List<String> socketIds = new ArrayList<>();
    for (int s = 0; s < sockets; s++) {
      String socket = "g/h1/socket/" + s;
      socketIds.add(socket);
      entity(socket, "cpu_socket", Map.of(), Map.of("util", 1.0));
      rel(socket, "on", host);
      for (int c = 0; c < cpusPerSocket; c++) {
        String cpu = "g/h1/cpu/" + (s * cpusPerSocket + c);
        cpuIds.add(cpu);
        entity(cpu, "cpu", Map.of("numa_node", s), Map.of("util", 1.0));
        rel(cpu, "on", socket);
      }
    }
    String nic = "g/h1/pcie/0000:17:00.0";
    boolean trainedDown = kind == Kind.PCIE;
    double nicCap = trainedDown ? 3.94e9 : 3.15e10;
    entity(nic, "pcie_link", Map.of("gen", trainedDown ? 3 : 4, "width", trainedDown ? 4 : 16, "max_gen", 4,
        "max_width", 16, "numa_node", 0, "irq_cpus", "0-" + (cpus - 1)), Map.of("bytes_per_s", nicCap));
    rel(nic, "on", socketIds.get(0));
    List<String> hostPorts = new ArrayList<>();
    double hostPortCap = kind == Kind.PORT ? SLOW : FAST;
    for (int p = 0; p < (bond ? 2 : 1); p++) {
      String port = "g/h1/net/ens1f" + p;
      hostPorts.add(port);
      entity(port, "net_port", Map.of("fabric", "ethernet", "speed_bps", hostPortCap * 8), Map.of("bytes_per_s", hostPortCap));
      rel(port, "behind", nic);
    }
    String fio = "g/h1/fio";
    String bondId = "g/h1/net/bond0";
    if (bond) {
      entity(bondId, "net_port", Map.of("fabric", "ethernet", "bond_mode", "802.3ad", "speed_bps", hostPortCap * 16),
          Map.of("bytes_per_s", hostPortCap * 2));
      hostPorts.forEach(m -> rel(bondId, "behind", m));
      rel(fio, "via", bondId);
    }
    List<String> fabric = new ArrayList<>(List.of("g/sw1/port/1"));
    String islPort = "g/sw1/port/49";
    if (isl) {
      fabric.addAll(List.of(islPort, "g/sw2/port/49", "g/sw2/port/1"));
    }
    for (String port : fabric) {
      double cap = kind == Kind.ISL && port.endsWith("/49") ? SLOW : FAST;
      entity(port, "net_port", Map.of("fabric", "ethernet", "speed_bps", cap * 8), Map.of("bytes_per_s", cap));
    }
    List<String> nodeIds = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      String node = "g/arr/node-" + n;
      nodeIds.add(node);
      entity(node, "array_cpu", Map.of(), Map.of());
      entity(node + "/eth0", "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11), Map.of("bytes_per_s", FAST));
    }
    String volume = "g/arr/vol1";
    // the volume's spec, above what the workload asks unless the volume is what saturates
    entity(volume, "disk", Map.of(), Map.of("iops", 5.0e6, "bytes_per_s", 5.0e10));
    nodeIds.forEach(n -> rel(volume, "served_by", n));
    entity(fio, "workload", Map.of("tool", "fio", "numjobs", jobs, "iodepth", depth), Map.of());
    rel(fio, "runs_on", host);
    rel(fio, "targets", volume);
    hostPorts.forEach(p -> rel(fio, "via", p));
    fabric.forEach(p -> rel(fio, "via", p));
    nodeIds.forEach(n -> rel(fio, "via", n + "/eth0"));
    for (int d = 0; d < 4; d++) {
      // back-end drives: the array's own, not on the run's path as the array reports them
      entity("g/arr/drive-" + d, "disk", Map.of(), Map.of("iops", 1.0e6));
    }

    // the throughput the saturated element allows, in bytes/s
    double x = switch (kind) {
      case PORT -> satShare * SLOW * hostPorts.size();
      case ISL -> satShare * SLOW;
      case PCIE -> satShare * 0.87 * nicCap;
      default -> (0.2 + 0.3 * random.nextDouble()) * SLOW;
    };
    if (kind == Kind.VOLUME) {
      entities.put(volume, new Entity(volume, "disk", volume, Map.of(), Map.of("iops", x / bs / satShare, "bytes_per_s", 5.0e10)));
    }
    double[] xs = new double[SECONDS];
    double[] level = new double[SECONDS];
    for (int s = 0; s < SECONDS; s++) {
      level[s] = s >= from ? 1.0 : 0.7;
      xs[s] = x * level[s];
    }
    double inFlight = jobs * depth;
    for (int s = 0; s < SECONDS; s++) {
      double iops = xs[s] / bs;
      put(fio, "read_iops", s, iops);
      put(fio, "read_bytes_per_s", s, xs[s]);
      put(fio, "read_latency_s", s, inFlight / iops);
      put(volume, "read_iops", s, iops);
      put(volume, "read_bytes_per_s", s, xs[s]);
      put(volume, "read_latency_s", s, 0.7 * inFlight / iops);
      for (String p : hostPorts) {
        put(p, "rx_bytes_per_s", s, xs[s] / hostPorts.size());
      }
      if (bond) {
        put(bondId, "rx_bytes_per_s", s, xs[s]);
      }
      for (String p : fabric) {
        put(p, "tx_bytes_per_s", s, xs[s]);
      }
      for (String n : nodeIds) {
        put(n + "/eth0", "tx_bytes_per_s", s, xs[s] / nodes);
      }
      put(nic, "read_bytes_per_s", s, xs[s]);
      double hostUtil = kind == Kind.HOST ? satShare * level[s] : 0.3;
      put(host, "util", s, hostUtil);
      for (String k : socketIds) {
        put(k, "util", s, hostUtil);
      }
      for (String c : cpuIds) {
        put(c, "util", s, hostUtil);
      }
      for (String n : nodeIds) {
        put(n, "util", s, kind == Kind.ARRAY ? satShare * level[s] : 0.35);
      }
      for (int d = 0; d < 4; d++) {
        put("g/arr/drive-" + d, "read_iops", s, 2.0e5);
      }
    }
    right.addAll(switch (kind) {
      case ARRAY -> nodeIds;
      case HOST -> concat(List.of(host), socketIds, cpuIds);
      case PORT -> hostPorts;
      case ISL -> List.of(islPort, "g/sw2/port/49");
      case PCIE -> List.of(nic);
      case VOLUME -> List.of(volume);
    });
    distractors();
    spike(cpuIds, fabric, nodeIds);
    emit(sockets);
  }

  /** Off-path: a busy port, a degraded idle link with errors, an idle array node. */
  private void distractors() {
    String busy = "g/lab-sw/port/9";
    String degraded = "g/h1/pcie/0000:b1:00.0";
    String idle = "g/arr2/node-0";
    entity(busy, "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11), Map.of("bytes_per_s", FAST));
    entity(degraded, "pcie_link", Map.of("gen", 3, "width", 4, "max_gen", 4, "max_width", 16), Map.of("bytes_per_s", 3.94e9));
    entity(idle, "array_cpu", Map.of(), Map.of());
    for (int s = 0; s < SECONDS; s++) {
      put(busy, "tx_bytes_per_s", s, 0.95 * FAST);
      put(degraded, "read_bytes_per_s", s, 0);
      put(degraded, "errors_per_s", s, 2.0);
      put(idle, "util", s, 0.02);
    }
    distractors.addAll(List.of(busy, degraded, idle));
  }

  /** A short spike: one on-path resource that is not the saturated one at its ceiling in 3-12 readings. */
  private void spike(List<String> cpus, List<String> fabric, List<String> nodes) {
    int readings = 3 + random.nextInt(10);
    int at = 10 + random.nextInt(SECONDS - 10 - readings);
    String target;
    String metric;
    double value;
    if (kind != Kind.HOST && random.nextBoolean()) {
      target = cpus.get(random.nextInt(cpus.size()));
      metric = "util";
      value = 1.0;
    } else if (kind != Kind.ARRAY && random.nextBoolean()) {
      target = nodes.get(random.nextInt(nodes.size()));
      metric = "util";
      value = 1.0;
    } else {
      target = "g/sw1/port/1";
      metric = "tx_bytes_per_s";
      value = kind == Kind.PORT || kind == Kind.ISL || kind == Kind.PCIE ? Double.NaN : 0.99 * FAST;
    }
    if (Double.isNaN(value) || right.contains(target)) {
      return;
    }
    double[] v = series.get(target + '\0' + metric);
    for (int s = at; s < at + readings; s++) {
      v[s] = value / (1 + NOISE * 2);
    }
    distractors.add(target);
  }

  private void emit(int sockets) {
    data.accept(new Run("g" + seed, "generated", START, START + SECONDS, Map.of("tool", "fio")));
    data.accept(new Phase("g" + seed, "p1", START, START + SECONDS));
    entities.values().forEach(data::accept);
    relations.forEach(data::accept);
    for (Map.Entry<String, double[]> e : series.entrySet()) {
      int cut = e.getKey().indexOf('\0');
      String entity = e.getKey().substring(0, cut);
      String metric = e.getKey().substring(cut + 1);
      Entity ent = entities.get(entity);
      for (int s = 0; s < SECONDS; s++) {
        double v = e.getValue()[s] * (1 + NOISE * random.nextGaussian());
        v = Math.max(0, v);
        if (metric.equals("util")) {
          v = Math.min(1.0, v);
        }
        Double cap = ent.capacity().get("bytes_per_s");
        if (cap != null && metric.endsWith("bytes_per_s") && !ent.kind().equals("disk")) {
          v = Math.min(cap, v);
        }
        data.accept(new Sample(START + s + 1, entity, metric, v));
      }
    }
  }

  private void put(String entity, String metric, int s, double v) {
    series.computeIfAbsent(entity + '\0' + metric, k -> new double[SECONDS])[s] = v;
  }

  private void entity(String id, String kind, Map<String, Object> attrs, Map<String, Double> capacity) {
    entities.put(id, new Entity(id, kind, id, attrs, capacity));
  }

  private void rel(String from, String rel, String to) {
    relations.add(new Relation(from, rel, to));
  }

  @SafeVarargs
  private static List<String> concat(List<String>... lists) {
    List<String> all = new ArrayList<>();
    for (List<String> l : lists) {
      all.addAll(l);
    }
    return all;
  }
}
