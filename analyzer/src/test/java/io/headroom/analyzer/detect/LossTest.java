package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Loss is saturation (Loss): incast on a switch port that reads 55% of its line rate, discarding
 * frames every second, with the workload's p99 a retransmission timeout, is the limit; the same
 * losses with a short tail, or losses below LOSS_PER_S, are not.
 */
class LossTest {
  private static final double MEAN = 1.0 / 256;

  /**
   * 64 jobs x depth 1 reading 2,000 IOPS at 1/256 s = 3.90625 ms mean (exact in binary, so the
   * boundary below is exact; 2,000 x 3.90625 ms = 7.8 in flight of 64: the rest wait on
   * timeouts), p99 as given; sw/p3 at 6.875 GB/s of 12.5 = 55%.
   */
  private static Bed incast(double discardsPerS, double p99) {
    return new Bed()
        .workload("w1", 64, 1, 2_000, MEAN)
        .constant("w1", "latency_p99_s", p99)
        .entity("sw/p3", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .rel("w1", "via", "sw/p3")
        .constant("sw/p3", "tx_bytes_per_s", 6.875e9)
        .constant("sw/p3", "discards_per_s", discardsPerS);
  }

  @Test
  void discardsWithATimeoutTailAreTheLimit() {
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(incast(3_400, 0.212).ctx());
    assertEquals(Bottleneck.NETWORK, d.bottleneck(), d.evidence().toString());
    assertEquals("sw/p3", d.entity());
    // 0.212 / 0.00390625 = 54.272x the mean; 212 ms is past the 200 ms minimum RTO
    assertTrue(d.evidence().contains("sw/p3 discards+errors p95 3400/s (losing from 10/s); the workload's p99"
        + " 212 ms = 54.3x its mean 3.9 ms: a tail of retransmission timeouts (TCP's minimum is 200 ms): a port that"
        + " loses frames is full whatever its average (microbursts, incast)"), d.evidence().toString());
  }

  @Test
  void aTailOfTenTimesTheMeanIsEnoughBelowTheRtoAndJustUnderItIsNot() {
    // 10 x 3.90625 ms = 39.0625 ms: a timeout-shaped tail at exactly TAIL_OVER_MEAN
    assertEquals(Bottleneck.NETWORK, new Detector(Thresholds.defaults()).decide(incast(3_400, 10 * MEAN).ctx()).bottleneck());
    PhaseDecision shortTail = new Detector(Thresholds.defaults()).decide(incast(3_400, 0.039).ctx());
    assertEquals(Bottleneck.NONE, shortTail.bottleneck());
    // still reported as errors on the path
    assertTrue(shortTail.evidence().contains("errors on the data path: sw/p3 errors+discards p95 3400/s"),
        shortTail.evidence().toString());
  }

  @Test
  void lossesBelowTenASecondAreNoLimit() {
    assertEquals(Bottleneck.NETWORK, new Detector(Thresholds.defaults()).decide(incast(10, 0.212).ctx()).bottleneck());
    assertEquals(Bottleneck.NONE, new Detector(Thresholds.defaults()).decide(incast(9.9, 0.212).ctx()).bottleneck());
  }

  @Test
  void withoutAP99TheLossesAloneSayIt() {
    Bed bed = new Bed()
        .workload("w1", 64, 1, 2_000, MEAN)
        .entity("sw/p3", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1.25e10))
        .rel("w1", "via", "sw/p3")
        .constant("sw/p3", "tx_bytes_per_s", 6.875e9)
        .constant("sw/p3", "discards_per_s", 50);
    Finding f = new NetworkRule().evaluate(bed.ctx()).orElseThrow();
    assertEquals(List.of("sw/p3 discards+errors p95 50/s (losing from 10/s); the workload's p99 is not recorded, so"
        + " the losses alone say it: a port that loses frames is full whatever its average (microbursts, incast)"),
        f.evidence());
  }
}
