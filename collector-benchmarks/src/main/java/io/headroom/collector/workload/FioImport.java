package io.headroom.collector.workload;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.model.MetricDef;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code headroom import fio OUT.json [LOG...]}: a fio JSON output with the jobs' log files
 * (write_bw_log, write_iops_log, write_lat_log, write_hist_log), or the logs alone.
 *
 * <p>With the JSON, its jobs are the workloads and its phases stand; the logs the jobs' options
 * name (write_iops_log=NAME: NAME_iops.N.log beside the JSON) are found without being given. A
 * log's N is fio's thread number, which counts the jobs of the whole invocation from 1 in the
 * JSON's order (a group_reporting entry stands for its numjobs threads). Where a job has a log,
 * its per-window readings replace the JSON's of the same metrics ({@link FioLogSamples}); the
 * rest of the JSON's readings stay. Without the JSON, see {@link FioLogsOnly}.
 *
 * <p>Everything is read before anything is sent. What the files could not give is said in the
 * notes returned ("one reading per job: ...").
 */
public final class FioImport {
  static final String ONE_READING = "one reading per job: re-run with --status-interval=1 or"
      + " --write_iops_log=NAME --log_avg_msec=1000, or give the log files";

  private FioImport() {}

  /**
   * @param files at most one fio JSON output, and fio log files
   * @param endS logs alone: when the run ended, Unix seconds (null: the newest log's last change)
   * @return notes for the user: logs named but not found, logs not read, too few readings
   * @throws FioFormatException naming the file (and line) that cannot be read
   */
  public static List<String> importFiles(List<Path> files, String host, String runId, String testbed,
      Double endS, Consumer<RecordingRecord> sink) throws IOException {
    Path json = null;
    Map<Path, FioLogName> logs = new LinkedHashMap<>();
    for (Path f : files) {
      var name = FioLogName.parse(f.getFileName().toString());
      if (name.isPresent()) {
        logs.put(f, name.get());
      } else if (json != null) {
        throw new FioFormatException(f + ": not a fio log file name (NAME_bw.N.log, _iops, _clat, _lat, _slat,"
            + " _clat_hist), and " + json + " is already the JSON output: give one JSON and its logs");
      } else {
        json = f;
      }
    }
    List<String> notes = new ArrayList<>();
    if (json == null) {
      FioLogsOnly.importLogs(read(logs, notes), host, runId, testbed, endS, sink);
      return notes;
    }
    JsonNode client = FioClientServerRun.read(json);
    if (client != null) {
      return clientServer(client, json, logs.keySet(), runId, testbed, sink);
    }
    return withJson(json, logs, host, runId, testbed, notes, sink);
  }

  /** A single fio's JSON: its records, with its jobs' logs' windows in place of the readings they cover. */
  private static List<String> withJson(Path json, Map<Path, FioLogName> logs, String host, String runId,
      String testbed, List<String> notes, Consumer<RecordingRecord> sink) throws IOException {
    FioJsonImporter.Replay replay = FioJsonImporter.replay(json, host, runId, testbed);
    FioLogJobs jobs = new FioLogJobs(replay.statuses().get(0).jobs(), host, runId);
    logs.putAll(jobs.named(json, logs.keySet(), notes));
    List<FioLogSamples.Workload> workloads = jobs.workloads(read(logs, notes), replay.tracker().starts(), json, notes);
    Map<String, Set<MetricDef>> covered = covered(workloads);
    if (replay.statuses().size() == 1 && covered.size() < jobs.entityIds().size()) {
      notes.add(json + ": " + ONE_READING);
    }
    sink.accept(withLatency(replay, workloads));
    for (RecordingRecord r : replay.records()) {
      if (!(r instanceof Sample s && covered.getOrDefault(s.entity(), Set.of()).stream()
          .anyMatch(m -> m.name().equals(s.metric())))) {
        sink.accept(r);
      }
    }
    workloads.forEach(w -> FioLogSamples.emit(w, sink));
    return notes;
  }

  /** Per workload, the metrics its logs give. */
  private static Map<String, Set<MetricDef>> covered(List<FioLogSamples.Workload> workloads) {
    Map<String, Set<MetricDef>> out = new LinkedHashMap<>();
    for (FioLogSamples.Workload w : workloads) {
      for (FioLogFile f : w.logs()) {
        out.computeIfAbsent(w.entityId(), k -> new LinkedHashSet<>()).addAll(FioLogSamples.metricsOf(f.name.kind()));
      }
    }
    return out;
  }

  /** A client/server run: each server's jobs on its host ({@link FioClientServerRun}); logs not read. */
  private static List<String> clientServer(JsonNode root, Path json,
      Collection<Path> logs, String runId, String testbed, Consumer<RecordingRecord> sink) {
    List<String> notes = new ArrayList<>();
    List<RecordingRecord> records = FioClientServerRun.records(root, json.toString(), runId, testbed,
        Map.of("source", json.getFileName().toString()));
    if (!logs.isEmpty()) {
      notes.add(json + ": a client/server run: its log files are not read (" + logs.size() + " given)");
    }
    if (FioClientServerRun.summaryOnly(root, json.toString())) {
      notes.add(json + ": " + ONE_READING);
    }
    records.forEach(sink);
    return notes;
  }

  /**
   * The run with one latency distribution per phase ({@link PhaseLatencies}): from the JSON's
   * json+ bins, whole jobs; for a job without them (plain json), from its histogram logs.
   */
  private static Run withLatency(FioJsonImporter.Replay replay, List<FioLogSamples.Workload> workloads) {
    Map<String, NavigableMap<Long, Long>> histograms = new LinkedHashMap<>(replay.tracker().histograms());
    boolean fromJson = !histograms.isEmpty();
    boolean fromLogs = false;
    for (FioLogSamples.Workload w : workloads) {
      NavigableMap<Long, Long> logged = FioLogSamples.histogram(w);
      if (!histograms.containsKey(w.entityId()) && !logged.isEmpty()) {
        histograms.put(w.entityId(), logged);
        fromLogs = true;
      }
    }
    if (!fromLogs) {
      return replay.run();
    }
    Run run = replay.run();
    Map<String, Object> workload = new LinkedHashMap<>(run.workload());
    workload.put(PhaseLatencies.KEY, PhaseLatencies.of(histograms, replay.tracker().phasesOfJobs(),
        fromJson ? "json+ clat bins and clat_hist logs" : "clat_hist logs"));
    return new Run(run.run(), run.testbed(), run.start(), run.end(), workload);
  }

  /** Reads every log; empty ones and lat/slat logs are noted and left out. */
  private static List<FioLogFile> read(Map<Path, FioLogName> logs, List<String> notes) throws IOException {
    List<FioLogFile> out = new ArrayList<>();
    for (Map.Entry<Path, FioLogName> e : logs.entrySet()) {
      FioLogName.Kind kind = e.getValue().kind();
      if (kind == FioLogName.Kind.LAT || kind == FioLogName.Kind.SLAT) {
        notes.add(e.getKey() + ": not read: the latency metrics are completion latency (the _clat log)");
        continue;
      }
      FioLogFile f = FioLogFile.read(e.getKey(), e.getValue());
      if (f.isEmpty()) {
        notes.add(e.getKey() + ": empty" + (kind == FioLogName.Kind.HIST ? " (fio writes histogram rows only with log_hist_msec)" : ""));
      } else {
        out.add(f);
      }
    }
    return out;
  }

  /** The window of a kind of log: the job's log_avg_msec or log_hist_msec, else the median gap between a direction's rows. */
  static long window(Map<String, String> options, List<FioLogFile> logs, FioLogName.Kind kind) {
    String option = options.get(kind == FioLogName.Kind.HIST ? "log_hist_msec" : "log_avg_msec");
    if (option != null && option.trim().matches("\\d{1,9}") && Long.parseLong(option.trim()) > 0) {
      return Long.parseLong(option.trim());
    }
    List<Long> gaps = new ArrayList<>();
    for (FioLogFile f : logs) {
      for (int direction = 0; direction < 3 && f.name.kind() == kind; direction++) {
        List<Long> times = f.times(direction);
        for (int i = 1; i < times.size(); i++) {
          gaps.add(times.get(i) - times.get(i - 1));
        }
      }
    }
    if (gaps.isEmpty()) {
      return 1000;
    }
    gaps.sort(null);
    long median = gaps.get(gaps.size() / 2);
    // fio stamps a window when its timer fires (1000, 2000, 3002 ms): windows are round numbers
    return median >= 100 ? Math.max(100, Math.round(median / 100.0) * 100) : Math.max(1, median);
  }
}
