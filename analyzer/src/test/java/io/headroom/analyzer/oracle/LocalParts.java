package io.headroom.analyzer.oracle;

import static io.headroom.analyzer.oracle.OracleTestbed.FIO;
import static io.headroom.analyzer.oracle.OracleTestbed.HOST;

import io.headroom.analyzer.oracle.OracleTestbed.Target;
import io.headroom.model.Bottleneck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A host's own NVMe drives: its CPU, in some a PCIe switch's uplink, 1-8 drives each behind its
 * own x4 link, striped by a raid0 md device when more than one.
 */
final class LocalParts {
  private final OracleTestbed t;

  LocalParts(OracleTestbed t) {
    this.t = t;
  }

  void build() {
    Target target = t.target;
    // io_uring and the NVMe driver: a few microseconds an I/O
    int cores = target == Target.HOST_CPU ? t.pick(List.of(1, 2)) : t.pick(List.of(8, 16, 32));
    double background = t.random().nextInt(10) < 3 ? 0.05 + 0.3 * t.random().nextDouble() : 0;
    t.cpu(HOST, "host_cpu", "host cpu", cores, 2.5e-6 + 0.005e-6 * t.kib(), 1, background,
        OracleTestbed.resource(Bottleneck.HOST_CPU, "host cpu", List.of(HOST)));

    boolean uplink = t.random().nextInt(10) < (target == Target.PCIE ? 6 : 4);
    String up = "o/h1/pcie/0000:5e:00.0";
    int firstUp = t.parts.size();
    if (uplink) {
      boolean down = target == Target.PCIE;
      int[] gw = down ? new int[] {3, 4} : t.pick(List.of(new int[] {4, 16}, new int[] {3, 16}, new int[] {4, 8}));
      t.pcie(up, gw[0], gw[1], down ? 4 : gw[0], down ? 16 : gw[1], 1, OracleTestbed.resource(Bottleneck.PCIE, up, List.of(up)));
    }
    int lastUp = t.parts.size();

    int drives = t.pick(List.of(1, 2, 4, 8));
    List<String> links = new ArrayList<>();
    List<String> disks = new ArrayList<>();
    for (int i = 0; i < drives; i++) {
      links.add("o/h1/pcie/0000:6" + i + ":00.0");
      disks.add("o/h1/disk/nvme" + i + "n1");
    }
    String md = "o/h1/disk/md0";
    List<String> diskMembers = new ArrayList<>(disks);
    if (drives > 1) {
      diskMembers.add(md);
    }
    Resource linkGroup = OracleTestbed.resource(Bottleneck.PCIE, "drive links", links);
    Resource diskGroup = OracleTestbed.resource(Bottleneck.DISK, "drives", diskMembers);
    boolean slowLinks = target == Target.PCIE && !uplink;
    boolean slowDrives = target == Target.DISK;
    int units = slowDrives ? t.pick(List.of(8, 16)) : t.pick(List.of(32, 64, 128));
    double read = slowDrives ? 150e-6 : 80e-6;
    double write = slowDrives ? 60e-6 : 20e-6;
    double bandwidth = slowDrives ? 0.55e9 : t.pick(List.of(3.2e9, 6.8e9));
    double fixed = t.reads * read + (1 - t.reads) * write;
    boolean known = t.random().nextBoolean();
    int firstDrive = t.parts.size();
    int width = slowLinks ? t.pick(List.of(1, 2)) : 4;
    for (int i = 0; i < drives; i++) {
      t.pcie(links.get(i), 4, width, 4, 4, 1.0 / drives, linkGroup);
      if (uplink) {
        t.rel(links.get(i), "behind", up);
      }
      int linkEnd = t.parts.size();
      int drive = t.part(disks.get(i), (fixed + t.bs * units / bandwidth) / drives, units, diskGroup);
      Map<String, Double> spec = new LinkedHashMap<>();
      if (known) {
        spec.put("iops", units / (fixed + 4096.0 * units / bandwidth));
        spec.put("bytes_per_s", bandwidth);
      }
      t.entity(disks.get(i), "disk", Map.of(), spec);
      t.rel(disks.get(i), "behind", links.get(i));
      int linkStart = linkEnd - linkStations();
      String id = disks.get(i);
      t.readings.add((p, s, k) -> {
        // the block layer's time for this drive's I/Os: the drive and its link per visit (d visits
        // of 1/d each), the uplink as every I/O crosses it
        double own = s.r()[drive];
        for (int j = linkStart; j < linkEnd; j++) {
          own += s.r()[j];
        }
        double latency = own * drives;
        for (int j = firstUp; j < lastUp; j++) {
          latency += s.r()[j];
        }
        RemoteParts.volume(k, id, s.x() / drives, latency, t.reads, t.bs);
        k.put(id, "util", 1 - s.p0()[drive]);
      });
    }
    int lastDrive = t.parts.size();
    if (drives > 1) {
      t.entity(md, "disk", Map.of("md_level", "raid0"), Map.of());
      disks.forEach(d -> t.rel(md, "behind", d));
      t.rel(FIO, "targets", md);
      t.readings.add((p, s, k) -> {
        double latency = 0;
        for (int j = firstUp; j < lastDrive; j++) {
          latency += s.r()[j];
        }
        RemoteParts.volume(k, md, s.x(), latency, t.reads, t.bs);
      });
    } else {
      t.rel(FIO, "targets", disks.get(0));
    }
    t.delay(5e-6 + 10e-6 * t.random().nextDouble());
  }

  /** Stations a link adds: one per direction with data. */
  private int linkStations() {
    return (t.reads > 0 ? 1 : 0) + (t.reads < 1 ? 1 : 0);
  }
}
