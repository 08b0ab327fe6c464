package io.headroom.analyzer.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.NextLimit;
import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A reading with no workload is the fixed part of a load (Idle, Demand). A disk declared at 1,000
 * IOPS is full from the first queue depth, so both phases run at 1,000 IOPS: one throughput, from
 * which the host CPU's 40% cannot be split into the workload's share and a fixed one. Read for 10 s
 * before the benchmark (`headroom run --baseline`), the CPU sat at 30% with no workload: 30% is
 * fixed, the workload adds 10 points per 1,000 IOPS.
 *
 * <p>A CPU's practical ceiling is its whole capacity (util 1.0), so: fixed 30%, growing 10% at 1,000
 * IOPS, full at (1 - 0.30) / (0.10 / 1000) = 7,000 IOPS: a gain of 7x over the disk's 1,000. Without
 * the reading before the run all 40% is taken to grow: full at 1000 / 0.40 = 2,500 IOPS, 2.5x, and
 * said to be a floor.
 */
class BaselineDemandTest {
  private static RunData run(double idleSeconds) {
    RunData d = new RunData();
    d.accept(new Run("r1", "lab", 0, idleSeconds + 120, Map.of()));
    d.accept(new Entity("w1", "workload", "w1", Map.of("numjobs", 1, "iodepth", 16), Map.of()));
    d.accept(new Entity("sda", "disk", "sda", Map.of(), Map.of("iops", 1000.0)));
    d.accept(new Entity("h1/cpu", "host_cpu", "h1/cpu", Map.of("cpu_count", 8), Map.of("util", 1.0)));
    d.accept(new Relation("w1", "targets", "sda"));
    d.accept(new Relation("w1", "runs_on", "h1/cpu"));
    d.accept(new Phase("r1", "1T/4Q", idleSeconds, idleSeconds + 60));
    d.accept(new Phase("r1", "1T/16Q", idleSeconds + 60, idleSeconds + 120));
    for (int t = 1; t <= idleSeconds; t++) {
      d.addSample(t, "h1/cpu", "util", 0.30);
      d.addSample(t, "sda", "read_iops", 0);
    }
    for (int t = (int) idleSeconds + 1; t <= idleSeconds + 120; t++) {
      d.addSample(t, "w1", "read_iops", 1000);
      d.addSample(t, "sda", "read_iops", 1000);
      d.addSample(t, "h1/cpu", "util", 0.40);
    }
    return d;
  }

  private static NextLimit next(double idleSeconds) {
    var phase = new RunAnalyzer().analyze(run(idleSeconds), "r1").phases().get(1);
    assertEquals(Bottleneck.DISK, phase.bottleneck(), phase.evidence().toString());
    return phase.nextLimit();
  }

  @Test
  void theLoadReadBeforeTheRunIsTheFixedPart() {
    NextLimit n = next(10);
    assertEquals("h1/cpu", n.entity());
    assertEquals(7.0, n.gain(), 0.01);
    assertTrue(n.evidence().contains("h1/cpu's load over 1 phase of this mix and before the run: 30% of its practical"
        + " ceiling with no workload, growing 10% at 1,000 IOPS: full at 7,000 IOPS"), n.evidence().toString());
    assertTrue(n.evidence().stream().noneMatch(l -> l.startsWith("a floor")), n.evidence().toString());
  }

  @Test
  void withoutItOneThroughputLeavesTheWholeLoadAsTheWorkloadsAndTheGainAFloor() {
    NextLimit n = next(0);
    assertEquals(2.5, n.gain(), 0.01);
    assertTrue(n.evidence().stream().anyMatch(l -> l.startsWith("a floor: every phase of this mix ran at about 1,000 IOPS")),
        n.evidence().toString());
  }

  @Test
  void fewerSecondsThanIdleNeedsAreNoReadingOfTheBackground() {
    // 2 s before the run (a collector's first scrapes) is below Idle.MIN_SECONDS (3): not read as
    // the background; 3 s is
    assertEquals(2.5, next(2).gain(), 0.01);
    assertEquals(7.0, next(3).gain(), 0.01);
  }

  @Test
  void aWorkloadMovingIOBeforeItsFirstPhaseIsNoIdleReading() {
    RunData d = run(10);
    for (int t = 1; t <= 10; t++) {
      d.addSample(t, "w1", "read_iops", 50); // a prefill, a warm-up
    }
    NextLimit n = new RunAnalyzer().analyze(d, "r1").phases().get(1).nextLimit();
    assertEquals(2.5, n.gain(), 0.01);
  }
}
