package io.headroom.model.kafka;

import io.headroom.model.Utf8;
import java.util.Arrays;

/**
 * The names a stream of sample batches repeats (testbeds, entities, metrics), each decoded from
 * its UTF-8 bytes once and then handed out as the same {@link String}: a batch of ten points names
 * ten metrics, and without this every point of every batch cost a new String (the ingest's largest
 * per-row cost, docs/benchmarks.md). The same instance also keeps its hash, so the maps the
 * analyzer looks names up in do not hash it again.
 *
 * <p>Not thread-safe: one per decoding thread. Bounded: past {@link #MAX_NAMES} distinct names
 * (a producer inventing names) further names are decoded each time, not kept.
 */
public final class NameCache {
  static final int MAX_NAMES = 1 << 16;
  private byte[][] keys = new byte[1024][];
  private String[] names = new String[1024];
  private int size;

  /**
   * The name whose UTF-8 bytes are {@code buf[off, off + len)}.
   *
   * @throws IllegalArgumentException when they are not UTF-8 ({@link Utf8#decode})
   */
  public String name(byte[] buf, int off, int len) {
    int h = hash(buf, off, len);
    int mask = keys.length - 1;
    for (int i = h & mask; ; i = (i + 1) & mask) {
      byte[] k = keys[i];
      if (k == null) {
        String s = Utf8.decode(buf, off, len); // refused when not UTF-8, so never kept
        if (size < MAX_NAMES) {
          keys[i] = Arrays.copyOfRange(buf, off, off + len);
          names[i] = s;
          if (++size * 2 > keys.length) {
            grow();
          }
        }
        return s;
      }
      if (k.length == len && Arrays.equals(k, 0, len, buf, off, off + len)) {
        return names[i];
      }
    }
  }

  /** Distinct names kept. */
  int size() {
    return size;
  }

  private static int hash(byte[] buf, int off, int len) {
    int h = 1;
    for (int i = off; i < off + len; i++) {
      h = 31 * h + buf[i];
    }
    return h ^ (h >>> 16); // spread the high bits into the low ones the mask keeps
  }

  /** Doubles the table (kept at most half full, so probes stay short). */
  private void grow() {
    byte[][] oldKeys = keys;
    String[] oldNames = names;
    keys = new byte[oldKeys.length * 2][];
    names = new String[oldKeys.length * 2];
    int mask = keys.length - 1;
    for (int j = 0; j < oldKeys.length; j++) {
      if (oldKeys[j] != null) {
        int i = hash(oldKeys[j], 0, oldKeys[j].length) & mask;
        while (keys[i] != null) {
          i = (i + 1) & mask;
        }
        keys[i] = oldKeys[j];
        names[i] = oldNames[j];
      }
    }
  }
}
