package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class LittlesLawTest {
  @Test
  void queuesKeptFullPointBeyondTheHost() {
    // 100,000 IOPS x 2.56 ms = 256 in flight = 8 jobs x 32 deep
    LittlesLaw l = LittlesLaw.of(new Bed().workload("w1", 8, 32, 100_000, 0.00256).ctx());
    assertEquals(256, l.outstanding(), 1e-9);
    assertEquals(256, l.inFlight(), 1e-6);
    assertEquals("Little's law: IOPS x mean latency = 256 of 256 outstanding I/O (100%): queues"
        + " kept full, so each I/O's time went to serving it (the device, the path, or the CPU work of the I/O"
        + " stack), not to waiting for submission", l.describe(Thresholds.defaults()));
  }

  @Test
  void shortQueuesPointAtTheSubmittingHost() {
    LittlesLaw l = LittlesLaw.of(new Bed().workload("w1", 8, 32, 100_000, 0.001).ctx());
    assertEquals("Little's law: IOPS x mean latency = 100 of 256 outstanding I/O (39%): the"
        + " submitting side could not keep its queues full", l.describe(Thresholds.defaults()));
  }

  @Test
  void concurrencyComesFromThePhaseNameWhenNothingElseSaysIt() {
    Bed bed = new Bed();
    bed.entity("w1", "workload").constant("w1", "write_iops", 50_000)
        .constant("w1", "write_latency_s", 0.0025);
    Context ctx = Context.of(bed.data, null,
        new io.headroom.analyzer.data.Window("4T/32Q", 0, 60), Thresholds.defaults());
    LittlesLaw l = LittlesLaw.of(ctx);
    assertEquals(128, l.outstanding(), 1e-9);
    assertEquals(125, l.inFlight(), 1e-6);
  }

  @Test
  void fioClonesCountOneJobEachNotTheirSectionsNumjobs() {
    // numjobs=2 without group_reporting: fio reports two clones, each one job 16 deep
    Bed bed = new Bed();
    for (String clone : java.util.List.of("w.0", "w.1")) {
      bed.entity(clone, "workload", java.util.Map.of("numjobs", 2, "iodepth", 16, "jobs", 1), java.util.Map.of())
          .constant(clone, "read_iops", 10_000).constant(clone, "read_latency_s", 0.0016);
    }
    LittlesLaw l = LittlesLaw.of(bed.ctx());
    assertEquals(32, l.outstanding(), 1e-9);
    assertEquals(32, l.inFlight(), 1e-6);
  }

  @Test
  void unknownConcurrencyGivesNoLaw() {
    Bed bed = new Bed();
    bed.entity("w1", "workload").constant("w1", "read_iops", 1000).constant("w1", "read_latency_s", 0.001);
    assertNull(LittlesLaw.of(bed.ctx()));
  }
}
