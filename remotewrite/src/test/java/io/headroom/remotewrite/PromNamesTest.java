package io.headroom.remotewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.MetricDef;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PromNamesTest {
  @ParameterizedTest(name = "{0} in {1} is {2}")
  @CsvSource({
      "util, fraction, headroom_util_ratio",
      "remote_access_ratio, fraction, headroom_remote_access_ratio",
      "tx_credit_zero_fraction, fraction, headroom_tx_credit_zero_ratio",
      "read_latency_s, s, headroom_read_latency_seconds",
      "latency_p95_s, s, headroom_latency_p95_seconds",
      "read_bytes_per_s, bytes/s, headroom_read_bytes_per_second",
      "throttled_s_per_s, s/s, headroom_throttled_seconds_per_second",
      "events_per_s, ops/s, headroom_events_per_second",
      "read_iops, ops/s, headroom_read_iops",
      "spool_bytes, bytes, headroom_spool_bytes",
      "scrape_success, boolean, headroom_scrape_success",
      "queue_depth, count, headroom_queue_depth",
      "cpu_cores_used, cores, headroom_cpu_cores_used",
  })
  void theUnitBecomesAPrometheusSuffix(String name, String unit, String expected) {
    assertEquals(expected, PromNames.of(name, unit));
  }

  @Test
  void aDeclaredNameTakesItsUnitAndAnUndeclaredOneItsTokens() {
    PromNames names = new PromNames(List.of(new MetricDef("util", "fraction", "gauge", Set.of("host_cpu"), "busy share")));
    assertEquals("headroom_util_ratio", names.of("util"));
    assertEquals("headroom_made_up_per_second", names.of("made_up_per_s"));
    assertEquals("busy share", names.declaration("util").description());
  }
}
