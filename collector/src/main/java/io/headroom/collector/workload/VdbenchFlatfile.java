package io.headroom.collector.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
    List<String> header = null;
    List<Row> rows = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String l;
      int n = 0;
      while ((l = in.readLine()) != null) {
        n++;
        if (l.startsWith("*") || l.isBlank() || l.trim().matches("(?i)</?pre>")) {
          continue;
        }
        String text = l.trim().replaceFirst("(?i)^<pre>", "").trim();
        if (header == null) {
          if (!l.startsWith(" ")) {
            throw new FioFormatException(file + ": line " + n
                + ": data before the column header (the first line starting with a blank)");
          }
          header = List.of(text.toLowerCase(Locale.ROOT).split("\\s+"));
          continue;
        }
        rows.add(row(file, n, header, text.split("\\s+")));
      }
    }
    if (header == null) {
      throw new FioFormatException(file + ": no column header line: not a vdbench flatfile");
    }
    return rows;
  }

  private static Row row(Path file, int n, List<String> header, String[] cells) {
    if (cells.length != header.size()) {
      throw new FioFormatException(file + ": line " + n + ": " + cells.length
          + " values for " + header.size() + " columns");
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < cells.length; i++) {
      values.put(header.get(i), cells[i]);
    }
    return new Row(n, values);
  }
}
