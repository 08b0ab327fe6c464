package io.headroom.model;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Text from bytes that must be UTF-8, refused when they are not. {@code new String(bytes, UTF_8)}
 * puts U+FFFD where a byte is not UTF-8, so an entity id or a name from another producer would be
 * stored changed and no one told; records from Kafka are decoded here instead.
 */
public final class Utf8 {
  private Utf8() {}

  /**
   * The text of {@code bytes[offset, offset + length)}.
   *
   * @throws IllegalArgumentException "not UTF-8: byte 0xFF at byte 3 of 12" (counted from
   *     {@code offset}, from 1)
   */
  public static String decode(byte[] bytes, int offset, int length) {
    // The JDK's decoder is fast and only puts U+FFFD where the input is malformed or where the
    // input says U+FFFD itself; only then is the strict decoder asked which.
    String s = new String(bytes, offset, length, StandardCharsets.UTF_8);
    if (s.indexOf('\uFFFD') >= 0) {
      int at = firstMalformed(bytes, offset, length);
      if (at >= 0) {
        throw new IllegalArgumentException(String.format("not UTF-8: byte 0x%02X at byte %d of %d",
            bytes[offset + at] & 0xff, at + 1, length));
      }
    }
    return s;
  }

  /** The whole array as text; see {@link #decode(byte[], int, int)}. */
  public static String decode(byte[] bytes) {
    return decode(bytes, 0, bytes.length);
  }

  /** Where (from {@code offset}, from 0) the first byte that is not UTF-8 is, or -1 when all are. */
  public static int firstMalformed(byte[] bytes, int offset, int length) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer src = ByteBuffer.wrap(bytes, offset, length);
    CharBuffer out = CharBuffer.allocate(length); // UTF-8 never yields more chars than bytes
    CoderResult result = decoder.decode(src, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    // REPORT leaves the buffer at the first byte of the malformed sequence
    return result.isError() ? src.position() - offset : -1;
  }
}
