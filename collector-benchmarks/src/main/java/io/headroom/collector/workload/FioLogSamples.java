package io.headroom.collector.workload;

import io.headroom.model.MetricDef;
import io.headroom.model.RecordingRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The samples of one workload from its jobs' windowed logs. A workload is one fio job, or a
 * group under group_reporting, whose jobs' logs are added up window by window.
 *
 * <p>Rows are placed on the grid of their window (log_avg_msec, log_hist_msec): row time t ms is
 * window k = round(t / W), and its sample is at the job's start + k x W. fio stamps a window
 * when its timer fires (2003, 3002 ms for 1 s windows), and each direction and job on its own,
 * so the grid is what lets reads and writes, and the jobs of a group, be added. Per window:
 * <ul>
 *   <li>iops log: read_iops and write_iops, fio's values as they are (a direction without a row
 *       did no I/O in that window: 0), summed over the group's jobs;</li>
 *   <li>bw log: read_bytes_per_s and write_bytes_per_s, KiB/s x 1024, summed likewise;</li>
 *   <li>clat log: read_latency_s and write_latency_s, ns / 1e9; over a group's jobs the mean
 *       weighted by each job's IOPS of that window when their iops logs are given, else
 *       unweighted;</li>
 *   <li>clat_hist log: latency_p99_s of the window's completions, reads and writes and the
 *       group's jobs together, by fio's rule ({@link ClatHistogram#percentile}).</li>
 * </ul>
 * lat and slat logs are not read: the latency metrics are completion latency (clat).
 */
final class FioLogSamples {
  /** Unix ms from here on: log_unix_epoch=1 stamps rows with the wall clock, not the job's. */
  private static final long EPOCH_MS = 100_000_000_000L;

  /**
   * @param startS when the workload's I/O began, Unix seconds (log times are counted from it)
   * @param windowMs the window of each kind of log, ms
   */
  record Workload(String entityId, double startS, List<FioLogFile> logs, Map<FioLogName.Kind, Long> windowMs) {}

  private FioLogSamples() {}

  /** The metrics a kind of log gives (so the JSON's reading of them can be left out). */
  static Set<MetricDef> metricsOf(FioLogName.Kind kind) {
    return switch (kind) {
      case IOPS -> Set.of(BenchMetrics.READ_IOPS, BenchMetrics.WRITE_IOPS);
      case BW -> Set.of(BenchMetrics.READ_BYTES_PER_S, BenchMetrics.WRITE_BYTES_PER_S);
      case CLAT -> Set.of(BenchMetrics.READ_LATENCY_S, BenchMetrics.WRITE_LATENCY_S);
      case HIST -> Set.of(BenchMetrics.LATENCY_P99_S);
      case LAT, SLAT -> Set.of();
    };
  }

  static void emit(Workload w, Consumer<RecordingRecord> sink) {
    Map<Integer, Map<Long, double[]>> iopsOfJob = new HashMap<>();
    for (FioLogFile f : logs(w, FioLogName.Kind.IOPS)) {
      iopsOfJob.put(f.name.thread(), perWindow(f, window(w, FioLogName.Kind.IOPS)));
    }
    rates(w, FioLogName.Kind.IOPS, 1, BenchMetrics.READ_IOPS, BenchMetrics.WRITE_IOPS, sink);
    rates(w, FioLogName.Kind.BW, 1024, BenchMetrics.READ_BYTES_PER_S, BenchMetrics.WRITE_BYTES_PER_S, sink);
    latency(w, iopsOfJob, sink);
    p99(w, sink);
  }

  private static void rates(Workload w, FioLogName.Kind kind, double scale, MetricDef read, MetricDef write,
      Consumer<RecordingRecord> sink) {
    long window = window(w, kind);
    TreeMap<Long, double[]> sum = new TreeMap<>();
    for (FioLogFile f : logs(w, kind)) {
      perWindow(f, window).forEach((k, v) -> {
        double[] s = sum.computeIfAbsent(k, x -> new double[2]);
        s[0] += v[0];
        s[1] += v[1];
      });
    }
    sum.forEach((k, v) -> {
      double ts = ts(w, k, window);
      sink.accept(read.sample(ts, w.entityId(), v[0] * scale));
      sink.accept(write.sample(ts, w.entityId(), v[1] * scale));
    });
  }

  private static void latency(Workload w, Map<Integer, Map<Long, double[]>> iopsOfJob, Consumer<RecordingRecord> sink) {
    long window = window(w, FioLogName.Kind.CLAT);
    TreeMap<Long, double[]> acc = new TreeMap<>(); // read sum, read weight, write sum, write weight
    for (FioLogFile f : logs(w, FioLogName.Kind.CLAT)) {
      Map<Long, double[]> iops = iopsOfJob.get(f.name.thread());
      Map<Long, double[]> seen = new HashMap<>();
      for (FioLogFile.Row r : f.rows) {
        if (r.direction() < 2) {
          long k = Math.round((double) r.timeMs() / window);
          double[] s = seen.computeIfAbsent(k, x -> new double[4]);
          s[2 * r.direction()] += r.value();
          s[2 * r.direction() + 1]++;
        }
      }
      seen.forEach((k, s) -> {
        double[] a = acc.computeIfAbsent(k, x -> new double[4]);
        for (int d = 0; d < 2; d++) {
          if (s[2 * d + 1] > 0) {
            double mean = s[2 * d] / s[2 * d + 1];
            double weight = iops == null || !iops.containsKey(k) ? 1 : iops.get(k)[d];
            a[2 * d] += mean * weight;
            a[2 * d + 1] += weight;
          }
        }
      });
    }
    acc.forEach((k, a) -> {
      double ts = ts(w, k, window);
      if (a[1] > 0) {
        sink.accept(BenchMetrics.READ_LATENCY_S.sample(ts, w.entityId(), a[0] / a[1] / 1e9));
      }
      if (a[3] > 0) {
        sink.accept(BenchMetrics.WRITE_LATENCY_S.sample(ts, w.entityId(), a[2] / a[3] / 1e9));
      }
    });
  }

  private static void p99(Workload w, Consumer<RecordingRecord> sink) {
    long window = window(w, FioLogName.Kind.HIST);
    TreeMap<Long, NavigableMap<Long, Long>> bins = new TreeMap<>();
    for (FioLogFile f : logs(w, FioLogName.Kind.HIST)) {
      for (FioLogFile.HistRow r : f.histRows) {
        if (r.direction() < 2) {
          long k = Math.round((double) r.timeMs() / window);
          bins.merge(k, r.bins(), ClatHistogram::sum);
        }
      }
    }
    bins.forEach((k, b) -> {
      Long p99 = ClatHistogram.percentile(b, 99.0);
      if (p99 != null) {
        sink.accept(BenchMetrics.LATENCY_P99_S.sample(ts(w, k, window), w.entityId(), p99 / 1e9));
      }
    });
  }

  /** The workload's completions over all its histogram logs' windows, reads and writes (empty without). */
  static NavigableMap<Long, Long> histogram(Workload w) {
    NavigableMap<Long, Long> out = new TreeMap<>();
    for (FioLogFile f : logs(w, FioLogName.Kind.HIST)) {
      for (FioLogFile.HistRow r : f.histRows) {
        if (r.direction() < 2) {
          out = ClatHistogram.sum(out, r.bins());
        }
      }
    }
    return out;
  }

  /** One job's log: per window, its read and write values (the last row of a window counts). */
  private static Map<Long, double[]> perWindow(FioLogFile f, long window) {
    Map<Long, double[]> out = new TreeMap<>();
    for (FioLogFile.Row r : f.rows) {
      if (r.direction() < 2) {
        out.computeIfAbsent(Math.round((double) r.timeMs() / window), k -> new double[2])[r.direction()] = r.value();
      }
    }
    return out;
  }

  private static List<FioLogFile> logs(Workload w, FioLogName.Kind kind) {
    List<FioLogFile> out = new ArrayList<>();
    for (FioLogFile f : w.logs()) {
      if (f.name.kind() == kind) {
        out.add(f);
      }
    }
    return out;
  }

  private static long window(Workload w, FioLogName.Kind kind) {
    return Math.max(1, w.windowMs().getOrDefault(kind, 1000L));
  }

  private static double ts(Workload w, long k, long window) {
    long ms = k * window;
    return ms >= EPOCH_MS ? ms / 1000.0 : w.startS() + ms / 1000.0;
  }
}
