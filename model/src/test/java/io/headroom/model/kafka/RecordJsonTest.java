package io.headroom.model.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Entity;
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

  @Test
  void bytesThatAreNotUtf8AreRefusedNotStoredWithAReplacementCharacter() {
    byte[] json = RecordJson.encode("lab", Entity.of("h1/nvme0", "disk"));
    int at = new String(json, StandardCharsets.UTF_8).indexOf("nvme0");
    json[at] = (byte) 0xC3; // a lead byte followed by 'v', no continuation byte
    byte[] bad = json;
    assertEquals("not UTF-8: byte 0xC3 at byte " + (at + 1) + " of " + json.length,
        assertThrows(IllegalArgumentException.class, () -> RecordJson.decode(bad)).getMessage());
  }

  @Test
  void aRecordMustNameItsTestbedByTheTestbedRule() {
    assertEquals("testbed \"x|relb\": must not contain '|' (it separates key parts on Kafka)",
        assertThrows(IllegalArgumentException.class,
            () -> RecordJson.decode(RecordJson.encode("x|relb", Entity.of("zz", "disk")))).getMessage());
    byte[] none = "{\"type\":\"relation\",\"from\":\"a\",\"rel\":\"on\",\"to\":\"b\"}".getBytes(StandardCharsets.UTF_8);
    assertEquals("missing field \"testbed\"",
        assertThrows(IllegalArgumentException.class, () -> RecordJson.decode(none)).getMessage());
    byte[] number = "{\"type\":\"relation\",\"testbed\":7,\"from\":\"a\",\"rel\":\"on\",\"to\":\"b\"}"
        .getBytes(StandardCharsets.UTF_8);
    assertEquals("field \"testbed\" must be a string, got 7",
        assertThrows(IllegalArgumentException.class, () -> RecordJson.decode(number)).getMessage());
  }

  @Test
  void nestingDeeperThanTheParserAllowsIsRefusedNotAStackOverflow() {
    String deep = "{\"type\":\"entity\",\"testbed\":\"lab\",\"id\":\"a\",\"kind\":\"disk\",\"attrs\":{\"x\":"
        + "[".repeat(100_000) + "]".repeat(100_000) + "}}";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RecordJson.decode(deep.getBytes(StandardCharsets.UTF_8)));
    assertTrue(e.getMessage().startsWith("not JSON: Document nesting depth (1001) exceeds the maximum allowed (1000"),
        e.getMessage());
  }
}
