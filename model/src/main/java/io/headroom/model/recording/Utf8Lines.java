package io.headroom.model.recording;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import io.headroom.model.Utf8;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a byte stream, each decoded as UTF-8 on its own, so that a byte that is not UTF-8
 * is the error of its line (named with its column) and a lenient read can skip that line and go
 * on, where a decoding Reader fails the whole stream with no line to name.
 */
final class Utf8Lines {
  private final InputStream in;
  private final byte[] buffer = new byte[1 << 16];
  private int position;
  private int limit;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  /** A line that is not UTF-8; the message says which byte, at which column. */
  static final class NotUtf8 extends Exception {
    NotUtf8(String message) {
      super(message);
    }
  }

  Utf8Lines(InputStream in) {
    this.in = in;
  }

  /** The next line without its terminator (\n or \r\n), null at the end. */
  String next() throws IOException, NotUtf8 {
    line.reset();
    boolean any = false;
    boolean ascii = true;
    while (true) {
      if (position == limit) {
        limit = in.read(buffer);
        position = 0;
        if (limit <= 0) {
          limit = 0;
          break;
        }
      }
      any = true;
      int start = position;
      while (position < limit && buffer[position] != '\n') {
        ascii &= buffer[position] >= 0; // bytes 0x80 and above are negative
        position++;
      }
      boolean ended = position < limit;
      if (ended && line.size() == 0) {
        // the whole line lies in the buffer: no copy (the common case)
        position++;
        return decode(buffer, start, position - 1 - start, ascii);
      }
      line.write(buffer, start, position - start);
      if (ended) {
        position++; // the newline
        break;
      }
    }
    return any ? decode(line.toByteArray(), 0, line.size(), ascii) : null;
  }

  private String decode(byte[] bytes, int offset, int size, boolean ascii) throws NotUtf8 {
    int length = size > 0 && bytes[offset + size - 1] == '\r' ? size - 1 : size;
    if (ascii) {
      return new String(bytes, offset, length, StandardCharsets.ISO_8859_1); // ASCII is its own UTF-8
    }
    int at = Utf8.firstMalformed(bytes, offset, length);
    if (at >= 0) {
      throw new NotUtf8(String.format("not UTF-8: byte 0x%02X at column %d", bytes[offset + at] & 0xff, at + 1));
    }
    return new String(bytes, offset, length, StandardCharsets.UTF_8);
  }
}
