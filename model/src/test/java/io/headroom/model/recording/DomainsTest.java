package io.headroom.model.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Sample;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The domains of docs/recording-format.md at their boundaries. */
class DomainsTest {
  private static String refused(Object record) {
    return assertThrows(IllegalArgumentException.class,
        () -> Domains.check((io.headroom.model.RecordingRecord) record)).getMessage();
  }

  @Test
  void aShareMayReachTwiceItsCeilingAndNoFurther() {
    Domains.check(new Sample(1, "h1/cgroup/db", "util", 2.0));
    Domains.check(new Sample(1, "h1/cpu", "util", 0.0));
    assertEquals("util of h1/cgroup/db is 2.0000001: a share must lie in 0..2",
        refused(new Sample(1, "h1/cgroup/db", "util", 2.0000001)));
    assertEquals("psi_cpu_some of h1/cpu is -1.0E-9: a share must lie in 0..2",
        refused(new Sample(1, "h1/cpu", "psi_cpu_some", -1e-9)));
  }

  @Test
  void ratesMayBeZeroButNotNegativeAndUnknownMetricsMaySign() {
    Domains.check(new Sample(1, "h1/net/eth0", "tx_bytes_per_s", 0.0));
    assertEquals("read_latency_s of h1/disk/sda is -1.0E-6: it cannot be negative",
        refused(new Sample(1, "h1/disk/sda", "read_latency_s", -1e-6)));
    // an optical receive power in dBm is below zero by nature
    Domains.check(new Sample(1, "sw1/port/1", "rx_power_dbm", -3.2));
    // the collector's own running totals are counts, by name rather than by suffix
    for (String count : List.of("spool_dropped_records", "spool_corrupt_frames", "spool_refused_by_kafka")) {
      Domains.check(new Sample(1, "h1/collector/spool", count, 0.0));
      assertEquals(count + " of h1/collector/spool is -1.0: it cannot be negative",
          refused(new Sample(1, "h1/collector/spool", count, -1)));
    }
  }

  @Test
  void aReadingMustBeFiniteWhateverItsMetric() {
    // a binary sample batch on Kafka can carry what JSON cannot: NaN and the infinities
    assertEquals("rx_power_dbm of sw1/port/1 is NaN: a reading must be a finite number",
        Domains.sampleProblem("sw1/port/1", "rx_power_dbm", Double.NaN));
    assertEquals("util of h1/cpu is Infinity: a reading must be a finite number",
        refused(new Sample(1, "h1/cpu", "util", Double.POSITIVE_INFINITY)));
    assertEquals("tx_bytes_per_s of h1/net/eth0 is -Infinity: a reading must be a finite number",
        Domains.sampleProblem("h1/net/eth0", "tx_bytes_per_s", Double.NEGATIVE_INFINITY));
    // the largest finite double is a reading as far as the domain of a signed metric goes
    assertNull(Domains.sampleProblem("sw1/port/1", "rx_power_dbm", Double.MAX_VALUE));
  }

  @Test
  void aCeilingMustBeANormalDouble() {
    // Double.MIN_NORMAL = 2.2250738585072014E-308 is the smallest accepted; the next double down is subnormal
    Domains.check(new Entity("p", "net_port", null, Map.of(), Map.of("bytes_per_s", Double.MIN_NORMAL)));
    double below = Math.nextDown(Double.MIN_NORMAL);
    assertEquals("capacity \"bytes_per_s\" of entity \"p\" is " + below
        + ": a ceiling must be a positive, finite, normal number",
        refused(new Entity("p", "net_port", null, Map.of(), Map.of("bytes_per_s", below))));
  }

  @Test
  void aPhaseMayBeEmptyButNotEndBeforeItStarts() {
    Domains.check(new Phase("r1", "p1", 100, 100.0));
    assertEquals("phase \"p1\" ends (99.999) before it starts (100.0)", refused(new Phase("r1", "p1", 100, 99.999)));
  }
}
