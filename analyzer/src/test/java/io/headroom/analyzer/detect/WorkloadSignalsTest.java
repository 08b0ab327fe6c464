package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadSignalsTest {
  @Test
  void flatThroughputWithLatencyClimbingIsSaid() {
    Bed bed = new Bed();
    bed.entity("w1", "workload").constant("w1", "read_iops", 50_000)
        .constant("w1", "read_bytes_per_s", 2.048e8)
        .ramp("w1", "read_latency_s", 0.001, 0.004);
    // latency first third mean 1.483 ms, last third 3.517 ms: x2.37; 2.048e8 B/s = 204.8 MB/s
    assertEquals(List.of("workload 204.8 MB/s mean (50,000 IOPS), flat (cv 0%); latency x2.4 from"
        + " the first third to the last"), WorkloadSignals.notes(bed.ctx()));
  }

  @Test
  void varyingThroughputIsSaidWithoutALatencyVerdict() {
    Bed bed = new Bed();
    bed.entity("w1", "workload").ramp("w1", "read_iops", 10_000, 90_000)
        .ramp("w1", "read_latency_s", 0.001, 0.004);
    List<String> notes = WorkloadSignals.notes(bed.ctx());
    // cv over readings 6..59 (the first 10% dropped): 18,136..90,000, mean 54,068, sd 21,133
    assertEquals("workload 50,000 IOPS mean, varying (cv 39%)", notes.get(0));
  }
}
