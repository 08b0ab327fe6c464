package io.headroom.collector.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One latency distribution per phase: the completion-latency histograms of all the phase's
 * workloads added bin by bin, and its percentiles by fio's own rule (stat.c,
 * calc_clat_percentiles: the value of the first bin at which the running count reaches pct% of
 * the total; {@link ClatHistogram#percentile}), beside the worst workload's p99 from its own
 * histogram. A cluster's p99 is the merged one: the worst workload's p99 overstates it, and no
 * mean of the workloads' percentiles is a percentile of anything.
 *
 * <p>It goes in the run's workload under {@link #KEY}, by phase name (model.PhaseLatency is its
 * shape; the analyzer puts each phase's into the phase's verdict):
 * {@code {"mix": {"merged": {"p50_s", "p90_s", "p99_s", "p99.9_s", "ios", "workloads"},
 * "worst_workload": {"workload", "p99_s"}, "from": "json+ clat bins"}}}.
 */
final class PhaseLatencies {
  static final String KEY = "latency";

  private PhaseLatencies() {}

  /**
   * @param histograms each workload's whole histogram (bin value in ns to count)
   * @param phasesOfJobs the phases each workload counts in
   * @param from where the histograms came from, said in the output
   * @return by phase, in the order phases are first named; empty when no workload has a histogram
   */
  static Map<String, Object> of(Map<String, NavigableMap<Long, Long>> histograms,
      Map<String, List<String>> phasesOfJobs, String from) {
    Map<String, List<String>> workloadsOfPhase = new LinkedHashMap<>();
    phasesOfJobs.forEach((w, phases) -> {
      if (histograms.containsKey(w)) {
        phases.forEach(p -> workloadsOfPhase.computeIfAbsent(p, k -> new ArrayList<>()).add(w));
      }
    });
    Map<String, Object> out = new LinkedHashMap<>();
    workloadsOfPhase.forEach((phase, workloads) -> {
      NavigableMap<Long, Long> merged = new TreeMap<>();
      String worst = null;
      Long worstP99 = null;
      for (String w : workloads) {
        merged = ClatHistogram.sum(merged, histograms.get(w));
        Long p99 = ClatHistogram.percentile(histograms.get(w), 99.0);
        if (p99 != null && (worstP99 == null || p99 > worstP99)) {
          worst = w;
          worstP99 = p99;
        }
      }
      if (worst != null) {
        out.put(phase, entry(merged, workloads.size(), worst, worstP99, from));
      }
    });
    return out;
  }

  /** Puts the phases' distributions in a run's workload under {@link #KEY}, when there are any. */
  static void addTo(Map<String, Object> workload, Map<String, NavigableMap<Long, Long>> histograms,
      Map<String, List<String>> phasesOfJobs, String from) {
    Map<String, Object> latency = of(histograms, phasesOfJobs, from);
    if (!latency.isEmpty()) {
      workload.put(KEY, latency);
    }
  }

  private static Map<String, Object> entry(NavigableMap<Long, Long> merged, int workloads, String worst,
      long worstP99, String from) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("p50_s", seconds(merged, 50));
    m.put("p90_s", seconds(merged, 90));
    m.put("p99_s", seconds(merged, 99));
    m.put("p99.9_s", seconds(merged, 99.9));
    m.put("ios", merged.values().stream().mapToLong(Long::longValue).sum());
    m.put("workloads", workloads);
    Map<String, Object> w = new LinkedHashMap<>();
    w.put("workload", worst);
    w.put("p99_s", worstP99 / 1e9);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("merged", m);
    out.put("worst_workload", w);
    out.put("from", from);
    return out;
  }

  private static double seconds(NavigableMap<Long, Long> bins, double pct) {
    return ClatHistogram.percentile(bins, pct) / 1e9;
  }
}
