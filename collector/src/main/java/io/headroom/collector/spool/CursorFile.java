package io.headroom.collector.spool;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32C;
import org.slf4j.Logger;

/**
 * The spool's {@code cursor} file: int marker "HRc2", long segment, long offset, long records
 * dropped, long corrupt frames skipped, int CRC-32C of the 36 bytes before it. Replaced whole
 * (written aside, then renamed over), so a crash leaves the old state or the new, never half.
 * The 16-byte file of earlier versions (segment, offset) is still read; its totals start at zero.
 */
final class CursorFile {
  static final String NAME = "cursor";
  private static final int MARKER = 0x48526332;
  private static final int V2_BYTES = 4 + 4 * 8 + 4;
  private static final int V1_BYTES = 16;

  private CursorFile() {}

  /** The state in {@code dir}, or a fresh one at {@code start} when there is none or it is damaged. */
  static SpoolState read(Path dir, SpoolPosition start, Logger log) throws IOException {
    Path f = dir.resolve(NAME);
    if (!Files.exists(f)) {
      return new SpoolState(start, 0, 0);
    }
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f));
    if (b.remaining() == V1_BYTES) {
      log.info("spool cursor {} is in the format of an earlier version: kept; its dropped and corrupt-frame totals "
          + "start at zero", f);
      return new SpoolState(new SpoolPosition(b.getLong(), b.getLong()), 0, 0);
    }
    if (b.remaining() != V2_BYTES || b.getInt(0) != MARKER || b.getInt(V2_BYTES - 4) != crc(b.array())) {
      log.warn("spool cursor {} is damaged ({} bytes): resending from the oldest segment; the dropped and "
          + "corrupt-frame totals start at zero", f, b.remaining());
      return new SpoolState(start, 0, 0);
    }
    b.position(4);
    return new SpoolState(new SpoolPosition(b.getLong(), b.getLong()), b.getLong(), b.getLong());
  }

  static void write(Path dir, SpoolState s) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(V2_BYTES).putInt(MARKER)
        .putLong(s.cursor().segment()).putLong(s.cursor().offset()).putLong(s.dropped()).putLong(s.corruptFrames());
    b.putInt(crc(b.array()));
    Path tmp = dir.resolve(NAME + ".tmp");
    Files.write(tmp, b.array());
    Files.move(tmp, dir.resolve(NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private static int crc(byte[] state) {
    CRC32C crc = new CRC32C();
    crc.update(state, 0, V2_BYTES - 4);
    return (int) crc.getValue();
  }
}
