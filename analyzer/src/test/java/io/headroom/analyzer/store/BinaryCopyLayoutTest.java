package io.headroom.analyzer.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link BinaryCopy} byte for byte against PostgreSQL's binary COPY layout (the COPY reference,
 * "Binary Format"): an 11-byte signature, a 4-byte flags word and a 4-byte extension length; per
 * row a 2-byte field count and each field as a 4-byte length and its big-endian value; a 2-byte
 * -1 trailer.
 */
class BinaryCopyLayoutTest {
  private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};
  private static final int HEADER = 11 + 4 + 4;
  private static final int ROW = 2 + (4 + 8) + (4 + 4) + (4 + 2) + (4 + 8); // 40

  /** Keeps each write's length, to see where chunks end. */
  private static final class Chunks extends ByteArrayOutputStream {
    final List<Integer> writes = new ArrayList<>();
    int flushes;

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      writes.add(len);
      super.write(b, off, len);
    }

    @Override
    public void flush() {
      flushes++;
    }
  }

  @Test
  void oneRowIsTheHeaderTheFourFieldsAndTheTrailer() throws IOException {
    Chunks out = new Chunks();
    BinaryCopy copy = new BinaryCopy(out);
    // 2000-01-01T00:00:01.5Z is 946,684,801.5 s after the Unix epoch and 1.5 s = 1,500,000 us
    // after PostgreSQL's; entity 258 = 0x00000102, metric 515 = 0x0203, value 1.0 = 0x3FF0000000000000
    copy.row(946_684_801.5, 258, (short) 515, 1.0);
    copy.finish();
    ByteBuffer b = ByteBuffer.wrap(out.toByteArray());
    assertEquals(HEADER + ROW + 2, b.remaining()); // 19 + 40 + 2 = 61
    byte[] sig = new byte[11];
    b.get(sig);
    assertArrayEquals(SIGNATURE, sig);
    assertEquals(0, b.getInt(), "flags");
    assertEquals(0, b.getInt(), "header extension length");
    assertEquals(4, b.getShort(), "fields per row");
    assertEquals(8, b.getInt());
    assertEquals(1_500_000L, b.getLong(), "microseconds since 2000-01-01");
    assertEquals(4, b.getInt());
    assertEquals(258, b.getInt());
    assertEquals(2, b.getInt());
    assertEquals(515, b.getShort());
    assertEquals(8, b.getInt());
    assertEquals(0x3FF0000000000000L, b.getLong());
    assertEquals(-1, b.getShort(), "trailer");
    assertEquals(List.of(61), out.writes);
    assertEquals(1, out.flushes);
  }

  @Test
  void timesBeforeTwoThousandAreNegativeAndRoundToTheNearestMicrosecond() throws IOException {
    Chunks out = new Chunks();
    BinaryCopy copy = new BinaryCopy(out);
    copy.row(0.0, -1, (short) -2, -0.5);                // the Unix epoch: -946,684,800,000,000 us
    copy.row(946_684_800.0000006, 0, (short) 0, 0.0);   // 0.6 us after 2000 rounds to 1 us
    copy.finish();
    ByteBuffer b = ByteBuffer.wrap(out.toByteArray(), HEADER, 2 * ROW);
    b.position(HEADER + 2 + 4);
    assertEquals(-946_684_800_000_000L, b.getLong());
    b.position(b.position() + 4);
    assertEquals(-1, b.getInt());
    b.position(b.position() + 4);
    assertEquals(-2, b.getShort());
    b.position(b.position() + 4);
    assertEquals(Double.doubleToRawLongBits(-0.5), b.getLong());
    b.position(HEADER + ROW + 2 + 4);
    assertEquals(1L, b.getLong());
  }

  @Test
  void rowsGoOutInChunksOf64KiBAtMostAndNoRowIsSplit() throws IOException {
    // The header (19) and 1,637 rows fill 19 + 40 x 1,637 = 65,499 bytes; the 1,638th would end at
    // 65,539 > 65,536, so the first chunk is those 65,499 bytes and the 1,638th row starts the next.
    Chunks full = new Chunks();
    BinaryCopy copy = new BinaryCopy(full);
    for (int i = 0; i < 1638; i++) {
      copy.row(946_684_800 + i, i, (short) 1, i);
    }
    copy.finish();
    assertEquals(List.of(65_499, 40 + 2), full.writes);
    // The 1,638th row, first in the second chunk, is whole: its entity id is 1,637.
    ByteBuffer b = ByteBuffer.wrap(full.toByteArray());
    assertEquals(1637, b.getInt(65_499 + 2 + 12 + 4));

    // One row fewer fits the first chunk with the trailer: one write of 65,499 + 2.
    Chunks fits = new Chunks();
    BinaryCopy fewer = new BinaryCopy(fits);
    for (int i = 0; i < 1637; i++) {
      fewer.row(946_684_800 + i, i, (short) 1, i);
    }
    fewer.finish();
    assertEquals(List.of(65_501), fits.writes);
  }

  /**
   * The ingest's time bounds (ingest.SampleDomains) convert without wrapping. The last second,
   * 9,223,372,036,854 s, times 10^6 is 9,223,372,036,854,000,000, which as a double (1,024 apart
   * in [2^62, 2^63)) is 9,223,372,036,853,999,616 (9,007,199,254,740,234 x 1,024; the exact
   * product is 384 above it, under half a step); less the 2000 epoch, 946,684,800,000,000:
   * 9,222,425,352,053,999,616, below PostgreSQL's end, 9,223,371,331,200,000,000. The first,
   * -210,866,803,200 s, gives -210,866,803,200,000,000 (exact: doubles are 32 apart there and
   * 32 divides it), less the epoch -211,813,488,000,000,000: PostgreSQL's MIN_TIMESTAMP itself.
   */
  @Test
  void theIngestsTimeBoundsConvertWithoutWrapping() throws IOException {
    Chunks out = new Chunks();
    BinaryCopy copy = new BinaryCopy(out);
    copy.row(9_223_372_036_854.0, 1, (short) 1, 0.0);
    copy.row(-210_866_803_200.0, 1, (short) 1, 0.0);
    copy.finish();
    ByteBuffer b = ByteBuffer.wrap(out.toByteArray());
    assertEquals(9_222_425_352_053_999_616L, b.getLong(HEADER + 2 + 4));
    assertEquals(-211_813_488_000_000_000L, b.getLong(HEADER + ROW + 2 + 4));
  }
}
