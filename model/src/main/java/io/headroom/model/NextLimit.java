package io.headroom.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.util.List;

/**
 * What would bind once a phase's limit is lifted, and how much throughput lifting it buys (for a
 * NONE phase: what the workload would fill first if pushed, and its room). docs/detection.md,
 * section 8, says how it is computed.
 *
 * @param entity the resource's tightest member
 * @param members every member when the resource is a group of parallel members (the disks, ports
 *     or CPUs that share the load), tightest first; null when it stands alone
 * @param gain the phase's throughput multiplier until it binds: 1.6 means +60%
 * @param evidence sentences with the figures the gain comes from
 * @param unknownCeilings the resources on the path whose ceiling the recording does not hold and
 *     that could fill before this one (a volume without a spec whose busy time cannot rule it out):
 *     the gain holds only if they keep up; null, and absent, when there is none
 */
public record NextLimit(Bottleneck bottleneck, String entity, List<String> members, double gain,
    List<String> evidence,
    @JsonProperty("unknown_ceilings") @JsonInclude(JsonInclude.Include.NON_NULL) List<String> unknownCeilings) {
  public NextLimit {
    members = members == null ? null : List.copyOf(members);
    evidence = evidence == null ? List.of() : List.copyOf(evidence);
    unknownCeilings = unknownCeilings == null || unknownCeilings.isEmpty() ? null : List.copyOf(unknownCeilings);
  }

  /** A next limit with nothing unknown that could fill before it. */
  public NextLimit(Bottleneck bottleneck, String entity, List<String> members, double gain, List<String> evidence) {
    this(bottleneck, entity, members, gain, evidence, null);
  }

  /**
   * "DISK s4/nvme*n1 at 1.6x (s4/nvme0n1 would be full at ...)": the class, the resource (its
   * members' common name when a group), the gain, what could fill first with its ceiling not
   * recorded ("unless o/arr/vol1 (ceiling not recorded) fills first") and the first evidence sentence.
   */
  public String summary() {
    return bottleneck + " " + named() + " at " + BigDecimal.valueOf(gain).stripTrailingZeros().toPlainString() + "x"
        + (unknownCeilings == null ? "" : " unless " + String.join(" or ", unknownCeilings)
            + " (ceiling not recorded) fills first")
        + (evidence.isEmpty() ? "" : " (" + evidence.get(0) + ")");
  }

  /** The entity, or for a group its members' common start and end around a star: "s4/nvme*n1". */
  public String named() {
    if (members == null || members.size() < 2) {
      return entity;
    }
    String first = members.get(0);
    int prefix = first.length();
    int suffix = first.length();
    for (String m : members) {
      prefix = Math.min(prefix, common(first, m, true));
      suffix = Math.min(suffix, common(first, m, false));
    }
    suffix = Math.min(suffix, first.length() - prefix);
    return first.substring(0, prefix) + "*" + first.substring(first.length() - suffix);
  }

  /** Length of the common start (or end) of two names. */
  private static int common(String a, String b, boolean start) {
    int n = 0;
    int max = Math.min(a.length(), b.length());
    while (n < max && (start ? a.charAt(n) == b.charAt(n)
        : a.charAt(a.length() - 1 - n) == b.charAt(b.length() - 1 - n))) {
      n++;
    }
    return n;
  }
}
