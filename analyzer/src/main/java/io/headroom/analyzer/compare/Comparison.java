package io.headroom.analyzer.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.headroom.model.Bottleneck;
import java.util.List;

/**
 * Run B against run A, phase by phase: what changed beyond the noise, whether the limit moved,
 * and which resources explain it. docs/verdict-format.md ("The comparison object") is the
 * contract; the field names below are its names.
 */
@JsonPropertyOrder({"a", "b", "phases", "unmatched", "summary"})
public record Comparison(RunRef a, RunRef b, List<PhaseComparison> phases, Unmatched unmatched,
    String summary) {
  public Comparison {
    phases = List.copyOf(phases);
  }

  /**
   * Which run a side is.
   *
   * @param run the first run of the side: the one whose verdict gives the side's limit
   * @param runs every run of the side, {@code run} first; one unless several were compared
   */
  @JsonPropertyOrder({"run", "testbed", "runs"})
  public record RunRef(String run, String testbed, List<String> runs) {
    public RunRef {
      runs = runs == null ? (run == null ? List.of() : List.of(run)) : List.copyOf(runs);
    }

    public RunRef(String run, String testbed) {
      this(run, testbed, null);
    }
  }

  /** Phases found on one side only. */
  public record Unmatched(List<String> a, List<String> b) {
    public Unmatched {
      a = List.copyOf(a);
      b = List.copyOf(b);
    }
  }

  /** Mean and p99 latency in seconds; null where the workloads did not report it. */
  public record Latency(Double mean, Double p99) {}

  /**
   * One side of a matched phase: its limit (from its verdict) and what its workloads did.
   *
   * @param members the limit's group, tightest first; empty when the limit has none
   * @param limitUtilization the limit entity's p95 against its practical ceiling; null for NONE
   */
  @JsonPropertyOrder({"phase", "bottleneck", "entity", "members", "limit_utilization",
      "throughput_bytes_per_s", "iops", "latency_s", "read_share"})
  public record Side(
      String phase,
      Bottleneck bottleneck,
      String entity,
      List<String> members,
      @JsonProperty("limit_utilization") Double limitUtilization,
      @JsonProperty("throughput_bytes_per_s") Double throughputBytesPerS,
      Double iops,
      @JsonProperty("latency_s") Latency latencyS,
      @JsonProperty("read_share") Double readShare) {
    public Side {
      members = List.copyOf(members);
    }
  }

  /**
   * One figure B against A: the ratio of the means and its test (with one run a side the
   * Mann-Whitney test of the per-second samples, significant only beyond the noise floor; with
   * several, Welch's t-test on the run means). Null ratio and p where a side has no readings.
   */
  @JsonPropertyOrder({"ratio", "p_value", "significant"})
  public record Change(Double ratio, @JsonProperty("p_value") Double pValue, boolean significant) {}

  /**
   * @param bName B's name of the phase when it was matched by its workload's parameters
   * @param matchedBy "name" or "parameters"
   * @param change B/A of the phase's throughput (bytes/s when both sides moved bytes, else IOPS)
   * @param changeOf which figure {@code change} is: "throughput_bytes_per_s" or "iops"
   * @param limitMoved the class changed, or the limiting resource did: the entity and the group
   *     members at their ceiling on one side share none with the other side's
   * @param noise what decided {@code significant}: the noise floor or the runs
   */
  @JsonPropertyOrder({"name", "b_name", "matched_by", "a", "b", "change", "change_of", "p_value",
      "significant", "limit_moved", "metrics", "explanation", "noise"})
  public record PhaseComparison(
      String name,
      @JsonProperty("b_name") @JsonInclude(JsonInclude.Include.NON_NULL) String bName,
      @JsonProperty("matched_by") String matchedBy,
      Side a,
      Side b,
      Double change,
      @JsonProperty("change_of") String changeOf,
      @JsonProperty("p_value") Double pValue,
      boolean significant,
      @JsonProperty("limit_moved") boolean limitMoved,
      Metrics metrics,
      List<String> explanation,
      Noise noise) {
    public PhaseComparison {
      explanation = List.copyOf(explanation);
    }
  }

  /** Every figure's change. */
  @JsonPropertyOrder({"throughput_bytes_per_s", "iops", "latency_mean_s", "latency_p99_s"})
  public record Metrics(
      @JsonProperty("throughput_bytes_per_s") Change throughputBytesPerS,
      Change iops,
      @JsonProperty("latency_mean_s") Change latencyMeanS,
      @JsonProperty("latency_p99_s") Change latencyP99S) {}

  /**
   * What decided a phase's significance (docs/detection.md, section 7).
   *
   * @param basis "noise_floor" with one run a side (a change must exceed the floor, and p over the
   *     per-second samples be below 0.05), "runs" with several a side (Welch's t-test on the run means)
   * @param floor the noise floor, a share (0.03 for 3%)
   * @param floorFrom where the floor was set: "default", "testbed" or "command"
   * @param runsA how many runs side A has of this phase
   * @param spreadA the standard deviation of A's run means of the headline figure over their mean;
   *     null with one run
   * @param withinNoise the headline figure has a change that is not significant
   * @param runsNeeded runs a side that would resolve the change found (5% two-sided, 80% power),
   *     when it is within noise; with one run a side the runs are taken to scatter by half the
   *     floor (the floor as two standard deviations of a rerun). Null otherwise
   */
  @JsonPropertyOrder({"basis", "floor", "floor_from", "runs_a", "runs_b", "spread_a", "spread_b",
      "within_noise", "runs_needed"})
  public record Noise(
      String basis,
      double floor,
      @JsonProperty("floor_from") String floorFrom,
      @JsonProperty("runs_a") int runsA,
      @JsonProperty("runs_b") int runsB,
      @JsonProperty("spread_a") Double spreadA,
      @JsonProperty("spread_b") Double spreadB,
      @JsonProperty("within_noise") boolean withinNoise,
      @JsonProperty("runs_needed") Integer runsNeeded) {}
}
