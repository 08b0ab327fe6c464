package io.headroom.analyzer.store;

import java.io.IOException;
import java.io.OutputStream;

/**
 * PostgreSQL's binary COPY format for sample rows (ts timestamptz, entity_id int4, metric_id
 * int2, value float8). Binary rather than text: the server skips parsing numbers and dates, which
 * is most of COPY's cost for rows this narrow.
 */
final class BinaryCopy {
  /** Microseconds from the Unix epoch to PostgreSQL's epoch, 2000-01-01 UTC. */
  static final long PG_EPOCH_MICROS = 946_684_800_000_000L;
  private static final byte[] HEADER = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0, // signature
    0, 0, 0, 0, // flags
    0, 0, 0, 0 // header extension length
  };
  static final int ROW_BYTES = 2 + (4 + 8) + (4 + 4) + (4 + 2) + (4 + 8);

  private final byte[] buf;
  private int pos;

  BinaryCopy(int rows) {
    buf = new byte[HEADER.length + rows * ROW_BYTES + 2];
    System.arraycopy(HEADER, 0, buf, 0, HEADER.length);
    pos = HEADER.length;
  }

  void row(double unixSeconds, int entityId, short metricId, double value) {
    putShort((short) 4);
    putInt(8);
    putLong(Math.round(unixSeconds * 1_000_000d) - PG_EPOCH_MICROS);
    putInt(4);
    putInt(entityId);
    putInt(2);
    putShort(metricId);
    putInt(8);
    putLong(Double.doubleToRawLongBits(value));
  }

  /** Writes the rows and the trailer. */
  void finish(OutputStream out) throws IOException {
    putShort((short) -1);
    out.write(buf, 0, pos);
  }

  private void putShort(short v) {
    buf[pos++] = (byte) (v >> 8);
    buf[pos++] = (byte) v;
  }

  private void putInt(int v) {
    buf[pos++] = (byte) (v >> 24);
    buf[pos++] = (byte) (v >> 16);
    buf[pos++] = (byte) (v >> 8);
    buf[pos++] = (byte) v;
  }

  private void putLong(long v) {
    putInt((int) (v >> 32));
    putInt((int) v);
  }
}
