package io.headroom.app.report;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import java.util.Map;

/**
 * A small run for the report: 60 s, phases qd1 [0, 30) and qd8 [30, 60); one fio workload on one
 * NVMe disk (ceiling 100,000 IOPS) behind a PCIe link trained x8 of x16. In qd1 the workload does
 * 40,000 IOPS at 0.2 ms p99; in qd8 100,000 IOPS (the disk's ceiling) at 2 ms.
 */
final class ReportScenario {
  static final double T0 = 1_800_000_000.0;

  private ReportScenario() {}

  static RunData build() {
    RunData d = new RunData();
    d.accept(new Run("r1", "lab", T0, T0 + 60, Map.of("tool", "fio")));
    d.accept(new Phase("r1", "qd1", T0, T0 + 30));
    d.accept(new Phase("r1", "qd8", T0 + 30, T0 + 60));
    d.accept(new Entity("wl:job1", "workload", "job1", Map.of(), Map.of()));
    d.accept(new Entity("disk:nvme0n1", "disk", "nvme0n1", Map.of(), Map.of("iops", 100_000.0)));
    d.accept(new Entity("pcie:0000:3b:00.0", "pcie_link", "3b:00.0",
        Map.of("gen", 4, "width", 8, "max_gen", 4, "max_width", 16), Map.of("bytes_per_s", 15.75e9)));
    d.accept(new Relation("wl:job1", "on", "disk:nvme0n1"));
    d.accept(new Relation("disk:nvme0n1", "behind", "pcie:0000:3b:00.0"));
    for (int s = 1; s <= 60; s++) {
      boolean qd8 = s > 30;
      double iops = qd8 ? 100_000 : 40_000;
      d.addSample(T0 + s, "wl:job1", "read_iops", iops);
      d.addSample(T0 + s, "wl:job1", "latency_p99_s", qd8 ? 0.002 : 0.0002);
      d.addSample(T0 + s, "disk:nvme0n1", "read_iops", iops);
      d.addSample(T0 + s, "disk:nvme0n1", "util", qd8 ? 1.0 : 0.4);
    }
    return d;
  }
}
