package io.headroom.app.dashboards;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.app.testing.StoredRecording;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One committed scenario recording (docs/scenarios), kept in memory so the tests can work out
 * what every panel must show straight from the file, without the database.
 */
final class Scenario {
  final Run run;
  final List<Phase> phases = new ArrayList<>();
  final Map<String, Entity> entities = new LinkedHashMap<>();
  final List<Relation> relations = new ArrayList<>();
  /** entity -> metric -> readings {ts, value} in file order. */
  final Map<String, Map<String, List<double[]>>> series = new LinkedHashMap<>();
  private final List<RecordingRecord> records;

  private Scenario(List<RecordingRecord> records) {
    this.records = records;
    Run found = null;
    for (RecordingRecord r : records) {
      if (r instanceof Run) {
        found = (Run) r;
      } else if (r instanceof Phase) {
        phases.add((Phase) r);
      } else if (r instanceof Entity) {
        entities.put(((Entity) r).id(), (Entity) r);
      } else if (r instanceof Relation) {
        relations.add((Relation) r);
      } else if (r instanceof Sample) {
        Sample s = (Sample) r;
        series.computeIfAbsent(s.entity(), k -> new LinkedHashMap<>())
            .computeIfAbsent(s.metric(), k -> new ArrayList<>()).add(new double[] {s.ts(), s.value()});
      }
    }
    this.run = found;
  }

  static Scenario load(String file) throws Exception {
    Path path = DashboardModel.repoRoot().resolve("docs/scenarios").resolve(file);
    return new Scenario(RecordingReader.readAll(path, false));
  }

  String testbed() {
    return run.testbed();
  }

  Instant start() {
    return Instant.ofEpochMilli(Math.round(run.start() * 1000));
  }

  Instant end() {
    return Instant.ofEpochMilli(Math.round(run.end() * 1000));
  }

  /** Stores the recording the way the analyzer's ingest does: through SampleStore, one batch per entity. */
  void store(Connection c) throws Exception {
    StoredRecording.store(c, records);
  }

  /** What `headroom analyze` says about this recording. */
  Verdict verdict() {
    RunData data = new RunData();
    records.forEach(data::accept);
    return new RunAnalyzer().analyze(data, run.run());
  }

  double[] values(String entity, String metric) {
    return series.get(entity).get(metric).stream().mapToDouble(r -> r[1]).toArray();
  }

  /**
   * Utilisation as design.md defines it, computed here from the file: per metric the p95 (linear
   * interpolation between closest ranks, as percentile_cont) over the ceiling the metric is
   * measured against; the entity's tightest metric counts. Workloads have no ceiling.
   */
  Map<String, Double> utilization() {
    Map<String, Double> out = new LinkedHashMap<>();
    series.forEach((id, metrics) -> {
      Entity e = entities.get(id);
      if (e.kind().equals("workload")) {
        return;
      }
      metrics.forEach((metric, readings) -> {
        double ceiling = ceiling(e, metric);
        if (ceiling > 0) {
          double u = p95(values(id, metric)) / ceiling;
          out.merge(id, u, Math::max);
        }
      });
    });
    return out;
  }

  private static double ceiling(Entity e, String metric) {
    if (metric.equals("util")) {
      return 1.0;
    }
    if (metric.endsWith("bytes_per_s")) {
      return e.capacity().getOrDefault("bytes_per_s", 0.0);
    }
    if (metric.endsWith("iops")) {
      return e.capacity().getOrDefault("iops", 0.0);
    }
    return 0;
  }

  static double p95(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    double rank = 0.95 * (v.length - 1);
    int lo = (int) Math.floor(rank);
    int hi = (int) Math.ceil(rank);
    return v[lo] + (v[hi] - v[lo]) * (rank - lo);
  }

  /** Means of one series in buckets of {@code width} seconds aligned to the epoch, by bucket start. */
  Map<Long, Double> bucketMeans(String entity, String metric, long width) {
    Map<Long, double[]> sums = new java.util.TreeMap<>();
    for (double[] r : series.get(entity).get(metric)) {
      long bucket = (long) Math.floor(r[0] / width) * width;
      double[] s = sums.computeIfAbsent(bucket, k -> new double[2]);
      s[0] += r[1];
      s[1]++;
    }
    Map<Long, Double> out = new java.util.TreeMap<>();
    sums.forEach((b, s) -> out.put(b, s[0] / s[1]));
    return out;
  }
}
