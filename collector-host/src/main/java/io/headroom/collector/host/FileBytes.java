package io.headroom.collector.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A proc or sys file read into a buffer that is kept between reads, with the few ASCII parsing
 * steps the collectors need, done on the bytes. Why: on a 128-CPU host /proc/interrupts is
 * 1.2 MB and /proc/stat 20 KB; reading each into a fresh array, then a String, then splitting it
 * into lines and fields allocated about 4 MiB a scrape. One instance per file a collector reads
 * every scrape; a source's scrapes never overlap, so no instance is read by two threads at once.
 *
 * <p>Positions are indexes into {@link #length()} bytes. ISO-8859-1, as in {@link SysFiles}:
 * proc and sys are ASCII.
 */
final class FileBytes {
  /** Procfs fills one page-sized chunk per read anyway; 64 KiB keeps the calls few. */
  private static final int CHUNK = 64 * 1024;
  private byte[] buf = new byte[CHUNK];
  private int length;

  /** Reads the whole file, replacing what was held; I/O errors as from {@link Files}. */
  void read(Path file) throws IOException {
    length = 0;
    try (InputStream in = Files.newInputStream(file)) {
      int n;
      while (true) {
        if (length == buf.length) {
          buf = java.util.Arrays.copyOf(buf, buf.length * 2); // kept: the next read needs it too
        }
        n = in.read(buf, length, Math.min(CHUNK, buf.length - length));
        if (n < 0) {
          return;
        }
        length += n;
      }
    }
  }

  int length() {
    return length;
  }

  byte at(int i) {
    return buf[i];
  }

  /** The first position at or after {@code from} holding {@code b}, before {@code to}; else {@code to}. */
  int indexOf(byte b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (buf[i] == b) {
        return i;
      }
    }
    return to;
  }

  /** The end of the line starting at {@code from}: its '\n' or the end of the file. */
  int lineEnd(int from) {
    return indexOf((byte) '\n', from, length);
  }

  /** The first position at or after {@code from}, before {@code to}, that is not a space or tab. */
  int skipBlanks(int from, int to) {
    int i = from;
    while (i < to && (buf[i] == ' ' || buf[i] == '\t')) {
      i++;
    }
    return i;
  }

  /** The end of the run of ASCII digits starting at {@code from} (before {@code to}). */
  int digitsEnd(int from, int to) {
    int i = from;
    while (i < to && buf[i] >= '0' && buf[i] <= '9') {
      i++;
    }
    return i;
  }

  /**
   * Splits {@code [from, to)} at runs of blanks, as {@code trim().split("\\s+")} would: field i is
   * {@code [starts[i], ends[i])}. Fills at most {@code starts.length} fields and returns how many
   * the range holds in all (so a caller can tell a short line from a long one).
   */
  int fields(int from, int to, int[] starts, int[] ends) {
    int count = 0;
    int pos = skipBlanks(from, to);
    while (pos < to) {
      int end = pos;
      while (end < to && buf[end] != ' ' && buf[end] != '\t') {
        end++;
      }
      if (count < starts.length) {
        starts[count] = pos;
        ends[count] = end;
      }
      count++;
      pos = skipBlanks(end, to);
    }
    return count;
  }

  /** {@code [from, to)} without the blanks at either end, as text (for problem messages). */
  String trimmed(int from, int to) {
    int s = skipBlanks(from, to);
    int e = to;
    while (e > s && (buf[e - 1] == ' ' || buf[e - 1] == '\t' || buf[e - 1] == '\r')) {
      e--;
    }
    return string(s, e);
  }

  /** True when the file holds only white space (what {@link String#trim()} would empty). */
  boolean blank() {
    for (int i = 0; i < length; i++) {
      if ((buf[i] & 0xff) > ' ') {
        return false;
      }
    }
    return true;
  }

  /** Whether the bytes at {@code at} are {@code ascii}'s characters. */
  boolean startsWith(int at, String ascii) {
    if (at + ascii.length() > length) {
      return false;
    }
    for (int i = 0; i < ascii.length(); i++) {
      if (buf[at + i] != ascii.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The unsigned decimal in {@code [from, to)}.
   *
   * @throws NumberFormatException when it is empty, holds a non-digit or overflows a long, with
   *     the text in the message (as {@link Long#parseLong} would say)
   */
  long parseLong(int from, int to) {
    if (from >= to) {
      throw new NumberFormatException("For input string: \"\"");
    }
    long v = 0;
    for (int i = from; i < to; i++) {
      int digit = buf[i] - '0';
      if (digit < 0 || digit > 9 || v > (Long.MAX_VALUE - digit) / 10) {
        throw new NumberFormatException("For input string: \"" + string(from, to) + "\"");
      }
      v = v * 10 + digit;
    }
    return v;
  }

  /** The text of {@code [from, to)}: only for what must become a String (ids, messages). */
  String string(int from, int to) {
    return new String(buf, from, to - from, StandardCharsets.ISO_8859_1);
  }
}
