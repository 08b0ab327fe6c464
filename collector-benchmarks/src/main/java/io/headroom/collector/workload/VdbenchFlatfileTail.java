package io.headroom.collector.workload;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Follows a vdbench flatfile.html while vdbench writes it. Each {@link #poll} reads what was
 * appended since the last one and returns the rows of the lines now complete; a line without its
 * newline yet (vdbench flushes in pieces) is held until the rest arrives, so a row is never read
 * half-written. The file may not exist yet (vdbench creates it once its slaves are up) and may
 * be replaced (vdbench empties its output directory at start): a file shorter than what was read
 * is read again from its start, with a new header.
 */
final class VdbenchFlatfileTail {
  private static final int CHUNK = 64 * 1024;

  private final Path file;
  private VdbenchFlatfile.Lines lines;
  private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
  private long offset;
  private final List<String> problems = new ArrayList<>();

  VdbenchFlatfileTail(Path file) {
    this.file = file;
    this.lines = new VdbenchFlatfile.Lines(file);
  }

  /** The rows completed since the last poll (none while the file is absent). */
  List<VdbenchFlatfile.Row> poll() throws IOException {
    List<VdbenchFlatfile.Row> rows = new ArrayList<>();
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      if (ch.size() < offset) {
        restart();
      }
      ch.position(offset);
      ByteBuffer buf = ByteBuffer.allocate(CHUNK);
      int n;
      while ((n = ch.read(buf)) > 0) {
        offset += n;
        split(buf.array(), n, rows);
        buf.clear();
      }
    } catch (NoSuchFileException e) {
      return rows; // not written yet
    }
    return rows;
  }

  /** After the writer ended: a last line without a newline is complete too. */
  List<VdbenchFlatfile.Row> finish() throws IOException {
    List<VdbenchFlatfile.Row> rows = poll();
    if (partial.size() > 0) {
      add(lineText(), rows);
    }
    return rows;
  }

  /** Whether the column header was read: until then no row can be. */
  boolean hasHeader() {
    return lines.hasHeader();
  }

  private void split(byte[] bytes, int length, List<VdbenchFlatfile.Row> rows) {
    int from = 0;
    for (int i = 0; i < length; i++) {
      if (bytes[i] == '\n') {
        partial.write(bytes, from, i - from);
        add(lineText(), rows);
        from = i + 1;
      }
    }
    partial.write(bytes, from, length - from);
  }

  /** The held bytes as one line (decoded whole, so a UTF-8 character split across reads survives). */
  private String lineText() {
    String text = partial.toString(StandardCharsets.UTF_8);
    partial.reset();
    return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
  }

  /** A line that cannot be read is noted (file and line) and skipped: the run goes on. */
  private void add(String line, List<VdbenchFlatfile.Row> rows) {
    try {
      VdbenchFlatfile.Row row = lines.next(line);
      if (row != null) {
        rows.add(row);
      }
    } catch (FioFormatException e) {
      problems.add(e.getMessage());
    }
  }

  /** The lines skipped so far, each naming the file and line and why. */
  List<String> problems() {
    return List.copyOf(problems);
  }

  private void restart() {
    offset = 0;
    partial.reset();
    lines = new VdbenchFlatfile.Lines(file);
  }
}
