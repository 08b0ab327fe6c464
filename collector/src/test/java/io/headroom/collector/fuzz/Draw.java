package io.headroom.collector.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A fuzzer's bytes read front to back as the choices of a structured input (which tree, which
 * document, which edit); past their end every choice is the first. Read from the front so that a
 * seed is easy to write by hand: one byte per choice (RedfishTreeFuzzTest, SnmpVarbindFuzzTest).
 */
public final class Draw {
  private final byte[] b;
  private int i;

  public Draw(byte[] b) {
    this.b = b;
  }

  /** A choice in [0, n). */
  public int below(int n) {
    if (n <= 1 || i >= b.length) {
      i++;
      return 0;
    }
    return Byte.toUnsignedInt(b[i++]) % n;
  }

  /** Eight bytes, big-endian. */
  public long longValue() {
    long v = 0;
    for (int k = 0; k < 8; k++) {
      v = v << 8 | (i < b.length ? Byte.toUnsignedInt(b[i]) : 0);
      i++;
    }
    return v;
  }

  /** Four bytes, big-endian. */
  public int intValue() {
    int v = 0;
    for (int k = 0; k < 4; k++) {
      v = v << 8 | (i < b.length ? Byte.toUnsignedInt(b[i]) : 0);
      i++;
    }
    return v;
  }

  /** Up to {@code max} of the next bytes, as many as two choices say. */
  public byte[] bytes(int max) {
    int n = Math.min(below(256) * 16 + below(16), max);
    int from = Math.min(i, b.length);
    int to = Math.min(from + n, b.length);
    i = to;
    return Arrays.copyOfRange(b, from, to);
  }

  /** {@link #bytes} as UTF-8 (malformed sequences replaced). */
  public String text(int max) {
    return new String(bytes(max), StandardCharsets.UTF_8);
  }
}
