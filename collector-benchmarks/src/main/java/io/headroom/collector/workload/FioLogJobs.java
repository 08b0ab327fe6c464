package io.headroom.collector.workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The jobs of a fio JSON output as the owners of log files. fio numbers its threads from 1 over
 * the whole invocation, in the order the JSON lists them; an entry under group_reporting stands
 * for its numjobs threads, so entry i owns the threads after those of the entries before it.
 */
final class FioLogJobs {
  /** The log options a job names its logs by, and the logs each makes. */
  private static final Map<String, FioLogName.Kind> OPTIONS = new LinkedHashMap<>();

  static {
    OPTIONS.put("write_bw_log", FioLogName.Kind.BW);
    OPTIONS.put("write_iops_log", FioLogName.Kind.IOPS);
    OPTIONS.put("write_lat_log", FioLogName.Kind.CLAT); // also lat and slat, which are not read
    OPTIONS.put("write_hist_log", FioLogName.Kind.HIST);
  }

  private final List<FioJobSnapshot> jobs;
  private final List<String> ids = new ArrayList<>();
  private final List<Integer> firstThread = new ArrayList<>();
  private final List<Integer> threads = new ArrayList<>();

  FioLogJobs(List<FioJobSnapshot> jobs, String host, String runId) {
    this.jobs = jobs;
    FioJobNames names = new FioJobNames(jobs);
    int next = 1;
    for (int i = 0; i < jobs.size(); i++) {
      ids.add(host + "/fio/" + runId + "/" + names.localName(i));
      Object numjobs = FioJobOptions.count(jobs.get(i).options().getOrDefault("numjobs", "1"));
      int n = names.groupReported(i) && numjobs instanceof Long l ? l.intValue() : 1;
      firstThread.add(next);
      threads.add(n);
      next += n;
    }
  }

  List<String> entityIds() {
    return List.copyOf(ids);
  }

  /**
   * The logs the jobs' options name that exist beside {@code json} and were not given; a note
   * for each option whose logs are not there.
   */
  Map<Path, FioLogName> named(Path json, Collection<Path> given, List<String> notes) {
    Path dir = json.toAbsolutePath().getParent();
    Map<Path, FioLogName> out = new LinkedHashMap<>();
    List<Path> givenAbs = given.stream().map(Path::toAbsolutePath).map(Path::normalize).toList();
    Map<String, List<String>> missing = new LinkedHashMap<>();
    for (Map.Entry<String, FioLogName.Kind> o : OPTIONS.entrySet()) {
      for (int i = 0; i < jobs.size(); i++) {
        String value = jobs.get(i).options().get(o.getKey());
        if (value == null) {
          continue;
        }
        String prefix = value.isBlank() ? jobs.get(i).jobname() : value;
        for (int t = firstThread.get(i); t < firstThread.get(i) + threads.get(i); t++) {
          FioLogName name = new FioLogName(prefix, o.getValue(), t);
          Path p = dir.resolve(name.fileName()).normalize();
          if (givenAbs.contains(p)) {
            continue;
          }
          if (Files.isRegularFile(p)) {
            out.put(p, name);
          } else {
            missing.computeIfAbsent(o.getKey() + "=" + value, k -> new ArrayList<>()).add(name.fileName());
          }
        }
      }
    }
    missing.forEach((option, files) -> notes.add(json + ": " + option + " names " + String.join(", ", files)
        + "; not found in " + dir + ": give them as LOG arguments"));
    return out;
  }

  /** The logs grouped by the workload that owns them, each with its start and windows; the others noted. */
  List<FioLogSamples.Workload> workloads(List<FioLogFile> logs, Map<String, Double> starts, Path json,
      List<String> notes) {
    Map<Integer, List<FioLogFile>> byEntry = new LinkedHashMap<>();
    for (FioLogFile f : logs) {
      int entry = entryOf(f.name.thread());
      if (f.name.thread() == null) {
        notes.add(f.path + ": not read: no job number in its name (per_job_logs=0), so not one job's");
      } else if (entry < 0) {
        notes.add(f.path + ": not read: job " + f.name.thread() + " is not in " + json + " ("
            + (firstThread.get(jobs.size() - 1) + threads.get(jobs.size() - 1) - 1) + " jobs)");
      } else if (!starts.containsKey(ids.get(entry))) {
        notes.add(f.path + ": not read: its job did no I/O in " + json);
      } else {
        byEntry.computeIfAbsent(entry, k -> new ArrayList<>()).add(f);
      }
    }
    List<FioLogSamples.Workload> out = new ArrayList<>();
    byEntry.forEach((entry, files) -> {
      Map<FioLogName.Kind, Long> windows = new EnumMap<>(FioLogName.Kind.class);
      for (FioLogName.Kind kind : FioLogName.Kind.values()) {
        windows.put(kind, FioImport.window(jobs.get(entry).options(), files, kind));
      }
      out.add(new FioLogSamples.Workload(ids.get(entry), starts.get(ids.get(entry)), files, windows));
    });
    return out;
  }

  private int entryOf(Integer thread) {
    if (thread == null) {
      return -1;
    }
    for (int i = 0; i < jobs.size(); i++) {
      if (thread >= firstThread.get(i) && thread < firstThread.get(i) + threads.get(i)) {
        return i;
      }
    }
    return -1;
  }
}
