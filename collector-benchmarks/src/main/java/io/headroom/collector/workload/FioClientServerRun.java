package io.headroom.collector.workload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.input.BoundedLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;

/**
 * The records of a fio client/server run ({@link FioClientStats}): every server's jobs are
 * workloads of that server's host ({@code <host>/fio/<run>/<job>}, running on {@code <host>/cpu}),
 * each server's reports replayed by a tracker of its own, as {@link FioJsonImporter} replays one
 * file. A job section run on several servers is one phase, from the first server's start to the
 * last one's end, and its latency distribution merges every server's jobs.
 */
final class FioClientServerRun {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FioClientServerRun() {}

  /** The client's object in {@code file}, or null when the file's first object is not client/server output. */
  static JsonNode read(Path file) throws IOException {
    try (BoundedLines in = BoundedLines.open(file)) {
      FioJsonStream.Chunk chunk = new FioJsonStream(in).next();
      return chunk == null ? null : parse(chunk);
    }
  }

  /** A framed object that is client/server output, else null. */
  static JsonNode parse(FioJsonStream.Chunk chunk) {
    if (!chunk.text().contains("\"client_stats\"")) {
      return null;
    }
    try {
      JsonNode root = JSON.readTree(chunk.text());
      return FioClientStats.is(root) ? root : null;
    } catch (JsonProcessingException e) {
      return null; // not readable as client output: the ordinary reader says why
    }
  }

  /**
   * @param described the run's workload keys that say where it came from (source, command)
   * @return the run first, then every host's entities, relations and samples, then the phases
   */
  static List<RecordingRecord> records(JsonNode root, String where, String runId, String testbed,
      Map<String, Object> described) {
    Map<String, List<FioStatus>> hosts = FioClientStats.hosts(root, where);
    if (hosts.isEmpty()) {
      throw new FioFormatException(where + ": client_stats holds no server's job");
    }
    List<RecordingRecord> body = new ArrayList<>();
    Map<String, double[]> phases = new LinkedHashMap<>();
    Map<String, NavigableMap<Long, Long>> histograms = new LinkedHashMap<>();
    Map<String, List<String>> phasesOfJobs = new LinkedHashMap<>();
    Map<String, Object> workload = null;
    int jobs = 0;
    for (Map.Entry<String, List<FioStatus>> h : hosts.entrySet()) {
      List<RecordingRecord> records = new ArrayList<>();
      FioIntervalTracker tracker =
          new FioIntervalTracker(h.getKey(), runId, new RecordedFioTopology(h.getKey()), records::add);
      h.getValue().forEach(tracker::accept);
      tracker.finish();
      for (RecordingRecord r : records) {
        if (r instanceof Phase p) {
          if (p.end() != null) {
            phases.merge(p.name(), new double[] {p.start(), p.end()},
                (a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
          }
        } else {
          body.add(r);
        }
      }
      histograms.putAll(tracker.histograms());
      phasesOfJobs.putAll(tracker.phasesOfJobs());
      workload = workload == null ? new LinkedHashMap<>(tracker.workload()) : workload;
      jobs += tracker.workloadIds().size();
    }
    workload.put("jobs", jobs);
    workload.put("hosts", List.copyOf(hosts.keySet()));
    workload.putAll(described);
    PhaseLatencies.addTo(workload, histograms, phasesOfJobs, "json+ clat bins");
    double start = phases.values().stream().mapToDouble(s -> s[0]).min().orElse(Double.NaN);
    double end = phases.values().stream().mapToDouble(s -> s[1]).max().orElse(Double.NaN);
    double ts = root.has("timestamp_ms") ? root.get("timestamp_ms").asDouble() / 1000.0 : root.path("timestamp").asDouble();
    List<RecordingRecord> out = new ArrayList<>();
    out.add(new Run(runId, testbed, Double.isNaN(start) ? ts : start, Double.isNaN(end) ? ts : Math.max(end, ts), workload));
    out.addAll(body);
    phases.forEach((name, span) -> out.add(new Phase(runId, name, span[0], span[1])));
    return out;
  }

  /** Whether every server gave only its final summary (one reading per job). */
  static boolean summaryOnly(JsonNode root, String where) {
    return FioClientStats.hosts(root, where).values().stream().allMatch(reports -> reports.size() == 1);
  }
}
