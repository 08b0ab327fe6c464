package io.headroom.collector.workload;

import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
    List<FioStatus> statuses = read(file);
    List<RecordingRecord> records = new ArrayList<>();
    FioIntervalTracker tracker =
        new FioIntervalTracker(host, runId, new RecordedFioTopology(host), records::add);
    statuses.forEach(tracker::accept);
    tracker.finish();
    double end = tracker.lastTs();
    double start = Double.isNaN(tracker.firstStart()) ? end : Math.min(tracker.firstStart(), end);
    Map<String, Object> workload = new LinkedHashMap<>(tracker.workload());
    workload.put("source", file.getFileName().toString());
    sink.accept(new Run(runId, testbed, start, end, workload));
    // a finished file needs no open phases: finish() sent every phase closed
    records.stream().filter(r -> !(r instanceof Phase ph && ph.end() == null)).forEach(sink);
  }

  static List<FioStatus> read(Path file) throws IOException {
    List<FioStatus> out = new ArrayList<>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      FioJsonStream stream = new FioJsonStream(in);
      FioJsonStream.Chunk chunk;
      while ((chunk = stream.next()) != null) {
        out.add(FioChunkParser.parse(chunk, file.toString()));
      }
      if (out.isEmpty()) {
        List<String> noise = stream.noise();
        throw new FioFormatException(file + ": no fio JSON object"
            + (noise.isEmpty() ? " (empty file)" : "; first line: " + noise.get(0)));
      }
    }
    return out;
  }
}
