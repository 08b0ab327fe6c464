package io.headroom.collector.spool;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * How records are framed in a segment file; the file name says which format a segment is in.
 *
 * <p>V2 frames start with a marker and their CRC covers the length too, so after a torn or
 * corrupt frame the reader finds the next good frame by looking for the marker, and a damaged
 * length cannot pass for a good one. V1 segments, written before, are still read (and resynced
 * by trying every offset against the payload CRC); nothing is appended to them any more.
 */
enum FrameFormat {
  /** {@code seg-N.spool}: int length, int CRC-32 of the payload, payload. Read only. */
  V1(".spool", 8),
  /** {@code seg-N.v2.spool}: int marker, int length, int CRC-32C of length and payload, payload. */
  V2(".v2.spool", 12);

  /**
   * "HRf2" in ASCII, where a V2 frame starts: after damage the reader looks for it. The same bytes
   * inside a payload are no false start: the length and CRC after them must match too.
   */
  static final int MARKER = 0x48526632;
  /**
   * The smallest record payload: topic length (short), key length and value length (ints). A
   * shorter "frame" is not one; this keeps a run of zero bytes (what a crash can leave at the end
   * of a file) from reading as empty V1 frames, whose CRC-32 is 0.
   */
  static final int MIN_PAYLOAD = 2 + 4 + 4;

  final String suffix;
  final int headerBytes;

  FrameFormat(String suffix, int headerBytes) {
    this.suffix = suffix;
    this.headerBytes = headerBytes;
  }

  /** The format of a segment file name {@code seg-<20 digits><suffix>}, or null for another file. */
  static FrameFormat ofFileName(String name) {
    if (name.matches("seg-\\d{20}\\.v2\\.spool")) {
      return V2;
    }
    return name.matches("seg-\\d{20}\\.spool") ? V1 : null;
  }

  /** A V2 frame of {@code payload}. */
  static byte[] frame(byte[] payload) {
    byte[] length = ByteBuffer.allocate(4).putInt(payload.length).array();
    int crc = v2Crc(length, 0, payload, 0, payload.length);
    return ByteBuffer.allocate(V2.headerBytes + payload.length)
        .putInt(MARKER).put(length).putInt(crc).put(payload).array();
  }

  /**
   * The length of the whole, intact frame starting at {@code at} in {@code buf} (up to its
   * limit), or -1 when there is none there.
   */
  int frameAt(ByteBuffer buf, int at) {
    if (at + headerBytes > buf.limit()) {
      return -1;
    }
    int lengthAt = this == V2 ? at + 4 : at;
    if (this == V2 && buf.getInt(at) != MARKER) {
      return -1;
    }
    int length = buf.getInt(lengthAt);
    if (length < MIN_PAYLOAD || length > buf.limit() - at - headerBytes) {
      return -1;
    }
    int payloadAt = at + headerBytes;
    int expected = buf.getInt(lengthAt + 4);
    byte[] a = buf.array();
    int actual = this == V2 ? v2Crc(a, lengthAt, a, payloadAt, length) : v1Crc(a, payloadAt, length);
    return actual == expected ? headerBytes + length : -1;
  }

  /** The declared whole-frame length in a header at {@code at}, or -1 when the header cannot be one. */
  int declaredLength(ByteBuffer header, int at) {
    if (at + headerBytes > header.limit() || (this == V2 && header.getInt(at) != MARKER)) {
      return -1;
    }
    int length = header.getInt(this == V2 ? at + 4 : at);
    return length < MIN_PAYLOAD || length > Integer.MAX_VALUE - headerBytes ? -1 : headerBytes + length;
  }

  /** Where a frame may start in {@code buf} at or after {@code from}: any offset for V1, a marker for V2. */
  int nextCandidate(ByteBuffer buf, int from) {
    if (this == V1) {
      return from;
    }
    for (int i = from; i + 4 <= buf.limit(); i++) {
      if (buf.getInt(i) == MARKER) {
        return i;
      }
    }
    return -1;
  }

  private static int v1Crc(byte[] payload, int off, int len) {
    CRC32 crc = new CRC32();
    crc.update(payload, off, len);
    return (int) crc.getValue();
  }

  private static int v2Crc(byte[] lengthBytes, int lengthAt, byte[] payload, int off, int len) {
    CRC32C crc = new CRC32C();
    crc.update(lengthBytes, lengthAt, 4);
    crc.update(payload, off, len);
    return (int) crc.getValue();
  }
}
