package io.headroom.collector.workload;

import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
    SysbenchLog log = new SysbenchLog();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      log.accept(line);
    }
    List<SysbenchLog.Interval> intervals = log.intervals();
    if (intervals.isEmpty()) {
      throw new FioFormatException(file + ": no sysbench interval line (\"[ 1s ] ...\"): run sysbench with --report-interval=1");
    }
    double stop = end != null ? end : Files.getLastModifiedTime(file).toMillis() / 1000.0;
    double length = Double.isNaN(log.totalTime()) ? intervals.get(intervals.size() - 1).offset() : log.totalTime();
    double start = stop - length;
    Map<String, Object> workload = new LinkedHashMap<>();
    workload.put("tool", "sysbench");
    if (log.version() != null) {
      workload.put("version", log.version());
    }
    workload.put("source", file.getFileName().toString());
    List<RecordingRecord> body = new ArrayList<>();
    SysbenchRecords records = new SysbenchRecords(host, runId, body::add);
    intervals.forEach(i -> records.accept(start, i, Map.of("tool", "sysbench")));
    sink.accept(new Run(runId, testbed, start, stop, workload));
    sink.accept(new Phase(runId, "sysbench", start, stop));
    body.forEach(sink);
  }
}
