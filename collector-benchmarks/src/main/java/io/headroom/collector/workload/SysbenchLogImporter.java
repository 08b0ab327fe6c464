package io.headroom.collector.workload;

import io.headroom.model.Phase;
import io.headroom.model.input.BoundedLines;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Imports a saved sysbench log (its console output with --report-interval) as a run of one phase.
 * The log holds offsets from the start, not times: the run ends at {@code end} (by default the
 * file's last change, when sysbench finished writing it) and starts the summary's total time
 * before, else the last interval's offset before.
 */
public final class SysbenchLogImporter {
  private SysbenchLogImporter() {}

  /** @throws FioFormatException the log has no interval line (sysbench run without --report-interval) */
  public static void importFile(Path file, String host, String runId, String testbed, Double end,
      Consumer<RecordingRecord> sink) throws IOException {
    try (BoundedLines lines = BoundedLines.open(file)) {
      double stop = end != null ? end : Files.getLastModifiedTime(file).toMillis() / 1000.0;
      importLines(lines, host, runId, testbed, stop, sink);
    }
  }

  /** {@link #importFile} of lines from anywhere, the run ending at {@code stop}; errors name {@code lines.source()}. */
  static void importLines(BoundedLines lines, String host, String runId, String testbed, double stop,
      Consumer<RecordingRecord> sink) throws IOException {
    String file = lines.source();
    SysbenchLog log = new SysbenchLog();
    List<Long> intervalLines = new ArrayList<>();
    String line;
    while ((line = lines.next()) != null) {
      if (log.accept(line) != null) {
        intervalLines.add(lines.lineNumber());
      }
    }
    List<SysbenchLog.Interval> intervals = log.intervals();
    if (intervals.isEmpty()) {
      throw new FioFormatException(file + ": no sysbench interval line (\"[ 1s ] ...\"): run sysbench with --report-interval=1");
    }
    double length = Double.isNaN(log.totalTime()) ? intervals.get(intervals.size() - 1).offset() : log.totalTime();
    double start = stop - length;
    Map<String, Object> workload = new LinkedHashMap<>();
    workload.put("tool", "sysbench");
    if (log.version() != null) {
      workload.put("version", log.version());
    }
    workload.put("source", Path.of(file).getFileName().toString());
    List<RecordingRecord> body = new ArrayList<>();
    CheckedRecords checked = new CheckedRecords(body::add, file);
    checked.accept(new Run(runId, testbed, start, stop, workload));
    checked.accept(new Phase(runId, "sysbench", start, stop));
    SysbenchRecords records = new SysbenchRecords(host, runId, checked);
    for (int i = 0; i < intervals.size(); i++) {
      checked.at(file + ": line " + intervalLines.get(i));
      records.accept(start, intervals.get(i), Map.of("tool", "sysbench"));
    }
    body.forEach(sink);
  }
}
