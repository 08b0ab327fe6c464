package io.headroom.analyzer.scenario;

import java.util.Map;

/**
 * Study S3: 48 SAS HDDs in RAID50 behind an FDR InfiniBand SAN (iSER) and NAS (NFS over RDMA),
 * fio iodepth 32 with 8 jobs. Sequential 1M reads: about 6 GB/s, the FDR port near its practical
 * ceiling (6.8 GB/s data rate) and the RAID50 volume near its 6.4 GB/s spec: two limits, the
 * network primary. Random 4K reads: about 9,300 IOPS of a 9,600 IOPS spec whatever the protocol,
 * with 27 ms latency: the disks.
 */
final class S3IbHdd {
  static final String VOLUME = "s3/server/raid50";
  static final String SERVER_PORT = "s3/server/ib0";
  static final String[] PORTS = {"s3/client/ib0", "s3/sx1012/port/1", "s3/sx1012/port/2", SERVER_PORT};

  private S3IbHdd() {}

  static Scenario build() {
    ScenarioBuilder b = new ScenarioBuilder("s3", "s3-ib", 1796100000.0, 3003,
        Map.of("tool", "fio", "ioengine", "libaio", "iodepth", 32, "numjobs", 8, "direct", 1));
    b.entity("s3/client/cpu", "host_cpu").series("s3/client/cpu", "util", 0.02);
    b.entity("s3/server/cpu", "array_cpu", Map.of("model", "2 x Xeon E5-2600"), Map.of());
    b.series("s3/server/cpu", "util", 0.02);
    b.entity(VOLUME, "disk", Map.of("raid", "RAID50 over 48 SAS HDDs"),
        Map.of("bytes_per_s", 6.4e9, "iops", 9_600.0));
    b.rel(VOLUME, "served_by", "s3/server/cpu");
    S1FcSan.diskSeries(b, VOLUME);
    b.series(VOLUME, "util", 0.01).series(VOLUME, "queue_depth", 0);
    for (String port : PORTS) {
      b.entity(port, "net_port", Map.of("fabric", "infiniband", "speed_bps", 5.6e10),
          Map.of("bytes_per_s", 6.8e9));
      b.series(port, "rx_bytes_per_s", 1.0e5).series(port, "tx_bytes_per_s", 1.0e5);
    }
    for (String w : new String[] {"s3/client/fio-iser", "s3/client/fio-nfsrdma"}) {
      S1FcSan.workload(b, w, "s3/client/cpu", VOLUME);
      for (String port : PORTS) {
        b.rel(w, "via", port);
      }
    }
    Distractors.add(b, "s3/lab-sw/port/12", "s3/server/pcie/0000:81:00.0", "s3/server-b/cpu");

    ScenarioBuilder.PhaseSpec seq = b.phase("seq-read-iser-8j", 60)
        .set("s3/client/cpu", "util", 0.21).set("s3/server/cpu", "util", 0.34)
        .set(VOLUME, "util", 0.99, 0.005).set(VOLUME, "queue_depth", 240);
    // 5,722 x 1 MiB = 6.0 GB/s; 256 outstanding: 44.7 ms
    S1FcSan.io(seq, "s3/client/fio-iser", "read", 5_722, 1_048_576, 0.0447);
    S1FcSan.io(seq, VOLUME, "read", 5_722, 1_048_576, 0.0440);
    // iSER headers add about 1% on the wire
    wire(seq, 6.05e9);
    random(b.phase("rand-read-iser-8j", 60), "s3/client/fio-iser", 0.0275);
    random(b.phase("rand-read-nfsrdma-8j", 60), "s3/client/fio-nfsrdma", 0.0276);
    return new Scenario("s3-ib-hdd.jsonl", "s3", b.build());
  }

  /** Data flows server to client: the server port and the client-facing switch port send. */
  private static void wire(ScenarioBuilder.PhaseSpec p, double bytes) {
    p.set(SERVER_PORT, "tx_bytes_per_s", bytes, 0.01)
        .set("s3/sx1012/port/2", "rx_bytes_per_s", bytes, 0.01)
        .set("s3/sx1012/port/1", "tx_bytes_per_s", bytes, 0.01)
        .set("s3/client/ib0", "rx_bytes_per_s", bytes, 0.01);
  }

  private static void random(ScenarioBuilder.PhaseSpec p, String workload, double latency) {
    p.set("s3/client/cpu", "util", 0.06).set("s3/server/cpu", "util", 0.09)
        .set(VOLUME, "util", 1.0, 0.002).set(VOLUME, "queue_depth", 252);
    // 9,300 IOPS of 4 KiB: 256 outstanding over 27.5 ms
    S1FcSan.io(p, workload, "read", 9_300, 4096, latency);
    S1FcSan.io(p, VOLUME, "read", 9_300, 4096, latency - 0.0003);
    wire(p, 9_300 * 4096 * 1.01);
  }
}
