package io.headroom.collector.workload;

import io.headroom.model.input.BoundedLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rows of a vdbench flatfile.html, as vdbench writes it (Vdb.Flat) and reads it back
 * (Vdb.ParseFlat): comment lines start with '*', the column header line is the first line that
 * starts with a blank, and every later line that is not a comment is one row of whitespace
 * separated values in header order. The file is wrapped in {@code <pre>} tags. Column names are
 * matched without case, as vdbench does ("Run", "MB/sec", "Read_rate").
 */
final class VdbenchFlatfile {
  /** One data row: values by lower-case column name, and its line number for error messages. */
  record Row(int line, Map<String, String> values) {
    String get(String column) {
      return values.get(column.toLowerCase(Locale.ROOT));
    }

    boolean has(String column) {
      return values.containsKey(column.toLowerCase(Locale.ROOT));
    }
  }

  private VdbenchFlatfile() {}

  /** @throws FioFormatException naming the file and line: no header, or a row of the wrong width */
  static List<Row> read(Path file) throws IOException {
    try (BoundedLines in = BoundedLines.open(file)) {
      return read(in);
    }
  }

  static List<Row> read(BoundedLines in) throws IOException {
    Lines lines = new Lines(Path.of(in.source()));
    List<Row> rows = new ArrayList<>();
    String l;
    while ((l = in.next()) != null) {
      Row row = lines.next(l);
      if (row != null) {
        rows.add(row);
      }
    }
    lines.requireHeader();
    return rows;
  }

  /**
   * Reads a flatfile one whole line at a time, in order: the comments and the header first, then
   * rows. Shared by {@link #read} (a finished file) and {@link VdbenchFlatfileTail} (a growing one).
   */
  static final class Lines {
    private final Path file;
    private List<String> header;
    private int number;

    Lines(Path file) {
      this.file = file;
    }

    /** The row on this line, or null for a comment, a blank, a pre tag or the header. */
    Row next(String l) {
      number++;
      if (l.startsWith("*") || l.isBlank() || l.trim().matches("(?i)</?pre>")) {
        return null;
      }
      String text = l.trim().replaceFirst("(?i)^<pre>", "").trim();
      if (header == null) {
        if (!l.startsWith(" ")) {
          throw new FioFormatException(file + ": line " + number
              + ": data before the column header (the first line starting with a blank)");
        }
        header = List.of(text.toLowerCase(Locale.ROOT).split("\\s+"));
        return null;
      }
      return row(text.split("\\s+"));
    }

    boolean hasHeader() {
      return header != null;
    }

    void requireHeader() {
      if (header == null) {
        throw new FioFormatException(file + ": no column header line: not a vdbench flatfile");
      }
    }

    private Row row(String[] cells) {
      if (cells.length != header.size()) {
        throw new FioFormatException(file + ": line " + number + ": " + cells.length
            + " values for " + header.size() + " columns");
      }
      Map<String, String> values = new LinkedHashMap<>();
      for (int i = 0; i < cells.length; i++) {
        values.put(header.get(i), cells[i]);
      }
      return new Row(number, values);
    }
  }
}
