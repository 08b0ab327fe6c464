package io.headroom.analyzer.scenario;

import static io.headroom.analyzer.scenario.FromInputs.number;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import io.headroom.model.PhaseVerdict;
import org.junit.jupiter.api.Test;

/**
 * Issue 27, latency attribution (docs/detection.md): the workload's read latency split into what
 * the array served and what lies outside it, from array-latency.jsonl (ArrayLatency has the
 * arithmetic). Latencies carry 1% noise, so a phase's mean is within 3 x 1% / sqrt(54) = 0.4% of
 * its level: 1.90 ms within 0.01 ms.
 */
class LatencyAttributionScenarioTest {
  private final StudyRecordings l1 = new StudyRecordings("array-latency.jsonl");

  @Test
  void theArraysTimeConfirmsTheArrayCpu() {
    PhaseVerdict p = l1.phase(ArrayLatency.ARRAY);
    assertEquals(Bottleneck.ARRAY_CPU, p.bottleneck());
    String line = l1.line(p.name(), "latency, reads");
    // 1.90 ms per read, 1.70 in the volume (1.70 / 1.90 = 89.5%, which the noise rounds to 90%),
    // 1.90 - 1.70 = 0.20 ms outside it: each mean within 0.01 ms, so their difference within 0.02
    FromInputs.assertNear(1.90, 0.01, number(line, "of ([\\d.]+) ms"), "workload latency");
    FromInputs.assertNear(1.70, 0.01, number(line, "served ([\\d.]+) ms"), "array latency");
    FromInputs.assertNear(0.20, 0.02, number(line, "\\), ([\\d.]+) ms"), "outside the array");
    assertEquals("latency, reads: of 1.90 ms per read, the array served 1.70 ms (90%), 0.19 ms (10%) outside the"
        + " array: the time is in the array; it confirms the verdict (ARRAY_CPU)", line);
  }

  @Test
  void theHostsTimeConfirmsTheHostCpu() {
    PhaseVerdict p = l1.phase(ArrayLatency.HOST_CPU);
    assertEquals(Bottleneck.HOST_CPU, p.bottleneck());
    // 0.90 ms per read, 0.25 in the array (28%), 0.65 (72%) outside it
    assertEquals("latency, reads: of 0.90 ms per read, the array served 0.25 ms (28%), 0.65 ms (72%) outside the"
        + " array: the time is outside the array (the host and the network); it confirms the verdict (HOST_CPU)",
        l1.line(p.name(), "latency, reads"));
  }

  @Test
  void aFullPortsWaitInsideTheArraysFigureAgreesWithTheVerdict() {
    PhaseVerdict p = l1.phase(ArrayLatency.PORT_FULL);
    // the 25 GbE port at 97% of line rate: NETWORK; 4.00 ms a read, 3.40 of it in the array (85%),
    // 0.60 ms (15%) outside: an array times a read until its data has left through the port, so
    // the wait for the full port is inside the array's figure and does not question the verdict
    assertEquals(Bottleneck.NETWORK, p.bottleneck());
    assertEquals(ArrayLatency.PORT, p.entity());
    String line = l1.line(p.name(), "latency, reads");
    // 0.4% of 4.00 and 3.40 ms: each mean within 0.02 ms, their difference within 0.03
    FromInputs.assertNear(4.00, 0.02, number(line, "of ([\\d.]+) ms"), "workload latency");
    FromInputs.assertNear(3.40, 0.02, number(line, "served ([\\d.]+) ms"), "array latency");
    FromInputs.assertNear(0.60, 0.03, number(line, "\\), ([\\d.]+) ms"), "outside the array");
    assertEquals("latency, reads: of 4.01 ms per read, the array served 3.39 ms (85%), 0.62 ms (15%) outside the"
        + " array: the time is in the array; it agrees with the verdict (NETWORK): an array times each I/O until its"
        + " data has crossed the link, so the wait for a full link in front of it counts as the array's", line);
  }
}
