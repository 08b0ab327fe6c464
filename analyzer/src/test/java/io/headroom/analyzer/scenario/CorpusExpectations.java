package io.headroom.analyzer.scenario;

import io.headroom.model.Bottleneck;
import io.headroom.model.PhaseVerdict;
import java.util.ArrayList;
import java.util.List;

/**
 * What each phase of the scenario corpus is expected to be judged (docs/scenarios/README.md's
 * "expected" columns), for the confidence calibration: a phase is right when its class is the
 * expected one and, where the README names one entity, its entity is that one (a group's
 * limit may be named by any member). The comparison sides (s4-r760-direct, s5-powerstore-before)
 * have no per-phase expectation in the README and are left out.
 */
final class CorpusExpectations {
  record Expected(String file, String phase, Bottleneck bottleneck, String entity) {}

  static final List<Expected> ALL = List.of(
      new Expected("s1-fc-san.jsonl", "local-gpu-randwrite-8T/32Q", Bottleneck.PCIE, "s1/r750/pcie/0000:ca:00.0"),
      new Expected("s1-fc-san.jsonl", "fc-gpu-seqread-8T/32Q", Bottleneck.NETWORK, null),
      new Expected("s2-nvmeof-oltp.jsonl", "oltp-8vm-32threads", Bottleneck.NONE, null),
      new Expected("s3-ib-hdd.jsonl", "seq-read-iser-8j", Bottleneck.NETWORK, null),
      new Expected("s3-ib-hdd.jsonl", "rand-read-iser-8j", Bottleneck.DISK, "s3/server/raid50"),
      new Expected("s3-ib-hdd.jsonl", "rand-read-nfsrdma-8j", Bottleneck.DISK, "s3/server/raid50"),
      new Expected("s4-r760-nvme-perc.jsonl", "direct-randwrite-untuned", Bottleneck.NUMA, "s4/r760/cpu/socket0"),
      new Expected("s4-r760-nvme-perc.jsonl", "perc1-seqread", Bottleneck.PCIE, "s4/r760/pcie/0000:4a:00.0"),
      new Expected("s4-r760-nvme-perc.jsonl", "perc1-seqwrite", Bottleneck.PCIE, "s4/r760/pcie/0000:4a:00.0"),
      new Expected("s4-r760-nvme-perc.jsonl", "perc2-oltp-10M", Bottleneck.HOST_CPU, "s4/r760/cpu"),
      new Expected("s5-powerstore-upgrade.jsonl", "4k-rand-read100", Bottleneck.NONE, null),
      new Expected("s5-powerstore-upgrade.jsonl", "4k-rand-read50", Bottleneck.ARRAY_CPU, null),
      new Expected("s5-powerstore-upgrade.jsonl", "8k-rand-read25", Bottleneck.ARRAY_CPU, null),
      new Expected("one-cpu-irq.jsonl", "seq-read-128k-4j", Bottleneck.HOST_CPU, "c1/client/cpu/7"),
      new Expected("md-slow-member.jsonl", "rand-read-4k-qd16", Bottleneck.DISK, "c2/h1/disk/sdc"),
      new Expected("array-latency.jsonl", "8k-read-array", Bottleneck.ARRAY_CPU, null),
      new Expected("array-latency.jsonl", "8k-read-hostcpu", Bottleneck.HOST_CPU, "l1/esx1/cpu"),
      new Expected("array-latency.jsonl", "128k-read-port", Bottleneck.NETWORK, "l1/esx1/vmnic2"));

  private CorpusExpectations() {}

  /** {confidence, 1 when right else 0} for every expected phase. */
  static List<double[]> judged() {
    List<double[]> out = new ArrayList<>();
    for (Expected e : ALL) {
      PhaseVerdict p = new StudyRecordings(e.file()).phase(e.phase());
      boolean right = p.bottleneck() == e.bottleneck() && (e.entity() == null || e.entity().equals(p.entity()));
      out.add(new double[] {p.confidence(), right ? 1 : 0});
    }
    return out;
  }
}
