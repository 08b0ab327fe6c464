package io.headroom.collector.declared;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small sysfs and cgroupfs reads: one value a file, or one line of fields. */
final class SysText {
  private SysText() {}

  static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.US_ASCII).trim();
  }

  static long readLong(Path file) throws IOException {
    String s = read(file);
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IOException(file + ": not a number: \"" + s + "\"");
    }
  }

  static long[] fields(Path file, int count) throws IOException {
    String[] f = read(file).split("\\s+");
    if (f.length < count) {
      throw new IOException(file + ": " + f.length + " fields, expected at least " + count);
    }
    long[] out = new long[count];
    for (int i = 0; i < count; i++) {
      try {
        out[i] = Long.parseLong(f[i]);
      } catch (NumberFormatException e) {
        throw new IOException(file + ": field " + (i + 1) + " is not a number: \"" + f[i] + "\"");
      }
    }
    return out;
  }
}
