package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A reading beyond its ceiling by more than counter jitter (issue 29) is the ceiling or the counter
 * being wrong: it is marked, never the verdict, and the next real limit is. Boundaries at the
 * defaults: a byte rate plausible up to implausibleRate 1.2 x its line rate, a utilisation up to
 * implausibleUtil 1.2. Every reading is constant, so each p95 is that reading exactly.
 */
class ImplausibleReadingTest {
  private static final String PORT = "sw1/port/1-1";
  private static final String NODE_A = "array/ps1/node-a";
  private static final String NODE_B = "array/ps1/node-b";
  private final Detector detector = new Detector(Thresholds.defaults());

  /**
   * Study S5's shape: a workload of 8 x 32 at 150,000 IOPS and 1.7 ms (255 of 256 in flight:
   * queues kept full, so a full resource holds it), one host at 0.58, two array nodes, one
   * Ethernet port with the given ceiling and tx reading.
   */
  private static Bed array(double portCeiling, double portTx, double nodeA, double nodeB) {
    return new Bed()
        .workload("w1", 8, 32, 150_000, 0.0017)
        .entity("h1/cpu", "host_cpu")
        .entity(NODE_A, "array_cpu")
        .entity(NODE_B, "array_cpu")
        .entity("array/ps1/vol1", "disk")
        .entity(PORT, "net_port", Map.of("fabric", "ethernet"), Bed.bytes(portCeiling))
        .rel("w1", "runs_on", "h1/cpu")
        .rel("w1", "targets", "array/ps1/vol1")
        .rel("w1", "via", PORT)
        .rel("array/ps1/vol1", "served_by", NODE_A)
        .rel("array/ps1/vol1", "served_by", NODE_B)
        .constant(NODE_A, "util", nodeA)
        .constant(NODE_B, "util", nodeB)
        .constant("h1/cpu", "util", 0.58)
        .constant(PORT, "tx_bytes_per_s", portTx);
  }

  private static HeadroomEntry row(Context ctx, String entity) {
    return Loads.rows(ctx).stream().filter(r -> r.entity().equals(entity)).findFirst().orElseThrow();
  }

  @Test
  void aPortAtTheToleranceIsAValidLimit() {
    // 1.2e9 / 1e9 = 1.2, the tolerance itself: plausible. Pressure 1.2 / 0.95 = 1.263 beats the
    // array's 0.95, so the port is the limit and the array its co-limit.
    Context ctx = array(1e9, 1.2e9, 0.95, 0.94).ctx();
    PhaseDecision d = detector.decide(ctx);
    assertEquals(Bottleneck.NETWORK, d.bottleneck());
    assertEquals(PORT, d.entity());
    assertEquals(Bottleneck.ARRAY_CPU, d.coLimits().get(0).bottleneck());
    assertFalse(row(ctx, PORT).implausible());
    assertTrue(d.evidence().stream().noneMatch(l -> l.startsWith(Load.IMPLAUSIBLE)), d.evidence().toString());
  }

  @Test
  void aPortJustOverTheToleranceIsRefusedAndTheArrayIsTheLimit() {
    // 1,200,000,001 / 1e9 = 1.200000001 > 1.2: no 1 GB/s port carries that; printed as 120% at whole
    // percents. The array nodes at 0.95 and 0.94 (full from 0.90) are the next real limit, and
    // the tightest-port clause of its evidence is gone with the only port.
    Context ctx = array(1e9, 1.2e9 + 1, 0.95, 0.94).ctx();
    PhaseDecision d = detector.decide(ctx);
    assertEquals(Bottleneck.ARRAY_CPU, d.bottleneck());
    assertEquals(NODE_A, d.entity());
    assertEquals(List.of(), d.coLimits());
    assertEquals(NODE_A + " util p95 0.95, " + NODE_B + " util p95 0.94 (full from 0.90); hosts util p95 0.58",
        d.evidence().get(0));
    assertTrue(d.evidence().contains("implausible reading: ceiling or counter wrong, not a candidate: " + PORT
        + " tx p95 1.2 GB/s = 120% of 1 GB/s (plausible up to 120% of its ceiling)"), d.evidence().toString());
    HeadroomEntry r = row(ctx, PORT);
    assertTrue(r.implausible());
    assertEquals(1.2632, r.utilization()); // 1.200000001 / 0.95, rounded to 4 places
  }

  @Test
  void aCeilingTypedAsOneBytePerSecondIsNamedInUnitsThatFit() {
    // 5.125e9 B/s over a 1 B/s ceiling: 512,500,000,000%; the ceiling prints as "1 B/s", not "0 kB/s"
    PhaseDecision d = detector.decide(array(1.0, 5.125e9, 0.95, 0.94).ctx());
    assertEquals(Bottleneck.ARRAY_CPU, d.bottleneck());
    assertTrue(d.evidence().contains("implausible reading: ceiling or counter wrong, not a candidate: " + PORT
        + " tx p95 5.13 GB/s = 512500000000% of 1 B/s (plausible up to 120% of its ceiling)"), d.evidence().toString());
  }

  @Test
  void anArrayNodeAtTheUtilToleranceIsAValidLimit() {
    // util 1.2 = implausibleUtil: plausible, and the busiest node; the port carries 41% of 12.5 GB/s
    Context ctx = array(1.25e10, 5.125e9, 1.2, 0.92).ctx();
    PhaseDecision d = detector.decide(ctx);
    assertEquals(Bottleneck.ARRAY_CPU, d.bottleneck());
    assertEquals(NODE_A, d.entity());
    assertFalse(row(ctx, NODE_A).implausible());
  }

  @Test
  void anArrayNodeJustOverTheUtilToleranceIsRefusedAndItsPeerIsTheLimit() {
    // the next double above 1.2 (a percentage read as a fraction reads 93, far beyond): node-a is
    // refused, node-b at 0.92 (full from 0.90) is the array's limit alone, its group of one
    double util = Math.nextUp(1.2);
    Context ctx = array(1.25e10, 5.125e9, util, 0.92).ctx();
    PhaseDecision d = detector.decide(ctx);
    assertEquals(Bottleneck.ARRAY_CPU, d.bottleneck());
    assertEquals(NODE_B, d.entity());
    assertEquals(null, d.group());
    assertTrue(d.evidence().contains("implausible reading: ceiling or counter wrong, not a candidate: " + NODE_A
        + " util p95 1.20 (plausible up to 120% of its ceiling)"), d.evidence().toString());
    assertTrue(row(ctx, NODE_A).implausible());
  }

  @Test
  void implausibleEverywhereLeavesNothingToJudgeAndNoneNamesNoTightestImplausible() {
    // the port refused and both nodes at a percentage read as a fraction (93, 92): nothing
    // plausible is full; the host at 0.58 is the tightest NONE can name
    PhaseDecision d = detector.decide(array(1e9, 5e9, 93, 92).ctx());
    assertEquals(Bottleneck.NONE, d.bottleneck());
    assertEquals("nothing on the data path at its ceiling: tightest h1/cpu util p95 0.58 (58% of practical,"
        + " at its ceiling from 90%)", d.evidence().get(0));
    assertEquals(3, d.evidence().stream().filter(l -> l.startsWith(Load.IMPLAUSIBLE)).count());
  }
}
