package io.headroom.collector.workload;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.function.Consumer;

/**
 * fio logs imported without their JSON output. Each log prefix and job number is a workload
 * {@code <host>/fio/<run>/<prefix>.<N>} and each prefix a phase. Log times count from each job's
 * start, which the logs do not give: every job is taken to start together, the run ending at
 * {@code endS} (by default the newest log's last change, when fio wrote it at the job's end) and
 * starting its longest log earlier. Logs stamped with log_unix_epoch=1 carry their own times.
 */
final class FioLogsOnly {
  private FioLogsOnly() {}

  static void importLogs(List<FioLogFile> logs, String host, String runId, String testbed, Double endS,
      Consumer<RecordingRecord> sink) throws IOException {
    if (logs.isEmpty()) {
      throw new FioFormatException("no fio log with readings among the files given");
    }
    long lastMs = 0;
    double newest = 0;
    Map<String, List<FioLogFile>> byJob = new LinkedHashMap<>();
    for (FioLogFile f : logs) {
      lastMs = Math.max(lastMs, f.lastMs());
      newest = Math.max(newest, Files.getLastModifiedTime(f.path).toMillis() / 1000.0);
      String job = f.name.prefix() + (f.name.thread() == null ? "" : "." + f.name.thread());
      byJob.computeIfAbsent(job, k -> new ArrayList<>()).add(f);
    }
    boolean epoch = lastMs >= 100_000_000_000L;
    double end = epoch ? lastMs / 1000.0 : endS != null ? endS : newest;
    double start = epoch ? earliestMs(logs) / 1000.0 : end - lastMs / 1000.0;
    List<RecordingRecord> records = new ArrayList<>();
    Map<String, double[]> phases = new LinkedHashMap<>();
    List<FioLogSamples.Workload> workloads = new ArrayList<>();
    Map<String, NavigableMap<Long, Long>> histograms = new LinkedHashMap<>();
    Map<String, List<String>> phasesOfJobs = new LinkedHashMap<>();
    byJob.forEach((job, files) -> {
      String id = host + "/fio/" + runId + "/" + job;
      String prefix = files.get(0).name.prefix();
      Map<String, Object> attrs = new LinkedHashMap<>();
      attrs.put("tool", "fio");
      attrs.put("jobname", prefix);
      attrs.put("jobs", 1L);
      records.add(new Entity(id, EntityKind.WORKLOAD, job, attrs, Map.of()));
      new RecordedFioTopology(host).runsOn(Map.of()).forEach(cpu -> records.add(new Relation(id, Rel.RUNS_ON, cpu)));
      long jobLast = files.stream().mapToLong(FioLogFile::lastMs).max().orElse(0);
      double jobEnd = epoch ? jobLast / 1000.0 : start + jobLast / 1000.0;
      phases.merge(prefix, new double[] {start, jobEnd}, (a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
      Map<FioLogName.Kind, Long> windows = new EnumMap<>(FioLogName.Kind.class);
      for (FioLogName.Kind kind : FioLogName.Kind.values()) {
        windows.put(kind, FioImport.window(Map.of(), files, kind));
      }
      FioLogSamples.Workload w = new FioLogSamples.Workload(id, start, files, windows);
      workloads.add(w);
      NavigableMap<Long, Long> histogram = FioLogSamples.histogram(w);
      if (!histogram.isEmpty()) {
        histograms.put(id, histogram);
        phasesOfJobs.put(id, List.of(prefix));
      }
    });
    Map<String, Object> workload = new LinkedHashMap<>();
    workload.put("tool", "fio");
    workload.put("source", logs.size() + " log files");
    workload.put("jobs", byJob.size());
    PhaseLatencies.addTo(workload, histograms, phasesOfJobs, "clat_hist logs");
    sink.accept(new Run(runId, testbed, start, end, workload));
    records.forEach(sink);
    phases.forEach((name, span) -> sink.accept(new Phase(runId, name, span[0], span[1])));
    workloads.forEach(w -> FioLogSamples.emit(w, sink));
  }

  private static long earliestMs(List<FioLogFile> logs) {
    long first = Long.MAX_VALUE;
    for (FioLogFile f : logs) {
      for (int direction = 0; direction < 3; direction++) {
        first = Math.min(first, f.times(direction).stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE));
      }
    }
    return first;
  }
}
