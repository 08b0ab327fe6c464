package io.headroom.model.kafka;

import io.headroom.model.RecordingRecord;
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

  public static Tagged decode(byte[] value) {
    String json = new String(value, StandardCharsets.UTF_8);
    var node = RecordingCodec.parseNode(json);
    var testbedNode = node.get("testbed");
    String testbed = testbedNode == null ? "" : testbedNode.asText();
    // checked as a recording line is: a phase ending before it starts is set aside, not stored
    return new Tagged(testbed, RecordingCodec.checked(node));
  }

  /** A record and the testbed it came from; {@code record} is null for unknown types. */
  public record Tagged(String testbed, RecordingRecord record) {}
}
