package io.headroom.collector.workload;

import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.io.IOException;
import io.headroom.model.input.BoundedLines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Imports a finished fio output file (fio 3.x, --output-format=json or json+, any number of jobs,
 * with or without group_reporting) into the records a live run would have produced.
 *
 * <p>A file made without --status-interval holds one summary per job and no per-second data: each
 * job becomes one sample per metric, its whole-job mean, at the job's end, and its phases span
 * its runtime, dated back from fio's timestamp (see {@link FioIntervalTracker}). A file made with
 * --status-interval (a saved live run) is replayed interval by interval. The file may come from
 * another machine, so relations come from the options alone ({@link RecordedFioTopology}).
 */
public final class FioJsonImporter {
  private FioJsonImporter() {}

  /**
   * Reads the whole file first and sends nothing if any of it is unreadable.
   *
   * @throws FioFormatException naming the file, and the line and column or the JSON path
   * @throws IOException the file cannot be read
   */
  public static void importFile(Path file, String host, String runId, String testbed,
      Consumer<RecordingRecord> sink) throws IOException {
    try (BoundedLines in = BoundedLines.open(file)) {
      importLines(in, host, runId, testbed, sink);
    }
  }

  /** {@link #importFile} of lines from anywhere; errors and the run's "source" name {@code in.source()}. */
  static void importLines(BoundedLines in, String host, String runId, String testbed,
      Consumer<RecordingRecord> sink) throws IOException {
    Replay replay = replay(in, host, runId, testbed);
    new CheckedRecords(sink, in.source()).accept(replay.run());
    replay.records().forEach(sink);
  }

  /**
   * A file's records as {@link #importFile} sends them (its run apart), with what read it: the
   * objects and the tracker (job starts), for {@link FioImport} to add the jobs' logs.
   */
  record Replay(Run run, List<RecordingRecord> records, List<FioStatus> statuses, FioIntervalTracker tracker) {}

  static Replay replay(Path file, String host, String runId, String testbed) throws IOException {
    try (BoundedLines in = BoundedLines.open(file)) {
      return replay(in, host, runId, testbed);
    }
  }

  static Replay replay(BoundedLines in, String host, String runId, String testbed) throws IOException {
    List<FioStatus> statuses = read(in);
    String file = in.source();
    List<RecordingRecord> records = new ArrayList<>();
    CheckedRecords checked = new CheckedRecords(records::add, file);
    FioIntervalTracker tracker = new FioIntervalTracker(host, runId, new RecordedFioTopology(host), checked);
    replay(statuses, tracker, checked);
    checked.at(file);
    tracker.finish();
    double end = tracker.lastTs();
    double start = Double.isNaN(tracker.firstStart()) ? end : Math.min(tracker.firstStart(), end);
    Map<String, Object> workload = new LinkedHashMap<>(tracker.workload());
    workload.put("source", Path.of(file).getFileName().toString());
    PhaseLatencies.addTo(workload, tracker.histograms(), tracker.phasesOfJobs(), "json+ clat bins");
    // a finished file needs no open phases: finish() sent every phase closed
    List<RecordingRecord> closed =
        records.stream().filter(r -> !(r instanceof Phase ph && ph.end() == null)).toList();
    return new Replay(new Run(runId, testbed, start, end, workload), closed, statuses, tracker);
  }

  /** Each status into the tracker; what it makes is checked naming the object it came from. */
  static void replay(List<FioStatus> statuses, FioIntervalTracker tracker, CheckedRecords checked) {
    for (FioStatus status : statuses) {
      checked.at(status.where());
      try {
        tracker.accept(status);
      } catch (FioFormatException e) {
        // the tracker's own refusals ("a job appeared after the first report") know no file: name the object
        throw e.getMessage().startsWith(status.where()) ? e : new FioFormatException(status.where() + ": " + e.getMessage(), e);
      }
    }
  }

  static List<FioStatus> read(Path file) throws IOException {
    try (BoundedLines in = BoundedLines.open(file)) {
      return read(in);
    }
  }

  /** Every fio object of {@code in}; errors name its source. */
  static List<FioStatus> read(BoundedLines in) throws IOException {
    List<FioStatus> out = new ArrayList<>();
    FioJsonStream stream = new FioJsonStream(in);
    FioJsonStream.Chunk chunk;
    while ((chunk = stream.next()) != null) {
      out.add(FioChunkParser.parse(chunk, in.source()));
    }
    if (out.isEmpty()) {
      List<String> noise = stream.noise();
      throw new FioFormatException(in.source() + ": no fio JSON object"
          + (noise.isEmpty() ? " (empty file)" : "; first line: " + noise.get(0)));
    }
    return out;
  }
}
