package io.headroom.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * A phase's completion latency as one distribution: the percentiles of all its workloads'
 * histograms merged (fio's clat bins added bin by bin; fio's percentile rule), beside the worst
 * workload's p99 from its own histogram. The benchmark source puts it in the run's workload
 * under "latency", by phase name; docs/verdict-format.md.
 *
 * @param from where the histograms came from ("json+ clat bins", "clat_hist logs")
 */
public record PhaseLatency(Merged merged, @JsonProperty("worst_workload") Worst worstWorkload, String from) {
  /** Percentiles of the merged histogram, seconds; {@code ios} its count, over {@code workloads}. */
  public record Merged(@JsonProperty("p50_s") double p50S, @JsonProperty("p90_s") double p90S,
      @JsonProperty("p99_s") double p99S, @JsonProperty("p99.9_s") double p999S, long ios, int workloads) {}

  /** The workload whose own histogram has the highest p99, and that p99 in seconds. */
  public record Worst(String workload, @JsonProperty("p99_s") double p99S) {}

  /** The run workload's entry for {@code phase}, or null when it has none or it is not of this shape. */
  public static PhaseLatency ofRun(Run run, String phase) {
    if (run == null || !(run.workload().get("latency") instanceof Map<?, ?> byPhase)
        || !(byPhase.get(phase) instanceof Map<?, ?> entry)
        || !(entry.get("merged") instanceof Map<?, ?> m) || !(entry.get("worst_workload") instanceof Map<?, ?> w)) {
      return null;
    }
    try {
      return new PhaseLatency(
          new Merged(num(m, "p50_s"), num(m, "p90_s"), num(m, "p99_s"), num(m, "p99.9_s"),
              (long) num(m, "ios"), (int) num(m, "workloads")),
          new Worst(String.valueOf(w.get("workload")), num(w, "p99_s")),
          String.valueOf(entry.get("from")));
    } catch (IllegalArgumentException e) {
      return null; // not written by the benchmark source: no distribution rather than a wrong one
    }
  }

  private static double num(Map<?, ?> m, String key) {
    if (m.get(key) instanceof Number n) {
      return n.doubleValue();
    }
    throw new IllegalArgumentException(key);
  }
}
