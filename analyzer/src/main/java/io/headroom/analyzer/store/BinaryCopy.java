package io.headroom.analyzer.store;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

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
  /** Rows go to the server in chunks of this size, so it parses while the next chunk is made. */
  static final int CHUNK = 64 * 1024;

  private final OutputStream out;
  // Big-endian, as COPY wants; its putShort/putInt/putLong are single stores, not a byte at a time.
  private final ByteBuffer buf = ByteBuffer.allocate(CHUNK);

  BinaryCopy(OutputStream out) {
    this.out = out;
    buf.put(HEADER);
  }

  void row(double unixSeconds, int entityId, short metricId, double value) throws IOException {
    if (buf.remaining() < ROW_BYTES) {
      drain();
    }
    buf.putShort((short) 4)
        .putInt(8).putLong(Math.round(unixSeconds * 1_000_000d) - PG_EPOCH_MICROS)
        .putInt(4).putInt(entityId)
        .putInt(2).putShort(metricId)
        .putInt(8).putLong(Double.doubleToRawLongBits(value));
  }

  /** Writes what is buffered and the trailer. */
  void finish() throws IOException {
    if (buf.remaining() < 2) {
      drain();
    }
    buf.putShort((short) -1);
    drain();
    out.flush();
  }

  private void drain() throws IOException {
    out.write(buf.array(), 0, buf.position());
    buf.clear();
  }
}
