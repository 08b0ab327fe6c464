package io.headroom.model.kafka;

import io.headroom.model.RecordingRecord;
import io.headroom.model.TestbedName;
import io.headroom.model.Utf8;
import io.headroom.model.recording.RecordingCodec;
import java.nio.charset.StandardCharsets;

/**
 * Topology and run records travel as their recording-format JSON, wrapped with the testbed they
 * belong to ({@code "testbed"} field added), so the topics read like a recording.
 */
public final class RecordJson {
  private RecordJson() {}

  public static byte[] encode(String testbed, RecordingRecord record) {
    var node = RecordingCodec.toNode(record);
    node.put("testbed", testbed);
    return node.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * One record from another producer, perhaps: its bytes must be UTF-8 (not stored with U+FFFD in
   * place of what they said), it must name its testbed by {@link TestbedName}'s rule, and it is
   * checked as a recording line is (a phase ending before it starts is set aside, not stored).
   *
   * @throws IllegalArgumentException saying what is wrong
   */
  public static Tagged decode(byte[] value) {
    var node = RecordingCodec.parseNode(Utf8.decode(value));
    var testbedNode = node.get("testbed");
    if (testbedNode == null) {
      throw new IllegalArgumentException("missing field \"testbed\"");
    }
    if (!testbedNode.isTextual()) {
      throw new IllegalArgumentException("field \"testbed\" must be a string, got " + testbedNode);
    }
    String testbed = TestbedName.checked(testbedNode.asText());
    return new Tagged(testbed, RecordingCodec.checked(node));
  }

  /** A record and the testbed it came from; {@code record} is null for unknown types. */
  public record Tagged(String testbed, RecordingRecord record) {}
}
