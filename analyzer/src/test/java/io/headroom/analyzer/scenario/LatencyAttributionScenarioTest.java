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
    // 1.90 ms per read, 1.70 in the volume (89%), 1.90 - 1.70 = 0.20 ms (11%) outside it
    FromInputs.assertNear(1.90, 0.01, number(line, "of ([\\d.]+) ms"), "workload latency");
    FromInputs.assertNear(1.70, 0.01, number(line, "served ([\\d.]+) ms"), "array latency");
    assertEquals("latency, reads: of 1.90 ms per read, the array served 1.70 ms (89%), 0.20 ms (11%) outside the"
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
  void aFullPortWhoseReadsWaitInTheArrayIsQuestioned() {
    PhaseVerdict p = l1.phase(ArrayLatency.PORT_FULL);
    // the 25 GbE port at 97% of line rate: NETWORK; 4.00 ms a read, 3.40 of it in the array (85%),
    // 0.60 ms (15%) outside: the split says the reads wait in the array, not at the port
    assertEquals(Bottleneck.NETWORK, p.bottleneck());
    assertEquals(ArrayLatency.PORT, p.entity());
    assertEquals("latency, reads: of 4.00 ms per read, the array served 3.40 ms (85%), 0.60 ms (15%) outside the"
        + " array: the time is in the array; it questions the verdict (NETWORK): only 0.60 ms (15%) of each read"
        + " is outside the array (the host and the network)", l1.line(p.name(), "latency, reads"));
  }
}
