package io.headroom.collector.spool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The V2 frame byte for byte (int marker "HRf2", int length, int CRC-32C of the length's 4 bytes
 * and the payload, payload; the CRC computed here with the JDK's CRC32C, not by the spool), the
 * limits of what reads as a frame (payload of 10 bytes, the least a record has, and 9; a frame
 * ending exactly at the buffer's end; a marker in the last 4 bytes), and a record's key: absent,
 * empty or present.
 */
class FrameLayoutTest {
  @TempDir Path dir;

  private static int crc32c(byte[] length, byte[] payload) {
    CRC32C crc = new CRC32C();
    crc.update(length);
    crc.update(payload);
    return (int) crc.getValue();
  }

  private static byte[] payload(int n) {
    byte[] p = new byte[n];
    for (int i = 0; i < n; i++) {
      p[i] = (byte) (i + 1);
    }
    return p;
  }

  @Test
  void aV2FrameIsMarkerLengthCrcOfLengthAndPayloadThenPayload() {
    byte[] payload = payload(10);
    byte[] length = {0, 0, 0, 10};
    ByteBuffer b = ByteBuffer.wrap(FrameFormat.frame(payload));
    assertEquals(12 + 10, b.remaining());
    assertEquals(0x48526632, b.getInt(), "\"HRf2\"");
    assertEquals(10, b.getInt());
    assertEquals(crc32c(length, payload), b.getInt());
    byte[] rest = new byte[10];
    b.get(rest);
    assertArrayEquals(payload, rest);
  }

  @Test
  void aFrameOfTheSmallestPayloadEndingAtTheBuffersEndIsWhole() {
    // 5 bytes of something else, then a frame of a 10-byte payload: 5 + 22 = 27 bytes, nothing after
    byte[] frame = FrameFormat.frame(payload(FrameFormat.MIN_PAYLOAD));
    ByteBuffer buf = ByteBuffer.allocate(5 + frame.length).put(new byte[5]).put(frame).flip();
    assertEquals(22, FrameFormat.V2.frameAt(buf, 5));
    assertEquals(22, FrameFormat.V2.declaredLength(buf, 5));
    assertEquals(5, FrameFormat.V2.nextCandidate(buf, 0));
    // cut one byte short, it is not a frame
    assertEquals(-1, FrameFormat.V2.frameAt(buf.duplicate().limit(26), 5));
  }

  @Test
  void aPayloadShorterThanTheLeastRecordIsNoFrame() {
    byte[] frame = FrameFormat.frame(payload(FrameFormat.MIN_PAYLOAD - 1)); // 9 bytes, CRC intact
    ByteBuffer buf = ByteBuffer.wrap(frame);
    assertEquals(-1, FrameFormat.V2.frameAt(buf, 0));
    assertEquals(-1, FrameFormat.V2.declaredLength(buf, 0));
  }

  @Test
  void tooFewBytesForAHeaderOrAWrongMarkerIsNoFrame() {
    // a marker and a length of 100, but only 8 of the 12 header bytes
    ByteBuffer shortHeader = ByteBuffer.allocate(8).putInt(FrameFormat.MARKER).putInt(100).flip();
    assertEquals(-1, FrameFormat.V2.declaredLength(shortHeader, 0));
    assertEquals(-1, FrameFormat.V2.frameAt(ByteBuffer.allocate(6).putInt(FrameFormat.MARKER).flip(), 0));
    byte[] frame = FrameFormat.frame(payload(20));
    frame[0] ^= 1; // the marker's first byte
    assertEquals(-1, FrameFormat.V2.frameAt(ByteBuffer.wrap(frame), 0));
    assertEquals(-1, FrameFormat.V2.declaredLength(ByteBuffer.wrap(frame), 0));
  }

  @Test
  void theLargestDeclaredLengthIsTheLargestInt() {
    ByteBuffer atMost = ByteBuffer.allocate(12).putInt(FrameFormat.MARKER).putInt(Integer.MAX_VALUE - 12).putInt(0).flip();
    assertEquals(Integer.MAX_VALUE, FrameFormat.V2.declaredLength(atMost, 0)); // 12 + (2^31 - 1 - 12)
    ByteBuffer over = ByteBuffer.allocate(12).putInt(FrameFormat.MARKER).putInt(Integer.MAX_VALUE - 11).putInt(0).flip();
    assertEquals(-1, FrameFormat.V2.declaredLength(over, 0), "12 + 2^31 - 12 would overflow an int");
  }

  @Test
  void aMarkerInTheLastFourBytesIsACandidate() {
    ByteBuffer buf = ByteBuffer.allocate(7).put(new byte[3]).putInt(FrameFormat.MARKER).flip();
    assertEquals(3, FrameFormat.V2.nextCandidate(buf, 0));
    assertEquals(-1, FrameFormat.V2.nextCandidate(buf, 4));
    assertEquals(4, FrameFormat.V1.nextCandidate(buf, 4), "V1 frames may start anywhere");
  }

  @Test
  void aRecordsKeyIsAbsentEmptyOrItsBytes() {
    SpoolRecord none = SpoolRecord.decode(new SpoolRecord("t", null, new byte[] {7}).encode());
    assertNull(none.key());
    SpoolRecord empty = SpoolRecord.decode(new SpoolRecord("t", new byte[0], new byte[] {7}).encode());
    assertArrayEquals(new byte[0], empty.key(), "an empty key is not an absent one");
    byte[] encoded = new SpoolRecord("ab", "k".getBytes(StandardCharsets.UTF_8), new byte[] {7, 8}).encode();
    // short 2, "ab", int 1, "k", int 2, 7 8: 2 + 2 + 4 + 1 + 4 + 2 = 15 bytes
    assertArrayEquals(new byte[] {0, 2, 'a', 'b', 0, 0, 0, 1, 'k', 0, 0, 0, 2, 7, 8}, encoded);
    assertArrayEquals(new byte[] {0, 1, 't', -1, -1, -1, -1, 0, 0, 0, 1, 7},
        new SpoolRecord("t", null, new byte[] {7}).encode(), "no key: length -1");
  }

  @Test
  void bytesBeforeTheFirstFrameOfASegmentAreOneGapUpToIt() throws IOException {
    byte[] frame = FrameFormat.frame(new SpoolRecord("t", null, new byte[] {1, 2, 3}).encode());
    Path file = dir.resolve(String.format("seg-%020d", 0) + ".v2.spool");
    byte[] content = new byte[1 + frame.length + 5];
    content[0] = 0x55; // one stray byte, then a frame, then 5 bytes that cannot be a header
    System.arraycopy(frame, 0, content, 1, frame.length);
    Files.write(file, content);
    try (Segment s = Segment.open(dir, 0, FrameFormat.V2)) {
      assertEquals(new Segment.Gap(0, 1), s.read(0));
      Segment.Slot f = s.read(1);
      assertEquals(1 + frame.length, f.next());
      assertEquals(new Segment.Gap(1 + frame.length, content.length), s.read(1 + frame.length));
      assertNull(s.read(content.length));
    }
  }
}
