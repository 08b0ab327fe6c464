package io.headroom.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The verdict for one phase of a run, as complete as the run's: the numbers behind it, every
 * entity's headroom in the phase, the other resources at their ceiling, and the group the limit
 * belongs to. docs/verdict-format.md is the contract.
 *
 * @param entity null when the class is NONE
 * @param reason why NONE, as a name ({@code workload_concurrency}, {@code no_known_ceiling}); null
 *     for every other class
 * @param group the parallel members the limit belongs to, null when it has none
 * @param nextLimit what binds once the limit is lifted; null when it cannot be told
 * @param nextLimitReason why there is no next limit; null when there is one
 * @param subPhase where the limit began when it began inside the phase (the verdict is of the part
 *     after it); null, and absent from the JSON, when the verdict is of the whole phase
 * @param latency the phase's latency as one distribution (its workloads' histograms merged) beside
 *     the worst workload's; null, and absent, when the benchmark gave no histograms
 */
public record PhaseVerdict(
    String name,
    Bottleneck bottleneck,
    String entity,
    double confidence,
    String reason,
    List<String> evidence,
    List<HeadroomEntry> headroom,
    @JsonProperty("co_limits") List<CoLimit> coLimits,
    LimitGroup group,
    @JsonProperty("next_limit") NextLimit nextLimit,
    @JsonProperty("next_limit_reason") String nextLimitReason,
    @JsonProperty("sub_phase") @JsonInclude(JsonInclude.Include.NON_NULL) SubPhase subPhase,
    @JsonInclude(JsonInclude.Include.NON_NULL) PhaseLatency latency) {
  public PhaseVerdict {
    // verdicts stored before these fields existed read back with them absent
    evidence = evidence == null ? List.of() : List.copyOf(evidence);
    headroom = headroom == null ? List.of() : List.copyOf(headroom);
    coLimits = coLimits == null ? List.of() : List.copyOf(coLimits);
  }

  /** What limits the phase as its headline names it (LimitName); written, never read back. */
  @JsonProperty(value = "limit", access = JsonProperty.Access.READ_ONLY)
  public String limit() {
    return LimitName.of(this);
  }

  /** Without a latency distribution, as verdicts stored before it existed. */
  public PhaseVerdict(String name, Bottleneck bottleneck, String entity, double confidence, String reason,
      List<String> evidence, List<HeadroomEntry> headroom, List<CoLimit> coLimits, LimitGroup group,
      NextLimit nextLimit, String nextLimitReason, SubPhase subPhase) {
    this(name, bottleneck, entity, confidence, reason, evidence, headroom, coLimits, group, nextLimit,
        nextLimitReason, subPhase, null);
  }

  /** Of the whole phase (no sub-phase), as verdicts stored before sub-phases existed. */
  public PhaseVerdict(String name, Bottleneck bottleneck, String entity, double confidence, String reason,
      List<String> evidence, List<HeadroomEntry> headroom, List<CoLimit> coLimits, LimitGroup group,
      NextLimit nextLimit, String nextLimitReason) {
    this(name, bottleneck, entity, confidence, reason, evidence, headroom, coLimits, group, nextLimit,
        nextLimitReason, null);
  }

  /** Without a next limit, as verdicts stored before it existed. */
  public PhaseVerdict(String name, Bottleneck bottleneck, String entity, double confidence, String reason,
      List<String> evidence, List<HeadroomEntry> headroom, List<CoLimit> coLimits, LimitGroup group) {
    this(name, bottleneck, entity, confidence, reason, evidence, headroom, coLimits, group, null, null);
  }

  /** The summary alone (class, entity, confidence), as verdicts stored before phases had evidence. */
  public PhaseVerdict(String name, Bottleneck bottleneck, String entity, double confidence) {
    this(name, bottleneck, entity, confidence, null, List.of(), List.of(), List.of(), null);
  }
}
