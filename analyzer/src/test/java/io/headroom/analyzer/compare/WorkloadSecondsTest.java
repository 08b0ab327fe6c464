package io.headroom.analyzer.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Window;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadSecondsTest {
  /**
   * Two workloads, 10 seconds: w1 reads 100 IOPS of 4 KiB at 1 ms (p99 2 ms), w2 writes 300 IOPS
   * of 8 KiB at 3 ms (p99 5 ms), except that in second 5 w2 writes 100 IOPS at 7 ms (p99 9 ms).
   */
  private static WorkloadSeconds mixed() {
    RunData d = new RunData();
    for (int s = 0; s < 10; s++) {
      boolean slow = s == 5;
      // readings stamped within the same second are one second, whatever the fraction
      double t = s + 0.25;
      d.addSample(t, "w1", "read_iops", 100);
      d.addSample(t, "w1", "read_bytes_per_s", 100 * 4096);
      d.addSample(t, "w1", "read_latency_s", 0.001);
      d.addSample(t, "w1", "latency_p99_s", 0.002);
      d.addSample(s + 0.75, "w2", "write_iops", slow ? 100 : 300);
      d.addSample(s + 0.75, "w2", "write_bytes_per_s", (slow ? 100 : 300) * 8192);
      d.addSample(s + 0.75, "w2", "write_latency_s", slow ? 0.007 : 0.003);
      d.addSample(s + 0.75, "w2", "latency_p99_s", slow ? 0.009 : 0.005);
    }
    // a latency reading after the last throughput reading adds no second of zero throughput
    d.addSample(10.5, "w1", "latency_p99_s", 0.004);
    return WorkloadSeconds.of(d, new Window("p", 0, 11), List.of("w1", "w2"));
  }

  @Test
  void eachSecondSumsTheWorkloadsAndWeighsLatencyByIops() {
    WorkloadSeconds w = mixed();
    assertEquals(10, w.iops().length);
    assertEquals(400.0, w.iops()[0]);
    assertEquals(200.0, w.iops()[5]);
    // 100 x 4096 + 300 x 8192 = 2,867,200 bytes/s
    assertEquals(2_867_200.0, w.bytes()[0]);
    // (100 x 1 ms + 300 x 3 ms) / 400 = 2.5 ms; the slow second (100 x 1 + 100 x 7) / 200 = 4 ms
    assertEquals(0.0025, w.latency()[0], 1e-15);
    assertEquals(0.004, w.latency()[5], 1e-15);
    // the worst workload's p99 each second: 5 ms, 9 ms in the slow one; then the lone 4 ms reading
    assertArrayEquals(new double[] {0.005, 0.005, 0.005, 0.005, 0.005, 0.009, 0.005, 0.005, 0.005, 0.005, 0.004},
        w.p99(), 1e-15);
  }

  @Test
  void thePhaseFiguresWeighEveryIoOnce() {
    WorkloadSeconds w = mixed();
    // 9 seconds of 400 IOPS and one of 200: 3,800 / 10 = 380
    assertEquals(380.0, w.meanIops(), 1e-9);
    // latency x IOPS: 9 x (100 x 1 + 300 x 3) ms + (100 x 1 + 100 x 7) ms = 9,800 ms over 3,800 I/Os
    assertEquals(9.8 / 3800, w.meanLatency(), 1e-15);
    // reads: 10 x 409,600 = 4,096,000 bytes; writes 9 x 2,457,600 + 819,200 = 22,937,600;
    // 27,033,600 in all: read share 4,096,000 / 27,033,600 = 0.1515
    assertEquals(4_096_000.0 / 27_033_600, w.readShare(), 1e-12);
    // bytes per I/O: 27,033,600 / 3,800 = 7,114.1 (between the 4 KiB reads and 8 KiB writes)
    assertEquals(27_033_600.0 / 3800, w.blockSize(), 1e-9);
    // the mean of the 11 per-second p99s: (9 x 5 + 9 + 4) / 11 = 5.27 ms
    assertEquals((9 * 0.005 + 0.009 + 0.004) / 11, w.meanP99(), 1e-15);
  }
}
