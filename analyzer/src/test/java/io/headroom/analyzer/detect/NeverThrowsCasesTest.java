package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.data.Window;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cases AnalyzeNeverThrowsTest found (issue 43), each reduced to the few records that show it:
 * what a valid recording made the analysis throw, or print where a figure should be.
 */
class NeverThrowsCasesTest {
  @Test
  void aLinkTrainedBelowItsGenerationWithoutAWidthSaysNoWidth() {
    // gen 3 below max_gen 4, width not recorded, max_width 8: the trained side has no width to print
    Context ctx = new Bed().entity("l", "pcie_link", Map.of("gen", 3, "max_gen", 4, "max_width", 8), Map.of()).ctx();
    assertEquals("trained Gen3, capable of Gen4 x8", Degraded.pcieTraining(ctx, "l"));
  }

  @Test
  void anIrqCpuListPastTheLastCpuIsNoList() {
    // 2147483647 + 1 overflowed BitSet.set's end (IndexOutOfBoundsException: toIndex < 0); a list
    // naming a CPU past 8191 (NR_CPUS at most 8192) gives no CPU a role, like any text that is no list
    assertEquals(new BitSet(), InterruptCpus.parse("0-2147483647"));
    assertEquals(new BitSet(), InterruptCpus.parse("0-2000000000"));
    assertEquals(new BitSet(), InterruptCpus.parse("8192"));
    BitSet last = new BitSet();
    last.set(8190, 8192); // 8190 and 8191: the last two CPUs a kernel can have are still CPUs
    assertEquals(last, InterruptCpus.parse("8190-8191"));
  }

  @Test
  void anOpenPhaseWithTooFewReadingsHasNoLengthToQuote() {
    // a phase without an end in a run without one: its window ends at +Infinity; the readings at
    // seconds 0..59 are all before its start at 100, so 0 and 0, and no length is printed
    Bed bed = new Bed().entity("w1", "workload").constant("w1", "read_iops", 1000);
    PhaseDecision d = new Detector(Thresholds.defaults())
        .decide(Context.of(bed.data, null, new Window("p1", 100, Double.POSITIVE_INFINITY), Thresholds.defaults()));
    assertEquals(List.of("not judged, too few readings: 0 of the workload and at most 0 of any entity in the phase"
        + " after its ramp (open: no end yet); a phase is judged from 5 readings"), d.evidence());
  }

  @Test
  void twoDisksBehindEachOtherEndTheDescentWhereItComesRound() {
    // md0 behind sdb and sdb behind md0 (a loop no kernel makes, which validation takes), both
    // 100% busy with 16 queued: the climb to the outermost aggregate ends at sdb, the descent goes
    // sdb -> md0 -> sdb and stops where it comes round (it recursed until the stack overflowed):
    // md0 is named, each disk the other's aggregate in the evidence
    Bed bed = new Bed().workload("w1", 1, 16, 272, 0.0588).rel("w1", "targets", "h1/disk/md0");
    for (String d : List.of("h1/disk/md0", "h1/disk/sdb")) {
      bed.entity(d, "disk", Map.of(), Map.of("util", 1.0)).constant(d, "util", 1.0).constant(d, "queue_depth", 16);
    }
    bed.rel("h1/disk/md0", "behind", "h1/disk/sdb").rel("h1/disk/sdb", "behind", "h1/disk/md0");
    Finding f = new DiskRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals("h1/disk/md0", f.entity());
    assertEquals(List.of("h1/disk/md0 util p95 1.00 (busy from 0.90), queue depth mean 16",
        "h1/disk/sdb busy p95 1.00 of the time only through h1/disk/md0; a stripe is as fast as its slowest member",
        "h1/disk/md0 busy p95 1.00 of the time only through h1/disk/sdb; a stripe is as fast as its slowest member"),
        f.evidence());
  }
}
