package io.headroom.analyzer.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.LimitGroup;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Run B made from run A by known changes, with the verdicts given, so every figure of the
 * comparison follows from the inputs by arithmetic: B's sequential phase moves half the bytes
 * behind a link instead of a disk, its random-write phase is renamed and otherwise the same with
 * the array's other node first, and each run has one phase the other has not.
 */
class RunComparerTest {
  private static final LimitGroup NODES = new LimitGroup("array nodes on the path", 2, List.of("node-a", "node-b"));

  /** One side: workload w reads or writes at a constant level, 60 s a phase. */
  private static RunData side(String run, String[] names, double[][] levels) {
    RunData d = new RunData();
    d.accept(new Run(run, "lab", 0, 60.0 * names.length, Map.of("tool", "fio")));
    d.accept(new Entity("w", "workload", "w", Map.of("numjobs", 4, "iodepth", 8), Map.of()));
    d.accept(new Entity("d1", "disk", "d1", Map.of(), Map.of("bytes_per_s", 1.0e9)));
    d.accept(new Entity("l1", "pcie_link", "l1", Map.of(), Map.of("bytes_per_s", 2.0e9)));
    d.accept(new Relation("w", "targets", "d1"));
    d.accept(new Relation("d1", "behind", "l1"));
    for (int p = 0; p < names.length; p++) {
      d.accept(new Phase(run, names[p], 60.0 * p, 60.0 * (p + 1)));
      // levels: read bytes/s, write bytes/s, block size, latency
      double[] l = levels[p];
      for (int s = 0; s < 60; s++) {
        double ts = 60.0 * p + s + 1;
        d.addSample(ts, "w", "read_bytes_per_s", l[0]);
        d.addSample(ts, "w", "write_bytes_per_s", l[1]);
        d.addSample(ts, "w", "read_iops", l[0] / l[2]);
        d.addSample(ts, "w", "write_iops", l[1] / l[2]);
        d.addSample(ts, "w", l[0] > 0 ? "read_latency_s" : "write_latency_s", l[3]);
      }
    }
    return d;
  }

  private static HeadroomEntry row(String id, String kind, double pressure, double share, String reading) {
    return new HeadroomEntry(id, kind, pressure, share, reading, true);
  }

  private static PhaseVerdict phase(String name, Bottleneck b, String entity, LimitGroup group, List<HeadroomEntry> rows) {
    return new PhaseVerdict(name, b, entity, 0.9, null, List.of(), rows, List.of(), group);
  }

  private static final double[][] A_LEVELS = {
      {8.0e8, 0, 131_072, 0.002}, // seq: 800 MB/s read in 128 KiB blocks, 2 ms
      {0, 2.0e8, 4096, 0.0005}, // rand: 200 MB/s written in 4 KiB blocks
      {1.0e8, 0, 4096, 0.0003}}; // warmup: 4 KiB reads
  private static final double[][] B_LEVELS = {
      {4.0e8, 0, 131_072, 0.004}, // seq at half the bytes, twice the latency
      {0, 2.0e8, 4096, 0.0005}, // random-write: A's rand, renamed
      {1.0e8, 0, 8192, 0.0003}}; // cooldown: 8 KiB reads, like no phase of A

  private static Comparison compare() {
    RunData a = side("a", new String[] {"seq", "rand", "warmup"}, A_LEVELS);
    RunData b = side("b", new String[] {"seq", "random-write", "cooldown"}, B_LEVELS);
    Verdict va = new Verdict("a", Bottleneck.DISK, "d1", 0.9, List.of(), List.of(), List.of(
        phase("seq", Bottleneck.DISK, "d1", null,
            List.of(row("d1", "disk", 0.95, 0.80, "bytes"), row("l1", "pcie_link", 0.40, 0.35, "device-to-host"))),
        phase("rand", Bottleneck.ARRAY_CPU, "node-a", NODES, List.of(row("node-a", "array_cpu", 0.97, 0.93, "util"))),
        phase("warmup", Bottleneck.NONE, null, null, List.of())));
    Verdict vb = new Verdict("b", Bottleneck.PCIE, "l1", 0.9, List.of(), List.of(), List.of(
        phase("seq", Bottleneck.PCIE, "l1", null,
            List.of(row("l1", "pcie_link", 0.98, 0.85, "device-to-host"), row("d1", "disk", 0.47, 0.40, "bytes"))),
        phase("random-write", Bottleneck.ARRAY_CPU, "node-b", NODES, List.of(row("node-b", "array_cpu", 0.96, 0.92, "util"))),
        phase("cooldown", Bottleneck.NONE, null, null, List.of())));
    return RunComparer.compare(a, va, b, vb);
  }

  @Test
  void halfTheBytesBehindTheLinkIsAChangeAndAMovedLimit() {
    Comparison.PhaseComparison seq = compare().phases().get(0);
    assertEquals("seq", seq.name());
    assertEquals("name", seq.matchedBy());
    // 400 MB/s / 800 MB/s, every second
    assertEquals(0.5, seq.change(), 1e-12);
    assertEquals("throughput_bytes_per_s", seq.changeOf());
    assertEquals(0.5, seq.metrics().iops().ratio(), 1e-12);
    assertEquals(2.0, seq.metrics().latencyMeanS().ratio(), 1e-12, "4 ms / 2 ms");
    assertEquals(8.0e8 / 131_072, seq.a().iops(), 1e-6);
    // 55 settled seconds a side, every A above every B: U = 55 x 55 = 3025 against a mean of
    // 1512.5; all of a side tie: T = 2 x (55^3 - 55) = 332,640, var = 3025 / 12 x (111 - 332,640
    // / (110 x 109)) = 252.08 x 83.257 = 20,987.7, sd 144.87; z = (1512.5 - 0.5) / 144.87 = 10.44.
    assertTrue(seq.pValue() < 1e-20 && seq.pValue() > 0, "p " + seq.pValue());
    assertTrue(seq.significant());
    assertTrue(seq.limitMoved());
    assertEquals(List.of(
        // d1: 0.80 x 1 GB/s; l1: 0.85 x 2 GB/s
        "seq -50%: the limit moved from DISK on d1 (bytes 800 MB/s = 80% of 1 GB/s) "
            + "to PCIE on l1 (device-to-host 1.7 GB/s = 85% of 2 GB/s)",
        "l1 (pcie_link, device-to-host): share of its practical ceiling 40% -> 98% (+58 points)",
        "d1 (disk, bytes): share of its practical ceiling 95% -> 47% (-48 points)"), seq.explanation());
  }

  @Test
  void aRenamedPhaseMatchesByItsWorkloadAndTheOtherNodeFirstIsTheSameLimit() {
    Comparison.PhaseComparison rand = compare().phases().get(1);
    assertEquals("rand", rand.name());
    assertEquals("random-write", rand.bName());
    assertEquals("parameters", rand.matchedBy());
    // every reading equal on both sides: no variance, p = 1
    assertEquals(1.0, rand.change(), 1e-12);
    assertEquals(1.0, rand.pValue());
    assertFalse(rand.significant());
    assertFalse(rand.limitMoved(), "node-a then node-b, both of the same 2-node group");
    assertEquals(List.of("node-a", "node-b"), rand.b().members());
    assertEquals(0.96, rand.b().limitUtilization());
    assertTrue(rand.explanation().get(0).startsWith("rand ~ (p=1.00): the limit stayed: ARRAY_CPU on node-b (util 92%)"),
        rand.explanation().get(0));
  }

  @Test
  void phasesWithoutAPartnerAreListedAndSummarised() {
    Comparison c = compare();
    assertEquals(2, c.phases().size());
    assertEquals(List.of("warmup"), c.unmatched().a());
    assertEquals(List.of("cooldown"), c.unmatched().b(), "4 KiB reads and 8 KiB reads are different workloads");
    assertEquals(new Comparison.RunRef("a", "lab"), c.a());
    assertEquals("b vs a: read-heavy phase -50% (the limit moved: DISK -> PCIE), write-heavy phase unchanged (~) "
        + "(ARRAY_CPU still the limit, node-b now at 96% of its practical ceiling); "
        + "phases unmatched: 1 only in a, 1 only in b", c.summary());
  }

  @Test
  void aRunWithoutPhasesIsComparedWhole() {
    RunData a = new RunData();
    RunData b = new RunData();
    a.accept(new Run("a", "lab", 0, 60.0, Map.of()));
    b.accept(new Run("b", "lab", 0, 60.0, Map.of()));
    a.accept(Entity.of("w", "workload"));
    b.accept(Entity.of("w", "workload"));
    for (int s = 0; s < 60; s++) {
      a.addSample(s, "w", "read_iops", 1000 + s % 7);
      b.addSample(s, "w", "read_iops", 1000 + s % 7);
    }
    Verdict va = new Verdict("a", Bottleneck.NONE, null, 0.5, List.of(), List.of(), List.of());
    Verdict vb = new Verdict("b", Bottleneck.NONE, null, 0.5, List.of(), List.of(), List.of());
    Comparison c = RunComparer.compare(a, va, b, vb);
    assertEquals(1, c.phases().size());
    Comparison.PhaseComparison whole = c.phases().get(0);
    assertEquals(PhaseView.WHOLE_RUN, whole.name());
    assertEquals("iops", whole.changeOf(), "no bytes: the change is of IOPS");
    assertEquals(1.0, whole.change(), 1e-12);
    assertFalse(whole.significant());
  }

  @Test
  void phasesWithoutWorkloadReadingsAreNotCalledUnchanged() {
    RunData a = new RunData();
    RunData b = new RunData();
    for (RunData d : List.of(a, b)) {
      d.accept(new Run(d == a ? "a" : "b", "lab", 0, 60.0, Map.of()));
      d.accept(Entity.of("cpu", "host_cpu"));
      for (int s = 0; s < 60; s++) {
        d.addSample(s, "cpu", "util", 0.5);
      }
    }
    Comparison c = RunComparer.compare(a, new Verdict("a", Bottleneck.NONE, null, 0.5, List.of(), List.of(), List.of()),
        b, new Verdict("b", Bottleneck.NONE, null, 0.5, List.of(), List.of(), List.of()));
    Comparison.PhaseComparison whole = c.phases().get(0);
    assertEquals(null, whole.change());
    assertFalse(whole.significant());
    assertEquals("(whole run) no workload readings to compare: nothing at its ceiling on either side: "
        + "NONE (no workload readings), then NONE (no workload readings)", whole.explanation().get(0));
    assertEquals("b vs a: other phase without workload readings to compare (nothing at its ceiling)", c.summary());
  }

  @Test
  void percentagesAndPValuesAsPrinted() {
    assertEquals("+15%", RunComparer.percentChange(1.15));
    assertEquals("-32%", RunComparer.percentChange(28.1 / 41.6));
    assertEquals("+2.3%", RunComparer.percentChange(1.023));
    assertEquals("p=0.0500", RunComparer.pValue(0.05));
    assertEquals("p=3.1e-05", RunComparer.pValue(3.1e-5));
  }
}
