package io.headroom.collector.workload;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Turns flatfile rows into records as they are read, the same records {@link
 * VdbenchFlatfileImporter} makes from the finished file: each run definition is a workload entity
 * and a phase, each interval row its samples. A phase opens at its first row, with a start one
 * second before it (vdbench's default interval; the rows have not told the length yet), and is
 * sent again closed when the next run definition's first row arrives or the run ends, with the
 * start the importer would give it (the median gap between its rows).
 */
final class VdbenchLiveRun {
  private final Path file;
  private final String host;
  private final String runId;
  private final Consumer<RecordingRecord> sink;
  private final VdbenchTime clock;
  private final double notBefore;
  private final List<String> runDefinitions = new ArrayList<>();
  private String current;
  private final List<Double> currentTimes = new ArrayList<>();

  /**
   * @param notBefore rows written before this (Unix seconds) are a previous run's, left in the
   *     output directory: skipped
   * @param today and {@code zone}: the date of "tod" in flatfiles without a timestamp column
   */
  VdbenchLiveRun(Path file, String host, String runId, double notBefore, LocalDate today, ZoneId zone,
      Consumer<RecordingRecord> sink) {
    this.file = file;
    this.host = host;
    this.runId = runId;
    this.notBefore = notBefore;
    this.clock = new VdbenchTime(today, zone);
    this.sink = sink;
  }

  /** @throws FioFormatException naming the file and line of a row that cannot be read */
  void accept(VdbenchFlatfile.Row row) {
    String run = VdbenchFlatfileImporter.require(file, row, "Run");
    if (VdbenchFlatfileImporter.isSummary(run, VdbenchFlatfileImporter.require(file, row, "Interval"))) {
      return;
    }
    double ts;
    try {
      ts = clock.of(VdbenchFlatfileImporter.require(file, row, "tod"), row.get("timestamp"));
    } catch (IllegalArgumentException e) {
      throw new FioFormatException(file + ": line " + row.line() + ": " + e.getMessage());
    }
    if (ts < notBefore) {
      return;
    }
    if (!run.equals(current)) {
      closePhase();
      open(run, ts, row);
    }
    currentTimes.add(ts);
    VdbenchFlatfileImporter.samples(file, workloadId(run), ts, row, sink);
  }

  /** Closes the phase still open; call once the flatfile was read to its end. */
  void finish() {
    closePhase();
  }

  /** The run definitions seen, in order. */
  List<String> runDefinitions() {
    return List.copyOf(runDefinitions);
  }

  private void open(String run, double firstRow, VdbenchFlatfile.Row row) {
    current = run;
    runDefinitions.add(run);
    sink.accept(new Entity(workloadId(run), EntityKind.WORKLOAD, run, VdbenchFlatfileImporter.attrs(row), Map.of()));
    sink.accept(new Phase(runId, run, firstRow - 1.0, null));
  }

  private void closePhase() {
    if (current == null) {
      return;
    }
    sink.accept(new Phase(runId, current, VdbenchFlatfileImporter.phaseStart(currentTimes),
        currentTimes.get(currentTimes.size() - 1)));
    current = null;
    currentTimes.clear();
  }

  private String workloadId(String run) {
    return host + "/vdbench/" + runId + "/" + run;
  }
}
