package io.headroom.model.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.model.Phase;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Topology and run records on Kafka meet the same domains as recording lines. */
class RecordJsonTest {
  @Test
  void aRecordRoundTripsWithItsTestbed() {
    Phase p = new Phase("r1", "p1", 100, 160.0);
    RecordJson.Tagged t = RecordJson.decode(RecordJson.encode("lab", p));
    assertEquals("lab", t.testbed());
    assertEquals(p, t.record());
  }

  @Test
  void aPhaseEndingBeforeItStartsIsRefused() {
    byte[] json = "{\"type\":\"phase\",\"testbed\":\"lab\",\"run\":\"r1\",\"name\":\"p1\",\"start\":100,\"end\":40}"
        .getBytes(StandardCharsets.UTF_8);
    assertEquals("phase \"p1\" ends (40.0) before it starts (100.0)",
        assertThrows(IllegalArgumentException.class, () -> RecordJson.decode(json)).getMessage());
  }
}
