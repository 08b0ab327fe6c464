package io.headroom.collector.spool;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** One Kafka message waiting in the spool: topic, key (may be null) and value. */
public record SpoolRecord(String topic, byte[] key, byte[] value) {

  byte[] encode() {
    byte[] t = topic.getBytes(StandardCharsets.UTF_8);
    int size = 2 + t.length + 4 + (key == null ? 0 : key.length) + 4 + value.length;
    ByteBuffer b = ByteBuffer.allocate(size);
    b.putShort((short) t.length).put(t);
    if (key == null) {
      b.putInt(-1);
    } else {
      b.putInt(key.length).put(key);
    }
    b.putInt(value.length).put(value);
    return b.array();
  }

  /**
   * The record in an intact frame's payload, or null when it is not one: reachable only if
   * damage passed the frame's CRC, and then the frame is skipped like any other damage.
   */
  static SpoolRecord decodeOrNull(byte[] payload) {
    try {
      return decode(payload);
    } catch (BufferUnderflowException | NegativeArraySizeException e) {
      return null;
    }
  }

  static SpoolRecord decode(byte[] payload) {
    ByteBuffer b = ByteBuffer.wrap(payload);
    byte[] t = new byte[Short.toUnsignedInt(b.getShort())];
    b.get(t);
    int keyLen = b.getInt();
    byte[] key = null;
    if (keyLen >= 0) {
      key = new byte[keyLen];
      b.get(key);
    }
    byte[] value = new byte[b.getInt()];
    b.get(value);
    return new SpoolRecord(new String(t, StandardCharsets.UTF_8), key, value);
  }
}
