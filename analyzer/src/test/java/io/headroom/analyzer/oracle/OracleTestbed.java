package io.headroom.analyzer.oracle;

import io.headroom.analyzer.oracle.Mva.Solution;
import io.headroom.analyzer.oracle.Mva.Station;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A random but realistic testbed from a seed (issue 43), built as a closed queueing network and
 * solved exactly (ProductForm): the benchmark's jobs x iodepth I/Os are the customers, each
 * resource a station with its service demand per I/O for the testbed's op mix and block size.
 * Remote (7 in 10): a client host's CPU (c = its cores), its NIC or HBA's PCIe link, 1-2 host
 * links to a switch, in 4 of 10 an ISL to a second switch, 1-8 array links, 1-4 array nodes (each
 * serving 1/k of the I/O) and the volume's drive pool (SSDs: 8-128 I/Os served at once; HDDs:
 * one each). Local: the host's CPU, in half of them a PCIe switch's uplink, and 1-8 NVMe drives
 * each behind its own link (a raid0 md device over them when more than one). A link is one
 * station per direction with the data (its two ends, cabled to each other, read the same bytes);
 * the wire's and the protocol's fixed time is one delay station. Background load (another
 * tenant's) takes a fixed share of a CPU or an ISL; a per-LUN queue depth caps the population.
 * The phases sweep the iodepth (x4 a step), so the response to concurrency shows.
 *
 * <p>Each testbed is steered towards one kind of limit ({@link #target}) by its choice of parts
 * (few cores, a link trained down, a slow port, a small array, HDDs, little concurrency), so
 * every class turns up often; what the limit is comes from the solved network alone
 * (OracleTruth), never from the steering.
 */
final class OracleTestbed {
  enum Target { HOST_CPU, PCIE, NETWORK, ARRAY_CPU, DISK, NONE }

  /** A station with the resource it belongs to (null for the delay). */
  record Part(Station station, Resource resource) {}

  /** One entity's readings in a phase, from the solved network: phase index, solution, sink. */
  interface Reading {
    void put(int phase, Solution s, Sink sink);
  }

  interface Sink {
    void put(String entity, String metric, double value);
  }

  static final String FIO = "o/h1/fio";
  static final String HOST = "o/h1/cpu";
  /** PCIe payload per line-coded byte: 256-byte TLPs with 24 bytes of framing, header, sequence number and LCRC (256/280), less about 3% for ACK and flow-control DLLPs. */
  static final double PCIE_PAYLOAD = 256.0 / 280 * 0.97;
  static final double[] PCIE_LANE = {0, 250e6, 500e6, 985e6, 1969e6, 3938e6};

  final long seed;
  final boolean local;
  final Target target;
  final double reads;
  final int bs;
  final int jobs;
  final int[] depths;
  /** The per-LUN queue depth: the most I/Os in the network at once; 0 when none. */
  final int cap;
  final int seconds;
  final String protocol;
  final List<Part> parts = new ArrayList<>();
  final Map<String, Entity> entities = new LinkedHashMap<>();
  final List<Relation> relations = new ArrayList<>();
  final List<Reading> readings = new ArrayList<>();
  /** Per phase: the population in the network and the network solved at it. */
  final int[] populations;
  final Solution[] solutions;
  final List<OracleTruth> truths = new ArrayList<>();
  private final Random random;

  OracleTestbed(long seed) {
    this.seed = seed;
    this.random = new Random(seed);
    this.local = random.nextInt(10) >= 7;
    Target[] kinds = local ? new Target[] {Target.HOST_CPU, Target.PCIE, Target.DISK, Target.NONE} : Target.values();
    this.target = kinds[random.nextInt(kinds.length)];
    this.reads = new double[] {1.0, 1.0, 0.0, 0.7, 0.5}[random.nextInt(5)];
    // a network is the limit of large transfers more often than of 4 KiB ones, a CPU of small ones
    int[] sizes = switch (target) {
      case NETWORK -> new int[] {16384, 65536, 131072, 262144, 1048576};
      case HOST_CPU, ARRAY_CPU -> new int[] {4096, 4096, 8192, 16384, 65536};
      default -> new int[] {4096, 4096, 8192, 16384, 65536, 131072, 262144, 1048576};
    };
    this.bs = sizes[random.nextInt(sizes.length)];
    // iodepth x4 a step from 2-8 (1 when steered to NONE), jobs x iodepth at most 32 x 64 = 2,048
    this.jobs = target == Target.NONE ? 1 + random.nextInt(2) : new int[] {1, 2, 4, 8}[random.nextInt(4)];
    int first = target == Target.NONE ? 1 : Math.min(32 / jobs, 2 << random.nextInt(3));
    int steps = target == Target.NONE ? 2 + random.nextInt(2) : 4;
    this.depths = new int[steps];
    for (int p = 0; p < steps; p++) {
      depths[p] = first << (2 * p);
    }
    this.cap = random.nextInt(100) < (target == Target.NONE ? 40 : 15) ? new int[] {8, 16, 32}[random.nextInt(3)] : 0;
    this.seconds = 30 + random.nextInt(31);
    this.protocol = local ? "nvme" : new String[] {"nvme-tcp", "iscsi", "nvme-rdma", "fc", "iser"}[random.nextInt(5)];
    if (local) {
      new LocalParts(this).build();
    } else {
      new RemoteParts(this).build();
    }
    workload();
    populations = new int[depths.length];
    int max = 1;
    for (int p = 0; p < depths.length; p++) {
      populations[p] = cap > 0 ? Math.min(cap, jobs * depths[p]) : jobs * depths[p];
      max = Math.max(max, populations[p]);
    }
    ProductForm network = new ProductForm(parts.stream().map(Part::station).toList(), max);
    solutions = new Solution[depths.length];
    for (int p = 0; p < depths.length; p++) {
      solutions[p] = network.at(populations[p]);
      truths.add(OracleTruth.of(this, solutions[p]));
    }
    liftLimits(max);
  }

  /**
   * Each limited phase's throughput with its limit (and what is tied with it) taken out of the
   * network at the phase's own population: one network per distinct limit.
   */
  private void liftLimits(int max) {
    Map<List<Resource>, ProductForm> lifted = new LinkedHashMap<>();
    for (int p = 0; p < truths.size(); p++) {
      OracleTruth truth = truths.get(p);
      if (truth.limit() == null) {
        continue;
      }
      List<Resource> gone = truth.limits();
      ProductForm without = lifted.computeIfAbsent(gone, g -> new ProductForm(parts.stream()
          .filter(part -> !g.contains(part.resource())).map(Part::station).toList(), max));
      truths.set(p, truth.withLiftedGain(without.at(populations[p]).x() / solutions[p].x()));
    }
  }

  Random random() {
    return random;
  }

  int outstanding(int phase) {
    return jobs * depths[phase];
  }

  String phaseName(int phase) {
    return jobs + "T/" + depths[phase] + "Q";
  }

  double kib() {
    return bs / 1024.0;
  }

  /** Adds a station; returns its index. */
  int part(String name, double demand, int servers, Resource resource) {
    parts.add(new Part(new Station(name, demand, servers), resource));
    return parts.size() - 1;
  }

  void entity(String id, String kind, Map<String, Object> attrs, Map<String, Double> capacity) {
    entities.put(id, new Entity(id, kind, id, attrs, capacity));
  }

  void rel(String from, String rel, String to) {
    relations.add(new Relation(from, rel, to));
  }

  <T> T pick(List<T> options) {
    return options.get(random.nextInt(options.size()));
  }

  /**
   * A CPU as a station of c = its cores, its demand the CPU seconds one I/O costs it, raised by a
   * background load (a fixed share b of it that another tenant takes first: D / (1 - b)); its
   * reading is the workload's share plus the background.
   */
  void cpu(String id, String kind, String label, int cores, double perIo, double share, double background, Resource resource) {
    entity(id, kind, Map.of("cpu_count", cores), Map.of("util", 1.0));
    int i = part(label, share * perIo / (1 - background), cores, resource);
    readings.add((p, s, k) -> k.put(id, "util", s.u()[i] * (1 - background) + background));
  }

  /**
   * A link with its data per direction: one station per direction that carries data (a share of
   * the I/Os' bytes over its payload ceiling), its two ends reading the same bytes as counted
   * (payload x counted share) plus a background load. Returns the stations, reads first (-1 when
   * absent).
   */
  int[] link(Resource resource, double payloadCeiling, double share, double background) {
    int[] out = {-1, -1};
    double[] mix = {reads, 1 - reads};
    for (int d = 0; d < 2; d++) {
      if (mix[d] > 0) {
        out[d] = part(resource.label() + (d == 0 ? " reads" : " writes"),
            share * mix[d] * bs / payloadCeiling / (1 - background), 1, resource);
      }
    }
    return out;
  }

  /** Net ports: the two ends of a link, reads flowing from `far` to `near`. */
  void cable(String near, String far, Fabric fabric, double share, double background, Resource resource) {
    for (String port : List.of(near, far)) {
      entity(port, "net_port", Map.of("fabric", fabric.name, "speed_bps", fabric.speedBps),
          Map.of("bytes_per_s", fabric.capacity));
      rel(FIO, "via", port);
    }
    rel(near, "cabled_to", far);
    rel(far, "cabled_to", near);
    link(resource, fabric.payloadCeiling(), share, background);
    double other = background * fabric.counterAtLineRate * fabric.capacity;
    double counted = fabric.counted * share * bs;
    readings.add((p, s, k) -> {
      double r = s.x() * reads * counted + other;
      double w = s.x() * (1 - reads) * counted + other;
      k.put(near, "rx_bytes_per_s", r);
      k.put(near, "tx_bytes_per_s", w);
      k.put(far, "tx_bytes_per_s", r);
      k.put(far, "rx_bytes_per_s", w);
    });
  }

  /** A PCIe link: gen x width line-coded, its payload PCIE_PAYLOAD of that. */
  void pcie(String id, int gen, int width, int maxGen, int maxWidth, double share, Resource resource) {
    double line = PCIE_LANE[gen] * width;
    entity(id, "pcie_link", Map.of("gen", gen, "width", width, "max_gen", maxGen, "max_width", maxWidth, "numa_node", 0),
        Map.of("bytes_per_s", line));
    link(resource, line * PCIE_PAYLOAD, share, 0);
    readings.add((p, s, k) -> {
      k.put(id, "read_bytes_per_s", s.x() * share * reads * bs);
      k.put(id, "write_bytes_per_s", s.x() * share * (1 - reads) * bs);
    });
  }

  /** fio's rw for the mix: every testbed reads and writes at random. */
  String rw() {
    return reads == 1.0 ? "randread" : reads == 0.0 ? "randwrite" : "randrw";
  }

  /** The wire's and the protocol's fixed time per I/O: a delay station. */
  void delay(double seconds) {
    part("fixed latency", seconds, Station.DELAY, null);
  }

  /** The benchmark: its throughput, and its latency by Little's law over every I/O it keeps outstanding. */
  private void workload() {
    // random access: the drives' stations charge each I/O a fixed time plus its transfer
    entity(FIO, "workload", Map.of("tool", "fio", "numjobs", jobs, "bs", bs, "rw", rw()), Map.of());
    rel(FIO, "runs_on", HOST);
    readings.add((p, s, k) -> {
      double latency = outstanding(p) / s.x();
      k.put(FIO, "read_iops", s.x() * reads);
      k.put(FIO, "write_iops", s.x() * (1 - reads));
      k.put(FIO, "read_bytes_per_s", s.x() * reads * bs);
      k.put(FIO, "write_bytes_per_s", s.x() * (1 - reads) * bs);
      if (reads > 0) {
        k.put(FIO, "read_latency_s", latency);
      }
      if (reads < 1) {
        k.put(FIO, "write_latency_s", latency);
      }
      k.put(FIO, "numjobs", jobs);
      k.put(FIO, "iodepth", depths[p]);
    });
  }

  /** One line: the testbed's shape. */
  String describe() {
    return "seed " + seed + " (" + (local ? "local " : "remote ") + protocol + ", steered " + target + ", "
        + (int) Math.round(reads * 100) + "% reads, " + bs / 1024 + " KiB, " + jobs + " jobs"
        + (cap > 0 ? ", LUN queue depth " + cap : "") + ")";
  }

  /** The fabrics of a port: its ceiling, what its counters count per payload byte, and its speeds. */
  record Fabric(String name, double speedBps, double capacity, double counted, double counterAtLineRate) {
    /**
     * Ethernet (also RoCE): 1,460 bytes of payload a 1,514-byte frame as counted (Ethernet, IP
     * and TCP headers), 1,538 bytes on the wire (preamble, gap, FCS not counted).
     */
    static Fabric ethernet(double gbps) {
      return new Fabric("ethernet", gbps * 1e9, gbps * 1e9 / 8, 1514.0 / 1460, 1514.0 / 1538);
    }

    /** FC: the capacity is the payload rate (32G: 3.2 GB/s); 2,112 bytes a 2,148-byte frame as counted. */
    static Fabric fc(int gfc) {
      return new Fabric("fc", gfc * 1e9, gfc * 1e8, 2148.0 / 2112, 1.0);
    }

    /** InfiniBand: 4,096-byte MTU, 42 bytes of headers and CRCs; about 2% to link-level flow control. */
    static Fabric infiniband(double gbps) {
      return new Fabric("infiniband", gbps * 1e9, gbps * 1e9 / 8, 4138.0 / 4096, 0.98);
    }

    /** The payload it carries at most: its counters at line rate over what they count per payload byte. */
    double payloadCeiling() {
      return capacity * counterAtLineRate / counted;
    }
  }

  static Resource resource(Bottleneck b, String label, List<String> members) {
    return new Resource(b, label, members);
  }
}
