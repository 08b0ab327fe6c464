package io.headroom.collector.workload;

import io.headroom.model.input.BoundedLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One fio log file read whole, in fio 3.33's layout (HOWTO "Log File Formats"; iolog.c
 * flush_samples and flush_hist_samples):
 * <ul>
 *   <li>bw, iops, lat, slat, clat: {@code time (ms), value, direction, block size[, offset],
 *       priority}; bw in KiB/s, latencies in ns, directions 0 read, 1 write, 2 trim. With
 *       log_avg_msec each row is one direction's mean over the window ending at its time, and
 *       its block size is 0; without it, a row per I/O with the I/O's block size.</li>
 *   <li>clat_hist (write_hist_log with log_hist_msec): {@code time (ms), direction, block size,
 *       bin 0, bin 1, ...}: the completions of the window ending at its time, per bin of fio's
 *       latency histogram ({@link ClatHistogram#platIdxToVal}); 1856 bins, or 1856 >>
 *       log_hist_coarseness.</li>
 * </ul>
 * Times are ms since the job's I/O began, or Unix ms with log_unix_epoch.
 */
final class FioLogFile {
  /** fio 3.x's histogram: FIO_IO_U_PLAT_GROUP_NR (29) x FIO_IO_U_PLAT_VAL (64) bins. */
  static final int PLAT_NR = 29 * 64;

  /** One row of a bw, iops or latency log. */
  record Row(long timeMs, int direction, long value) {}

  /** One row of a histogram log: the window's completions by latency (bin value in ns to count). */
  record HistRow(long timeMs, int direction, NavigableMap<Long, Long> bins) {}

  final Path path;
  final FioLogName name;
  final List<Row> rows = new ArrayList<>();
  final List<HistRow> histRows = new ArrayList<>();

  private FioLogFile(Path path, FioLogName name) {
    this.path = path;
    this.name = name;
  }

  /**
   * @throws FioFormatException naming the file and line: a value that is not a non-negative
   *     integer, too few columns, a direction fio does not write, a per-I/O log
   */
  static FioLogFile read(Path path, FioLogName name) throws IOException {
    if (path.getFileName().toString().endsWith(".fz")) {
      throw new FioFormatException(path + ": a compressed log (log_store_compressed=1):"
          + " inflate it first with fio --inflate-log=" + path.getFileName());
    }
    FioLogFile out = new FioLogFile(path, name);
    // bounded lines: a binary file or a line past the bound is refused naming the file, line and byte
    try (BoundedLines in = BoundedLines.open(path)) {
      String line;
      long n = 0;
      while ((line = in.next()) != null) {
        n++;
        if (!line.isBlank()) {
          out.add(numbers(line, path + ": line " + n), path + ": line " + n);
        }
      }
    }
    return out;
  }

  boolean isEmpty() {
    return rows.isEmpty() && histRows.isEmpty();
  }

  /** The times of one direction's rows, ms, in file order (fio stamps each direction on its own). */
  List<Long> times(int direction) {
    List<Long> out = new ArrayList<>();
    rows.stream().filter(r -> r.direction() == direction).forEach(r -> out.add(r.timeMs()));
    histRows.stream().filter(r -> r.direction() == direction).forEach(r -> out.add(r.timeMs()));
    return out;
  }

  /** The largest time in the file, ms (0 for an empty one). */
  long lastMs() {
    long last = 0;
    for (Row r : rows) {
      last = Math.max(last, r.timeMs());
    }
    for (HistRow r : histRows) {
      last = Math.max(last, r.timeMs());
    }
    return last;
  }

  private void add(long[] v, String where) {
    boolean hist = name.kind() == FioLogName.Kind.HIST;
    if (v.length < 4) {
      throw new FioFormatException(where + ": " + v.length + " numbers; a fio " + name.kind().type
          + " log row has at least 4");
    }
    int direction = (int) (hist ? v[1] : v[2]);
    if (direction > 2) {
      throw new FioFormatException(where + ": direction " + direction + " (fio writes 0 read, 1 write, 2 trim)");
    }
    if (hist) {
      histRows.add(new HistRow(v[0], direction, bins(v, where)));
    } else if (v[3] != 0) {
      throw new FioFormatException(where + ": a row per I/O (block size " + v[3] + "): Headroom reads"
          + " windowed logs; re-run with --log_avg_msec=1000");
    } else {
      rows.add(new Row(v[0], direction, v[1]));
    }
  }

  /**
   * The row's bins keyed by their latency in ns. A coarse log (log_hist_coarseness=c) sums 2^c
   * adjacent bins: such a bin is keyed by the middle of the latencies it covers, as fio's
   * tools/hist/fiologparser_hist.py values it.
   */
  private static NavigableMap<Long, Long> bins(long[] v, String where) {
    int columns = v.length - 3;
    int stride = PLAT_NR % columns == 0 && Integer.bitCount(PLAT_NR / columns) == 1 ? PLAT_NR / columns : 1;
    NavigableMap<Long, Long> out = new TreeMap<>();
    for (int j = 0; j < columns; j++) {
      long count = v[3 + j];
      if (count > 0) {
        long at = stride == 1 ? ClatHistogram.platIdxToVal(j)
            : (ClatHistogram.platEdge(j * stride, 0) + ClatHistogram.platEdge(j * stride + stride, 1)) / 2;
        out.merge(at, count, Long::sum);
      }
    }
    return out;
  }

  private static long[] numbers(String line, String where) {
    String[] parts = line.split(",");
    long[] out = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      String p = parts[i].trim();
      if (p.startsWith("0x")) {
        out[i] = 0; // the priority column with log_prio=1: not read
        continue;
      }
      try {
        out[i] = Long.parseLong(p);
      } catch (NumberFormatException e) {
        throw new FioFormatException(where + ": column " + (i + 1) + " \"" + abbreviate(p) + "\" is not a whole number");
      }
      if (out[i] < 0) {
        throw new FioFormatException(where + ": column " + (i + 1) + " is negative: " + out[i]);
      }
    }
    return out;
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}
