package io.headroom.analyzer.scenario;

import java.util.Map;

/**
 * Issue 27, "a stripe is as fast as its slowest member": md RAID0 over four HDDs, one of them
 * (sdc) failing, serving each read in 15 ms against its peers' 6 ms. Random 4 KiB reads spread
 * evenly over the members, so each serves the same rate, which the slow one sets: 68 reads/s,
 * 68 x 15 ms = 1.02 s of work a second, so sdc is busy all the time (util capped at 1.0), and
 * its peers are busy 68 x 6 ms = 0.41 of it. fio keeps 16 reads in flight over 4 x 68 = 272
 * reads/s: 16 / 272 = 58.8 ms each (Little's law). The peers hold 68 x 6.5 ms = 0.44 each, so sdc
 * holds 16 - 3 x 0.44 = 14.7, waiting 14.7 / 68 = 216 ms a read. md0 has reads in flight all the
 * time, so it reads 100% busy too, only because of sdc. Expected: DISK on c2/h1/disk/sdc, md0 as
 * evidence.
 */
final class MdSlowMember {
  static final String MD = "c2/h1/disk/md0";
  static final String SLOW = "c2/h1/disk/sdc";
  static final String[] MEMBERS = {"c2/h1/disk/sdb", SLOW, "c2/h1/disk/sdd", "c2/h1/disk/sde"};
  static final String HBA = "c2/h1/pcie/0000:3b:00.0";
  static final String PHASE = "rand-read-4k-qd16";

  private MdSlowMember() {}

  static Scenario build() {
    ScenarioBuilder b = new ScenarioBuilder("c2", "c2-md-hdd", 1798100000.0, 2702,
        Map.of("tool", "fio", "ioengine", "libaio", "iodepth", 16, "numjobs", 1, "direct", 1, "bs", "4k"));
    b.entity("c2/h1/cpu", "host_cpu", Map.of("cpu_count", 8), Map.of("util", 1.0)).series("c2/h1/cpu", "util", 0.02);
    // Gen3 x8: 8 x 985 MB/s = 7.88 GB/s
    b.entity(HBA, "pcie_link", Map.of("gen", 3, "width", 8, "max_gen", 3, "max_width", 8), Map.of("bytes_per_s", 7.88e9));
    b.series(HBA, "read_bytes_per_s", 0);
    b.entity(MD, "disk", Map.of("md_level", "raid0"), Map.of("util", 1.0));
    disk(b, MD);
    for (String m : MEMBERS) {
      b.entity(m, "disk", Map.of("rotational", 1), Map.of("util", 1.0));
      b.rel(MD, "behind", m).rel(m, "behind", HBA);
      disk(b, m);
    }
    String fio = "c2/h1/fio";
    S1FcSan.workload(b, fio, "c2/h1/cpu", MD);
    Distractors.add(b, "c2/lab-sw/port/3", "c2/h1/pcie/0000:d8:00.0", "c2/array-b/cpu");

    ScenarioBuilder.PhaseSpec p = b.phase(PHASE, 60).set("c2/h1/cpu", "util", 0.03);
    S1FcSan.io(p, fio, "read", 272, 4096, 0.0588);
    S1FcSan.io(p, MD, "read", 272, 4096, 0.0588);
    p.set(MD, "util", 1.0, 0.002).set(MD, "queue_depth", 16);
    for (String m : MEMBERS) {
      boolean slow = m.equals(SLOW);
      S1FcSan.io(p, m, "read", 68, 4096, slow ? 0.216 : 0.0065);
      p.set(m, "util", slow ? 1.0 : 0.41, slow ? 0.002 : 0.02).set(m, "queue_depth", slow ? 14.7 : 0.44);
    }
    p.set(HBA, "read_bytes_per_s", 272 * 4096.0);
    return new Scenario("md-slow-member.jsonl", "c2", b.build());
  }

  private static void disk(ScenarioBuilder b, String id) {
    S1FcSan.diskSeries(b, id);
    b.series(id, "util", 0.01).series(id, "queue_depth", 0);
  }
}
