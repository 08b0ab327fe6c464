package io.headroom.collector.workload;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.input.BoundedLines;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Imports a vdbench flatfile.html: each run definition (Run column) is a phase and a
 * {@code workload} entity ({@code <host>/vdbench/<run>/<rd>}, with the requested xfersize,
 * threads, rdpct, ... as attrs), and each interval row gives that entity's samples at the row's
 * time. Rows vdbench's own parser leaves out are left out here too: the "avg_..." summary rows
 * and the "format_for_..." runs that lay out files before an FSD run.
 *
 * <p>Block workloads (SD/WD) report a total rate and read%; reads and writes are split by read%,
 * and bytes by the same share (exact when all I/Os have one size, as xfersize= asks). File system
 * workloads (FSD/FWD) report Read_rate, Write_rate, MB_read and MB_write, used as they are. MB is
 * vdbench's 1024*1024 bytes; response times are milliseconds. vdbench has no percentiles, so no
 * latency_p99_s.
 */
public final class VdbenchFlatfileImporter {
  private static final double MB = 1024.0 * 1024.0;
  private static final List<String> ATTRS = List.of(
      "xfersize", "threads", "rdpct", "rhpct", "whpct", "seekpct", "reqrate", "lunsize",
      "version", "compratio", "dedupratio");

  private VdbenchFlatfileImporter() {}

  /** For flatfiles with a timestamp column (vdbench 5.04 and later). */
  public static void importFile(Path file, String host, String runId, String testbed,
      Consumer<RecordingRecord> sink) throws IOException {
    importFile(file, host, runId, testbed, null, ZoneOffset.UTC, sink);
  }

  /**
   * @param date the day the run started, for older flatfiles that only have "tod" (null when the
   *     file has a timestamp column)
   * @param zone the zone of tod in such files
   * @throws FioFormatException naming the file and line of what cannot be read
   */
  public static void importFile(Path file, String host, String runId, String testbed,
      LocalDate date, ZoneId zone, Consumer<RecordingRecord> sink) throws IOException {
    try (BoundedLines in = BoundedLines.open(file)) {
      importLines(in, host, runId, testbed, date, zone, sink);
    }
  }

  /** {@link #importFile} of lines from anywhere; errors name {@code in.source()}. */
  static void importLines(BoundedLines in, String host, String runId, String testbed,
      LocalDate date, ZoneId zone, Consumer<RecordingRecord> sink) throws IOException {
    Path file = Path.of(in.source());
    List<VdbenchFlatfile.Row> rows = VdbenchFlatfile.read(in);
    VdbenchTime clock = new VdbenchTime(date, zone);
    Map<String, List<Interval>> byRun = new LinkedHashMap<>();
    for (VdbenchFlatfile.Row row : rows) {
      String run = require(file, row, "Run");
      String interval = require(file, row, "Interval");
      if (isSummary(run, interval)) {
        continue;
      }
      double ts;
      try {
        ts = clock.of(require(file, row, "tod"), row.get("timestamp"));
      } catch (IllegalArgumentException e) {
        throw new FioFormatException(file + ": line " + row.line() + ": " + e.getMessage());
      }
      byRun.computeIfAbsent(run, r -> new ArrayList<>()).add(new Interval(ts, row));
    }
    if (byRun.isEmpty()) {
      throw new FioFormatException(file + ": no interval rows");
    }
    emit(file, host, runId, testbed, byRun, sink);
  }

  /** Rows vdbench's own parser leaves out: "avg_..." summaries and the file-layout runs of FSD. */
  static boolean isSummary(String run, String interval) {
    return interval.startsWith("avg") || run.startsWith("format_for_");
  }

  /** The phase of a run definition whose rows were written at these times (ascending). */
  static double phaseStart(List<Double> rowTimes) {
    return rowTimes.get(0) - intervalLength(rowTimes);
  }

  record Interval(double ts, VdbenchFlatfile.Row row) {}

  private static void emit(Path file, String host, String runId, String testbed,
      Map<String, List<Interval>> byRun, Consumer<RecordingRecord> sink) {
    List<RecordingRecord> body = new ArrayList<>();
    CheckedRecords checked = new CheckedRecords(body::add, file.toString());
    double runStart = Double.MAX_VALUE;
    double runEnd = -Double.MAX_VALUE;
    for (Map.Entry<String, List<Interval>> e : byRun.entrySet()) {
      String id = host + "/vdbench/" + runId + "/" + e.getKey();
      List<Interval> intervals = e.getValue();
      double start = phaseStart(intervals.stream().map(Interval::ts).toList());
      double end = intervals.get(intervals.size() - 1).ts();
      checked.at(file + ": line " + intervals.get(0).row().line());
      checked.accept(new Entity(id, EntityKind.WORKLOAD, e.getKey(), attrs(intervals.get(0).row()), Map.of()));
      checked.accept(new Phase(runId, e.getKey(), start, end));
      for (Interval i : intervals) {
        samples(file, id, i.ts(), i.row(), checked.at(file + ": line " + i.row().line()));
      }
      runStart = Math.min(runStart, start);
      runEnd = Math.max(runEnd, end);
    }
    Map<String, Object> workload = new LinkedHashMap<>();
    workload.put("tool", "vdbench");
    workload.put("runs", List.copyOf(byRun.keySet()));
    workload.put("source", file.getFileName().toString());
    new CheckedRecords(sink, file.toString()).accept(new Run(runId, testbed, runStart, runEnd, workload));
    body.forEach(sink);
  }

  /**
   * A row is written at the end of its interval; the first interval's start is one interval
   * length before it. The length (the RD's interval=) is not in the file: it is the median gap
   * between rows, or 1 s (vdbench's most common setting) for a single row.
   */
  private static double intervalLength(List<Double> rowTimes) {
    if (rowTimes.size() < 2) {
      return 1.0;
    }
    double[] gaps = new double[rowTimes.size() - 1];
    for (int i = 1; i < rowTimes.size(); i++) {
      gaps[i - 1] = rowTimes.get(i) - rowTimes.get(i - 1);
    }
    Arrays.sort(gaps);
    // vdbench prints at whole-second interval ends, give or take a few ms
    return Math.max(1.0, Math.round(gaps[gaps.length / 2]));
  }

  static Map<String, Object> attrs(VdbenchFlatfile.Row row) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("tool", "vdbench");
    for (String key : ATTRS) {
      String v = row.get(key);
      if (v != null && !v.equals("n/a") && !v.equals("?")) {
        out.put(key, FioJobOptions.count(v.endsWith(".0000") ? v.substring(0, v.length() - 5) : v));
      }
    }
    return out;
  }

  /** One interval row's samples of workload {@code id} at {@code ts}. */
  static void samples(Path file, String id, double ts, VdbenchFlatfile.Row r, Consumer<RecordingRecord> out) {
    Values v = new Values(file, r);
    double readIops;
    double writeIops;
    double readBytes;
    double writeBytes;
    if (r.has("Read_rate")) { // a file system workload: per-direction columns
      readIops = v.get("Read_rate");
      writeIops = v.get("Write_rate");
      readBytes = v.get("MB_read") * MB;
      writeBytes = v.get("MB_write") * MB;
    } else {
      double share = v.get("read%") / 100.0;
      double rate = v.get("rate");
      double bytes = v.get("MB/sec") * MB;
      readIops = rate * share;
      writeIops = rate - readIops;
      readBytes = bytes * share;
      writeBytes = bytes - readBytes;
    }
    out.accept(BenchMetrics.READ_IOPS.sample(ts, id, readIops));
    out.accept(BenchMetrics.WRITE_IOPS.sample(ts, id, writeIops));
    out.accept(BenchMetrics.READ_BYTES_PER_S.sample(ts, id, readBytes));
    out.accept(BenchMetrics.WRITE_BYTES_PER_S.sample(ts, id, writeBytes));
    // a direction with no I/O has no mean latency (vdbench prints 0 there)
    if (readIops > 0 && v.optional("read_resp") != null) {
      out.accept(BenchMetrics.READ_LATENCY_S.sample(ts, id, v.optional("read_resp") / 1000.0));
    }
    if (writeIops > 0 && v.optional("write_resp") != null) {
      out.accept(BenchMetrics.WRITE_LATENCY_S.sample(ts, id, v.optional("write_resp") / 1000.0));
    }
  }

  static String require(Path file, VdbenchFlatfile.Row row, String column) {
    String v = row.get(column);
    if (v == null) {
      throw new FioFormatException(file + ": no \"" + column + "\" column");
    }
    return v;
  }

  /** Numeric cells of one row; "n/a" and "?" (no data) are absent, anything else must parse. */
  private record Values(Path file, VdbenchFlatfile.Row row) {
    double get(String column) {
      Double v = optional(column);
      if (v == null) {
        throw new FioFormatException(file + ": line " + row.line() + ": no value for " + column);
      }
      return v;
    }

    Double optional(String column) {
      String v = row.get(column);
      if (v == null || v.equals("n/a") || v.equals("?")) {
        return null;
      }
      double value;
      try {
        value = Double.parseDouble(v);
      } catch (NumberFormatException e) {
        throw new FioFormatException(file + ": line " + row.line() + ": " + column
            + " \"" + v + "\" is not a number");
      }
      if (!Double.isFinite(value)) { // "NaN", "Infinity", or past a double's range ("1e400")
        throw new FioFormatException(file + ": line " + row.line() + ": " + column
            + " \"" + v + "\" is not a finite number");
      }
      return value;
    }
  }
}
