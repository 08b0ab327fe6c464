package io.headroom.collector.workload;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Turns the sequence of fio JSON objects of one run into records: on first sight of a job its
 * {@code workload} entity and relations; when it starts doing I/O its phases (open); for every
 * object in which its clock advanced, one sample per metric; at {@link #finish()} the closed
 * phases.
 *
 * <p>fio's numbers are cumulative since the job started (io_bytes, total_ios, runtime, clat
 * N and mean, json+ bins), so every rate here is a difference of two readings divided by the
 * difference of the job's own clock (its per-direction "runtime", ms). Using the job clock rather
 * than the wall time between objects means a job that started or stopped mid-interval is not
 * diluted, the samples of a job tile its run exactly (each sample's ts is job start plus clock),
 * and a finished file with only the final summary yields one sample per metric: the whole-job
 * mean.
 */
final class FioIntervalTracker {
  private final String host;
  private final String runId;
  private final FioTopology topology;
  private final Consumer<RecordingRecord> sink;
  private final Map<String, FioJobState> jobs = new LinkedHashMap<>();
  private final Map<String, Double> phaseStart = new LinkedHashMap<>();
  private final Map<String, Double> phaseEnd = new HashMap<>();
  private final Map<Integer, Set<String>> sectionsOfGroup = new TreeMap<>();
  private Map<String, Object> workload;
  private String fioVersion;
  private double lastTs = Double.NaN;

  FioIntervalTracker(String host, String runId, FioTopology topology, Consumer<RecordingRecord> sink) {
    this.host = host;
    this.runId = runId;
    this.topology = topology;
    this.sink = sink;
  }

  /** Takes the next object fio printed, in order. */
  void accept(FioStatus status) {
    register(status);
    lastTs = status.ts();
    List<FioJobState> states = statesOf(status);
    anchorNewlyStarted(status, states);
    for (int i = 0; i < states.size(); i++) {
      emitInterval(status.jobs().get(i), states.get(i));
    }
  }

  /** Emits every phase that saw I/O, closed, in the order they started. */
  void finish() {
    phaseStart.entrySet().stream()
        .sorted(Map.Entry.<String, Double>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
        .forEach(e -> sink.accept(
            new Phase(runId, e.getKey(), e.getValue(), phaseEnd.getOrDefault(e.getKey(), e.getValue()))));
  }

  /** The run's workload from the first object (null before one arrived). */
  Map<String, Object> workload() {
    return workload;
  }

  /** The workload entity ids, in fio's job order. */
  List<String> workloadIds() {
    return jobs.values().stream().map(s -> s.entityId).toList();
  }

  /** When the earliest job began I/O, or NaN before any did. */
  double firstStart() {
    return phaseStart.values().stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  /** The time of the last object, or NaN before one arrived. */
  double lastTs() {
    return lastTs;
  }

  /**
   * Sends the entities and relations of the jobs in fio's first object (fio lists every job of
   * the run in every object, started or not); later calls do nothing. {@link #accept} calls it,
   * a caller that wants the workload before the first samples calls it first.
   */
  void register(FioStatus status) {
    if (workload != null) {
      return;
    }
    fioVersion = status.fioVersion();
    FioJobNames names = new FioJobNames(status.jobs());
    List<Map<String, Object>> attrsOfJobs = new ArrayList<>();
    for (int i = 0; i < status.jobs().size(); i++) {
      FioJobSnapshot job = status.jobs().get(i);
      String id = host + "/fio/" + runId + "/" + names.localName(i);
      FioJobState state = new FioJobState(id, names.section(i), job.groupid());
      jobs.put(names.key(i), state);
      sectionsOfGroup.computeIfAbsent(job.groupid(), g -> new LinkedHashSet<>()).add(state.section);
      Map<String, Object> attrs = entityAttrs(job, names.groupReported(i));
      attrsOfJobs.add(attrs);
      sink.accept(new Entity(id, EntityKind.WORKLOAD, names.localName(i), attrs, Map.of()));
      topology.targets(job.options()).forEach(disk -> sink.accept(new Relation(id, Rel.TARGETS, disk)));
      topology.runsOn(job.options()).forEach(cpu -> sink.accept(new Relation(id, Rel.RUNS_ON, cpu)));
    }
    workload = FioWorkload.of(attrsOfJobs, fioVersion);
  }

  private static Map<String, Object> entityAttrs(FioJobSnapshot job, boolean groupReported) {
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("tool", "fio");
    attrs.put("jobname", job.jobname());
    attrs.put("groupid", job.groupid());
    if (groupReported) {
      attrs.put("group_reporting", true);
    }
    attrs.putAll(FioJobOptions.attrs(job.options()));
    // How many fio jobs this entity stands for: a clone is one job of its section's numjobs, a
    // group_reporting entry all of them. Without it, outstanding I/O (jobs x iodepth) would count
    // every clone's section numjobs again.
    attrs.put("jobs", groupReported ? attrs.get("numjobs") : 1L);
    return attrs;
  }

  private List<FioJobState> statesOf(FioStatus status) {
    FioJobNames names = new FioJobNames(status.jobs());
    List<FioJobState> out = new ArrayList<>();
    for (int i = 0; i < status.jobs().size(); i++) {
      FioJobState s = jobs.get(names.key(i));
      if (s == null) {
        // fio prints the same jobs every time; a job it did not print at first has no entity
        throw new FioFormatException("fio job " + names.key(i).replace('\0', '/')
            + " appeared after the first report");
      }
      out.add(s);
    }
    return out;
  }

  /**
   * Dates the jobs that did I/O for the first time in this object. fio runs stonewalled groups one
   * after the other, so walking the groups from the newest back, each newly started group ended
   * where the next one began (the newest one ends now) and began its clock earlier. In a live run
   * this is just "now minus clock"; in a finished file holding only the summary it rebuilds the
   * step boundaries (setup time between steps, such as laying out files, is not seen).
   */
  private void anchorNewlyStarted(FioStatus status, List<FioJobState> states) {
    TreeMap<Integer, List<Integer>> byGroup = new TreeMap<>();
    for (int i = 0; i < states.size(); i++) {
      if (states.get(i).started || status.jobs().get(i).clockMs() > 0) {
        byGroup.computeIfAbsent(states.get(i).groupid, g -> new ArrayList<>()).add(i);
      }
    }
    double cursor = status.ts();
    for (List<Integer> group : byGroup.descendingMap().values()) {
      double groupStart = cursor;
      for (int i : group) {
        FioJobState s = states.get(i);
        FioJobSnapshot job = status.jobs().get(i);
        if (!s.started) {
          s.started = true;
          s.start = job.jobStartMs() != null
              ? job.jobStartMs() / 1000.0 : cursor - job.clockMs() / 1000.0;
          openPhases(s);
        }
        groupStart = Math.min(groupStart, s.start);
      }
      cursor = groupStart;
    }
  }

  private void openPhases(FioJobState s) {
    List<String> names = new ArrayList<>(List.of(s.section));
    if (sectionsOfGroup.size() > 1 && sectionsOfGroup.get(s.groupid).size() > 1) {
      names.add("step " + s.groupid);
    }
    for (String name : names) {
      Double known = phaseStart.get(name);
      if (known == null || s.start < known) {
        phaseStart.put(name, s.start);
        sink.accept(new Phase(runId, name, s.start, null));
      }
    }
  }

  private void emitInterval(FioJobSnapshot job, FioJobState s) {
    if (!s.started) {
      return;
    }
    if (job.clockMs() < s.clockMs || job.totalIos() < s.read.totalIos() + s.write.totalIos()) {
      // counters went back: fio reset its stats (ramp_time over); count from here
      s.start = lastTs - job.clockMs() / 1000.0;
      s.clockMs = 0;
      s.read = FioDirStats.ZERO;
      s.write = FioDirStats.ZERO;
    }
    double dt = (job.clockMs() - s.clockMs) / 1000.0;
    if (dt <= 0) {
      return; // the job did nothing since the last object: finished, or not yet ticking
    }
    double ts = s.start + job.clockMs() / 1000.0;
    direction(ts, dt, s.entityId, READ, job.read(), s.read);
    direction(ts, dt, s.entityId, WRITE, job.write(), s.write);
    Double p99 = p99(job, s);
    if (p99 != null) {
      sink.accept(BenchMetrics.LATENCY_P99_S.sample(ts, s.entityId, p99 / 1e9));
    }
    s.clockMs = job.clockMs();
    s.read = job.read();
    s.write = job.write();
    for (String name : List.of(s.section, "step " + s.groupid)) {
      if (phaseStart.containsKey(name)) {
        phaseEnd.merge(name, s.end(), Math::max);
      }
    }
  }

  /** One direction's metrics (fio reports reads and writes alike). */
  private record Direction(MetricDef iops, MetricDef bytes, MetricDef latency) {}

  private static final Direction READ =
      new Direction(BenchMetrics.READ_IOPS, BenchMetrics.READ_BYTES_PER_S, BenchMetrics.READ_LATENCY_S);
  private static final Direction WRITE =
      new Direction(BenchMetrics.WRITE_IOPS, BenchMetrics.WRITE_BYTES_PER_S, BenchMetrics.WRITE_LATENCY_S);

  private void direction(double ts, double dt, String id, Direction dir, FioDirStats now, FioDirStats before) {
    sink.accept(dir.iops().sample(ts, id, (now.totalIos() - before.totalIos()) / dt));
    sink.accept(dir.bytes().sample(ts, id, (now.ioBytes() - before.ioBytes()) / dt));
    long n = now.clatN() - before.clatN();
    if (n > 0) {
      double meanNs = (now.clatSumNs() - before.clatSumNs()) / n;
      sink.accept(dir.latency().sample(ts, id, meanNs / 1e9));
    }
  }

  /**
   * From json+ bins: the p99 of exactly the reads and writes completed in this interval. fio
   * leaves a direction's bins out when it did no I/O that way, so a read-only or write-only job
   * has bins on one side only: that side's are the interval's (until 3 December both sides had to
   * have them, and such jobs got fio's p99 since job start). Without bins fio only gives
   * percentiles since job start; the larger of read's and write's is then the best available
   * upper bound.
   */
  private static Double p99(FioJobSnapshot job, FioJobState s) {
    if (job.read().hasBins() || job.write().hasBins()) {
      NavigableMap<Long, Long> interval = ClatHistogram.sum(
          ClatHistogram.delta(binsOrNone(job.read()), binsOrNone(s.read)),
          ClatHistogram.delta(binsOrNone(job.write()), binsOrNone(s.write)));
      Long v = ClatHistogram.percentile(interval, 99.0);
      return v == null ? null : v.doubleValue();
    }
    Double out = null;
    for (FioDirStats[] d : List.of(new FioDirStats[] {job.read(), s.read},
        new FioDirStats[] {job.write(), s.write})) {
      if (d[0].clatN() > d[1].clatN() && d[0].p99Ns() != null) {
        out = out == null ? d[0].p99Ns() : Math.max(out, d[0].p99Ns());
      }
    }
    return out;
  }

  /** A direction's bins, or none when fio printed none for it (no I/O that way). */
  private static NavigableMap<Long, Long> binsOrNone(FioDirStats d) {
    return d.hasBins() ? d.bins() : java.util.Collections.emptyNavigableMap();
  }
}
