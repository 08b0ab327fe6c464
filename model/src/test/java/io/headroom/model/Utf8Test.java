package io.headroom.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Bytes that must be UTF-8: refused with where they stop being, never given U+FFFD. */
class Utf8Test {
  @Test
  void utf8IsDecodedAsItIsIncludingARealReplacementCharacter() {
    String text = "h1/disk é 磁盘 \uD83D\uDCBE \uFFFD";
    assertEquals(text, Utf8.decode(text.getBytes(StandardCharsets.UTF_8)));
    byte[] framed = "xxabcyy".getBytes(StandardCharsets.UTF_8);
    assertEquals("abc", Utf8.decode(framed, 2, 3));
  }

  @Test
  void eachKindOfMalformedSequenceIsRefusedAtItsFirstByte() {
    assertRefused("not UTF-8: byte 0xFF at byte 2 of 3", 'a', 0xFF, 'b'); // never a UTF-8 byte
    assertRefused("not UTF-8: byte 0xC3 at byte 2 of 3", 'a', 0xC3, 'b'); // a lead byte without its continuation
    assertRefused("not UTF-8: byte 0xE6 at byte 1 of 2", 0xE6, 0xB6); // cut short at the end
    assertRefused("not UTF-8: byte 0xC0 at byte 1 of 2", 0xC0, 0x80); // an overlong NUL
    assertRefused("not UTF-8: byte 0xED at byte 1 of 3", 0xED, 0xA0, 0x80); // a UTF-16 surrogate, U+D800
    assertRefused("not UTF-8: byte 0x80 at byte 1 of 1", 0x80); // a continuation byte alone
  }

  @Test
  void aRefusalCountsFromTheOffsetGiven() {
    byte[] b = {'x', 'x', 'a', (byte) 0xFF};
    assertEquals("not UTF-8: byte 0xFF at byte 2 of 2",
        assertThrows(IllegalArgumentException.class, () -> Utf8.decode(b, 2, 2)).getMessage());
    assertEquals(1, Utf8.firstMalformed(b, 2, 2));
    assertEquals(-1, Utf8.firstMalformed(b, 0, 3));
  }

  private static void assertRefused(String message, int... bytes) {
    byte[] b = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      b[i] = (byte) bytes[i];
    }
    assertEquals(message, assertThrows(IllegalArgumentException.class, () -> Utf8.decode(b)).getMessage());
  }
}
