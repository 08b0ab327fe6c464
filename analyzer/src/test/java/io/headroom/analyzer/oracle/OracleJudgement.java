package io.headroom.analyzer.oracle;

import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.NextLimit;
import io.headroom.model.PhaseVerdict;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One phase's verdict against the oracle's truth: the class and entity (any member of the
 * limiting resource), the next limit (class and entity, any member), and its gain within
 * GAIN_TOLERANCE of the ratio of the two bounds.
 */
record OracleJudgement(OracleTestbed testbed, int phase, OracleTruth truth, PhaseVerdict verdict) {
  /** 10%: the bar; the bounds' ratio is exact, the verdict's from p95s of noisy readings. */
  static final double GAIN_TOLERANCE = 0.10;

  boolean verdictRight() {
    if (truth.limit() == null) {
      return verdict.bottleneck() == Bottleneck.NONE;
    }
    return truth.limits().stream().anyMatch(r -> verdict.bottleneck() == r.bottleneck() && r.named(verdict.entity()));
  }

  boolean nextRight() {
    NextLimit n = verdict.nextLimit();
    List<Resource> nexts = truth.nexts(verdict.entity());
    if (nexts.isEmpty()) {
      return n == null;
    }
    return n != null && nexts.stream().anyMatch(r -> n.bottleneck() == r.bottleneck() && r.named(n.entity()));
  }

  /**
   * True when the oracle's next limit has a ceiling in the recording (a CPU's utilisation, a link's
   * or port's capacity, a disk's spec): a drive pool without a spec cannot be named by anyone
   * reading the recording, so next limits are also counted over the phases where it can.
   */
  boolean nextObservable() {
    for (Resource r : truth.nexts(verdict.entity())) {
      boolean all = true;
      for (String id : r.members()) {
        Entity e = testbed.entities.get(id);
        boolean cpu = e != null && Set.of("host_cpu", "cpu_socket", "array_cpu", "cpu").contains(e.kind());
        boolean capacity = e != null && (e.capacity().containsKey("bytes_per_s") || e.capacity().containsKey("iops"));
        all &= cpu || capacity;
      }
      if (all) {
        return true;
      }
    }
    return false;
  }

  boolean gainRight() {
    NextLimit n = verdict.nextLimit();
    if (truth.nexts(verdict.entity()).isEmpty()) {
      return n == null;
    }
    return n != null && Math.abs(n.gain() / oracleGain() - 1) <= GAIN_TOLERANCE;
  }

  /** The oracle's gain (for NONE its room); 1 when the limit is tied with another resource. */
  private double oracleGain() {
    return truth.limit() != null && !truth.ties().isEmpty() ? 1.0 : truth.gain();
  }

  /**
   * The oracle's next limit has no ceiling in the recording, and the verdict says so rather than
   * guessing: it names a member of it among what may fill before its next limit
   * ({@code unknown_ceilings}), and its own gain is no less than the oracle's (within
   * GAIN_TOLERANCE): "x12 unless o/arr/vol1 fills first" is then true, the x12 a bound the unknown
   * one may cut short. What can be known is right, what cannot is said.
   */
  boolean nextSaidUnknown() {
    NextLimit n = verdict.nextLimit();
    if (n == null || n.unknownCeilings() == null || nextObservable()) {
      return false;
    }
    boolean named = truth.nexts(verdict.entity()).stream()
        .anyMatch(r -> n.unknownCeilings().stream().anyMatch(r::named));
    return named && n.gain() >= oracleGain() * (1 - GAIN_TOLERANCE);
  }

  /** The gain within GAIN_TOLERANCE of the oracle's at the phase's own population (not judged). */
  boolean gainRightAtConcurrency() {
    NextLimit n = verdict.nextLimit();
    return n != null && !Double.isNaN(truth.liftedGain()) && Math.abs(n.gain() / truth.liftedGain() - 1) <= GAIN_TOLERANCE;
  }

  boolean allRight() {
    return verdictRight() && nextRight() && gainRight();
  }

  /** One line: the testbed, what the oracle says, what the verdict said, the busiest stations. */
  String describe() {
    NextLimit n = verdict.nextLimit();
    return String.format(Locale.ROOT, "%s phase %s: oracle %s (X %.0f/s = %.1f%% of the tightest bound), next %s x%.2f%s;"
            + " verdict %s %s, next %s; stations: %s",
        testbed.describe(), testbed.phaseName(phase), truth.limitName(), truth.x(), 100 * truth.share(),
        truth.nextName(), truth.gain(),
        Double.isNaN(truth.liftedGain()) ? "" : String.format(Locale.ROOT, " (x%.2f at this concurrency)", truth.liftedGain()),
        verdict.bottleneck(), verdict.entity(),
        n == null ? "none (" + verdict.nextLimitReason() + ")"
            : String.format(Locale.ROOT, "%s %s x%.2f", n.bottleneck(), n.entity(), n.gain()),
        truth.figures());
  }
}
