package io.headroom.model.input;

import io.headroom.model.Utf8;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The lines of a file a person gave Headroom, read as a stream in memory bounded by the longest
 * line allowed, each line decoded as UTF-8 on its own. Every file a command reads goes through
 * here (recordings, benchmark outputs), so none is read whole and none can run the heap out: a
 * line longer than the bound, a binary file, UTF-16 or Latin-1 text is an {@link
 * InputFormatException} naming the file, the line and the byte, and saying what the bytes look
 * like. After such an error the line has been consumed, so a lenient reader can go on with the next.
 */
public final class BoundedLines implements Closeable {
  /** The longest line read: far above any line a benchmark or Headroom writes. */
  public static final int MAX_LINE_BYTES = 8 << 20;
  private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private final InputStream in;
  private final String source;
  private final int maxLineBytes;
  private final byte[] buffer = new byte[1 << 16];
  private int position;
  private int limit;
  /** Bytes of the input before buffer[0]. */
  private long buffered;
  private byte[] line = new byte[1 << 10];
  private int lineSize;
  private long lineNumber;
  /** The line before was refused as too long before its end: the next read starts past that end. */
  private boolean passOver;

  public BoundedLines(InputStream in, String source, int maxLineBytes) {
    this.in = in;
    this.source = source;
    this.maxLineBytes = maxLineBytes;
  }

  /**
   * A regular file's lines; anything else (a directory, a FIFO, a device) is refused before it is
   * opened ({@link FileKind#open}).
   */
  public static BoundedLines open(Path file) throws IOException {
    return new BoundedLines(FileKind.open(file), file.toString(), MAX_LINE_BYTES);
  }

  /** What errors name: the file. */
  public String source() {
    return source;
  }

  /** The number of the line {@link #next} returned last (from 1). */
  public long lineNumber() {
    return lineNumber;
  }

  /**
   * The next line without its terminator (\n or \r\n), null at the end.
   *
   * @throws InputFormatException the line is too long or not UTF-8 text (the line is consumed)
   */
  public String next() throws IOException {
    if (passOver) {
      passOverRestOfLine();
    }
    lineSize = 0;
    boolean any = false;
    long start = buffered + position;
    lineNumber++;
    while (true) {
      if (position == limit && !fill()) {
        break;
      }
      any = true;
      int from = position;
      while (position < limit && buffer[position] != '\n') {
        position++;
      }
      boolean ended = position < limit;
      int size = position - from;
      if (lineSize + (long) size > maxLineBytes) {
        // refused at once, not after reading on to a newline that may never come (2 GiB of zeros)
        passOver = !ended;
        position += ended ? 1 : 0;
        int nul = firstNul(from, size);
        if (nul >= 0) {
          throw binary(start + nul, nul);
        }
        throw new InputFormatException(source, lineNumber, "a line longer than " + size(maxLineBytes)
            + " (from byte " + (start + 1) + "): not a text file of lines");
      }
      if (ended && lineSize == 0) {
        position++; // the whole line lies in the buffer: no copy (the common case)
        return decode(buffer, from, size, start);
      }
      append(from, size);
      if (ended) {
        position++;
        break;
      }
    }
    if (!any) {
      lineNumber--;
      return null;
    }
    return decode(line, 0, lineSize, start);
  }

  /** The rest of a line refused as too long, up to and with its newline: a lenient reader goes on after it. */
  private void passOverRestOfLine() throws IOException {
    passOver = false;
    while (position < limit || fill()) {
      while (position < limit) {
        if (buffer[position++] == '\n') {
          return;
        }
      }
    }
  }

  /** A NUL byte {@code column} bytes into the line that starts at byte {@code at} of the file (both from 0). */
  private InputFormatException binary(long at, long column) {
    return new InputFormatException(source, lineNumber, "byte 0x00 at byte " + (at + 1) + " of the file (column "
        + (column + 1) + "): a binary file, or UTF-16 text, not UTF-8 text");
  }

  /** Where the line's first NUL is (from 0): in the part kept, or in buffer[from, from + size); -1 if none. */
  private int firstNul(int from, int size) {
    for (int i = 0; i < lineSize; i++) {
      if (line[i] == 0) {
        return i;
      }
    }
    for (int i = 0; i < size; i++) {
      if (buffer[from + i] == 0) {
        return lineSize + i;
      }
    }
    return -1;
  }

  private boolean fill() throws IOException {
    buffered += limit;
    position = 0;
    limit = Math.max(0, in.read(buffer));
    return limit > 0;
  }

  private void append(int from, int size) {
    if (lineSize + size > line.length) {
      line = java.util.Arrays.copyOf(line, (int) Math.min(maxLineBytes, Math.max(2L * line.length, lineSize + size)));
    }
    System.arraycopy(buffer, from, line, lineSize, size);
    lineSize += size;
  }

  private String decode(byte[] bytes, int offset, int size, long start) {
    int length = size > 0 && bytes[offset + size - 1] == '\r' ? size - 1 : size;
    if (start == 0 && startsWith(bytes, offset, length, UTF8_BOM)) {
      offset += UTF8_BOM.length; // Windows editors' mark; the text is UTF-8
      length -= UTF8_BOM.length;
      start += UTF8_BOM.length;
    }
    if (start == 0 && length >= 2) {
      String bom = utf16Bom(bytes[offset], bytes[offset + 1]);
      if (bom != null) {
        throw new InputFormatException(source, lineNumber, "starts with a UTF-16 " + bom
            + " byte-order mark: UTF-16 text, and Headroom reads UTF-8 (convert it: iconv -f UTF-16 -t UTF-8)");
      }
    }
    boolean ascii = true;
    for (int i = offset; i < offset + length; i++) {
      byte b = bytes[i];
      if (b == 0) {
        throw binary(start + i - offset, i - offset);
      }
      ascii &= b > 0; // bytes 0x80 and above are negative
    }
    if (ascii) {
      return new String(bytes, offset, length, StandardCharsets.ISO_8859_1); // ASCII is its own UTF-8
    }
    int at = Utf8.firstMalformed(bytes, offset, length);
    if (at >= 0) {
      throw new InputFormatException(source, lineNumber, String.format(Locale.ROOT, "not UTF-8: byte 0x%02X", bytes[offset + at] & 0xff)
          + " at byte " + (start + at + 1) + " of the file (column " + (at + 1) + ")"
          + ": Latin-1 or Windows-1252 text? Headroom reads UTF-8 (convert it: iconv -f LATIN1 -t UTF-8)");
    }
    return new String(bytes, offset, length, StandardCharsets.UTF_8);
  }

  private static String utf16Bom(byte a, byte b) {
    if (a == (byte) 0xFF && b == (byte) 0xFE) {
      return "little-endian (0xFF 0xFE)";
    }
    if (a == (byte) 0xFE && b == (byte) 0xFF) {
      return "big-endian (0xFE 0xFF)";
    }
    return null;
  }

  private static boolean startsWith(byte[] bytes, int offset, int length, byte[] prefix) {
    if (length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (bytes[offset + i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /** "8 MiB" for a power of two of MiB, else bytes. */
  static String size(int bytes) {
    return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
